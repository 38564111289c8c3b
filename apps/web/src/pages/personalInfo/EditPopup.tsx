import { Button, Input, Popup } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from '../../i18n/index.ts';

interface Props {
  title: string;
  initial: string;
  placeholder: string;
  type?: 'text' | 'password';
  maxLength: number;
  /** Answers an error text to show, or undefined when the value is good. */
  validate: (v: string) => string | undefined;
  onSave: (v: string) => Promise<unknown>;
  onClose: () => void;
  testId: string;
}

/** A bottom popup with one field and a save button, for nickname and password. */
export function EditPopup({ title, initial, placeholder, type = 'text', maxLength, validate, onSave, onClose, testId }: Props) {
  const { t } = useTranslation();
  const [value, setValue] = useState(initial);
  const [error, setError] = useState<string>();
  const [saving, setSaving] = useState(false);
  const save = async () => {
    const problem = validate(value);
    setError(problem);
    if (problem) return;
    setSaving(true);
    try {
      await onSave(value);
      onClose();
    } catch {
      // the request wrapper has shown why; the popup stays open with the value
    } finally {
      setSaving(false);
    }
  };
  return (
    <Popup visible onMaskClick={onClose} bodyStyle={{ borderTopLeftRadius: 12, borderTopRightRadius: 12, padding: 16 }}>
      <div style={{ fontWeight: 600, marginBottom: 12 }}>{title}</div>
      <Input data-testid={`${testId}-input`} type={type} value={value} onChange={setValue} placeholder={placeholder} maxLength={maxLength} clearable autoFocus />
      {error && <div style={{ color: 'var(--adm-color-danger)', fontSize: 13, marginTop: 6 }}>{error}</div>}
      <div style={{ display: 'flex', gap: 12, marginTop: 16 }}>
        <Button block onClick={onClose}>{t('common.cancel')}</Button>
        <Button block color="primary" loading={saving} data-testid={`${testId}-save`} onClick={() => void save()}>
          {t('common.save')}
        </Button>
      </div>
    </Popup>
  );
}
