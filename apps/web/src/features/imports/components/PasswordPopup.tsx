import { Button, Popup } from 'antd-mobile';
import { useEffect } from 'react';
import { FieldError, required, useField, useSubmitGuard } from '../../../app/form.tsx';
import { useCloseOnLeave } from '../../../app/Sheet.tsx';
import { useTranslation } from '../../../i18n/index.ts';
import '../../../i18n/imports.ts';

/** The longest password the server takes (ImportUploadFields). */
const PASSWORD_MAX = 128;

/**
 * Asks for a zip's password (Alipay's and WeChat's bills come so) and sends it with the
 * file again; a wrong one is said under the field in the server's words. The password is
 * only held here: the server never keeps it.
 */
export function PasswordPopup({
  visible,
  wrong,
  busy,
  onSubmit,
  onClose,
}: {
  visible: boolean;
  /** The server's reason when the password sent was wrong. */
  wrong: string | undefined;
  busy: boolean;
  onSubmit: (password: string) => Promise<unknown>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const field = useField('', { filter: (v) => v.slice(0, PASSWORD_MAX), validate: required(t('imports.password.empty')) });
  const guard = useSubmitGuard();
  useCloseOnLeave(visible, onClose);
  const { setError } = field;
  useEffect(() => setError(wrong), [wrong, setError]);
  const submit = () => {
    if (!field.check()) return;
    guard(() => onSubmit(field.value));
  };
  return (
    <Popup visible={visible} onMaskClick={onClose} onClose={onClose} bodyStyle={{ borderTopLeftRadius: 12, borderTopRightRadius: 12 }}>
      <form
        className="import-popup"
        data-testid="import-password"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <h2 className="import-popup-title">{t('imports.password.title')}</h2>
        <p className="import-popup-hint">{t('imports.password.hint')}</p>
        <label className="import-label" htmlFor="import-password-input">
          {t('imports.password.label')}
        </label>
        <input
          id="import-password-input"
          className="import-input"
          data-testid="import-password-input"
          type="password"
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          placeholder={t('imports.password.placeholder')}
          value={field.value}
          onChange={(e) => field.onChange(e.target.value)}
        />
        <FieldError error={field.error} testId="import-password-error" />
        <div className="import-popup-actions">
          <Button fill="outline" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button color="primary" type="submit" loading={busy} data-testid="import-password-submit">
            {t('imports.password.submit')}
          </Button>
        </div>
      </form>
    </Popup>
  );
}
