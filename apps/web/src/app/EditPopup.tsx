import { Button, Input, Popup } from 'antd-mobile';
import { clip, Counter, FieldError, useField, useSubmitGuard, nameInput, required, textInput } from './form.tsx';
import { useState } from 'react';
import { useTranslation } from '../i18n/index.ts';

interface Props {
  title: string;
  initial: string;
  placeholder: string;
  type?: 'text' | 'password';
  /** Characters at most: longer input is cut, and text fields show the count. */
  maxLength: number;
  /**
   * A name or free text (docs/decisions.md, "Text that looks empty"): what the input takes
   * and, with `empty`, the message for a value that looks empty. Checked before `validate`.
   */
  text?: { kind: 'name' | 'text'; empty?: string };
  /** Answers an error text to show, or undefined when the value is good. */
  validate?: (v: string) => string | undefined;
  onSave: (v: string) => Promise<unknown>;
  onClose: () => void;
  testId: string;
}

/** A bottom popup with one field and a save button (nickname, password, book name and remark). */
export function EditPopup({ title, initial, placeholder, type = 'text', maxLength, text, validate, onSave, onClose, testId }: Props) {
  const { t } = useTranslation();
  const filter = !text ? clip(maxLength) : text.kind === 'name' ? nameInput(maxLength) : textInput(maxLength);
  const empty = text?.empty === undefined ? undefined : required(text.empty);
  const field = useField(initial, { filter, validate: (v) => empty?.(v) ?? validate?.(v) });
  const [saving, setSaving] = useState(false);
  const guard = useSubmitGuard();
  // On failure the request wrapper has shown why; the popup stays open with the value.
  const save = () => {
    if (!field.check()) return;
    guard(async () => {
      setSaving(true);
      try {
        await onSave(field.value);
        onClose();
      } finally {
        setSaving(false);
      }
    });
  };
  return (
    <Popup visible onMaskClick={onClose} bodyStyle={{ borderTopLeftRadius: 12, borderTopRightRadius: 12, padding: 16 }}>
      <div style={{ fontWeight: 600, marginBottom: 12 }}>{title}</div>
      <div className="field-row">
        <Input
          data-testid={`${testId}-input`}
          type={type}
          value={field.value}
          onChange={field.onChange}
          placeholder={placeholder}
          clearable
          autoFocus
          onEnterPress={save}
          aria-invalid={Boolean(field.error)}
        />
        {type === 'text' && <Counter value={field.value} max={maxLength} />}
      </div>
      <FieldError error={field.error} testId={`${testId}-error`} />
      <div style={{ display: 'flex', gap: 12, marginTop: 16 }}>
        <Button block onClick={onClose}>
          {t('common.cancel')}
        </Button>
        <Button block color="primary" loading={saving} data-testid={`${testId}-save`} onClick={save}>
          {t('common.save')}
        </Button>
      </div>
    </Popup>
  );
}
