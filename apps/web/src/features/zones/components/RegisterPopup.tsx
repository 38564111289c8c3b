import { Button, Popup } from 'antd-mobile';
import { useState } from 'react';
import { Counter, FieldError, nameInput, required, useField, useSubmitGuard } from '../../../app/form.tsx';
import { useCloseOnLeave } from '../../../app/Sheet.tsx';
import { useTranslation } from '../../../i18n/index.ts';
import { useRegisterZone, type RegisteredZone } from '../mutations.ts';
import { ZONE_NAME_MAX, envLines, isZoneUrl, urlInput } from '../rules.ts';
import { CopyBlock } from './CopyBlock.tsx';
import { ZoneGlyph } from './glyphs.tsx';
import '../zones.css';
import '../../../i18n/zones.ts';

/** The form: a name (counted as people see characters) and the server's http(s) address. */
function RegisterForm({ onDone, onCancel }: { onDone: (r: RegisteredZone) => void; onCancel: () => void }) {
  const { t } = useTranslation();
  const register = useRegisterZone();
  const guard = useSubmitGuard();
  const name = useField('', { filter: nameInput(ZONE_NAME_MAX), validate: required(t('zones.register.nameEmpty')) });
  const url = useField('', {
    filter: urlInput,
    validate: (v) => (v.trim() === '' ? t('zones.register.urlEmpty') : isZoneUrl(v) ? undefined : t('zones.register.urlBad')),
  });
  const submit = () => {
    // Both rules run, so every field that breaks one says so at once.
    const ok = [name.check(), url.check()].every(Boolean);
    if (!ok) return;
    // A refusal is toasted by the request wrapper as the server words it; the form keeps its values.
    guard(() => register.mutateAsync({ name: name.value.trim(), base_url: url.value.trim() }).then(onDone));
  };
  return (
    <form
      className="zone-form"
      data-testid="register-form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <label htmlFor="register-name">{t('zones.register.name')}</label>
      <div className="zone-field">
        <input
          id="register-name"
          data-testid="register-name"
          autoComplete="off"
          value={name.value}
          placeholder={t('zones.register.namePlaceholder')}
          aria-invalid={Boolean(name.error)}
          aria-describedby={name.error ? 'register-name-error' : undefined}
          onChange={(e) => name.onChange(e.target.value)}
        />
        <Counter value={name.value} max={ZONE_NAME_MAX} />
      </div>
      <div id="register-name-error">
        <FieldError error={name.error} testId="register-name-error" />
      </div>
      <label htmlFor="register-url">{t('zones.register.url')}</label>
      <div className="zone-field">
        <input
          id="register-url"
          data-testid="register-url"
          type="url"
          inputMode="url"
          autoComplete="url"
          autoCapitalize="none"
          spellCheck={false}
          value={url.value}
          placeholder={t('zones.register.urlPlaceholder')}
          aria-invalid={Boolean(url.error)}
          aria-describedby={url.error ? 'register-url-error' : undefined}
          onChange={(e) => url.onChange(e.target.value)}
        />
      </div>
      <div id="register-url-error">
        <FieldError error={url.error} testId="register-url-error" />
      </div>
      <div className="zone-sheet-actions">
        <Button block onClick={onCancel} data-testid="register-cancel">
          {t('common.cancel')}
        </Button>
        <Button block color="primary" type="submit" loading={register.isPending} data-testid="register-submit">
          {t('zones.register.submit')}
        </Button>
      </div>
    </form>
  );
}

/** After registering: the secret and the start-up settings, this once, to copy. */
function Registered({ result, onDone }: { result: RegisteredZone; onDone: () => void }) {
  const { t } = useTranslation();
  return (
    <div data-testid="register-done">
      <p className="zone-sheet-lead zone-ok-line">
        <ZoneGlyph name="success" size={18} className="zone-ok" />
        {t('zones.register.doneTitle')}
      </p>
      <p className="zone-warn" role="alert" data-testid="register-secret-once">
        <ZoneGlyph name="shield" size={18} />
        <span>{t('zones.register.secretOnce')}</span>
      </p>
      <CopyBlock text={result.secret} label={t('zones.register.secret')} testId="register-secret" />
      <CopyBlock text={envLines(result.env)} label={t('zones.register.env')} testId="register-env" />
      <Button block color="primary" data-testid="register-close" onClick={onDone}>
        {t('zones.register.done')}
      </Button>
    </div>
  );
}

/**
 * The register form popup (SPEC 2): the server's name and address; once registered, its
 * secret and start-up settings, shown this once (the public zone never shows the secret again),
 * with a copy button each. Closing forgets them; the page then shows how to start the
 * server without the secret.
 */
export function RegisterPopup({ visible, onClose }: { visible: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [result, setResult] = useState<RegisteredZone>();
  const close = () => {
    setResult(undefined);
    onClose();
  };
  useCloseOnLeave(visible, close);
  return (
    <Popup
      visible={visible}
      // The secret is not closed away by a stray tap beside the sheet: "I have saved it" closes it.
      onMaskClick={result ? undefined : close}
      onClose={close}
      destroyOnClose
      bodyStyle={{ borderTopLeftRadius: 12, borderTopRightRadius: 12 }}
    >
      <div className="zone-sheet" role="dialog" aria-labelledby="register-title" data-testid="register-popup">
        <h2 className="zone-sheet-title" id="register-title">
          {t('zones.register.popupTitle')}
        </h2>
        {result ? <Registered result={result} onDone={close} /> : <RegisterForm onDone={setResult} onCancel={close} />}
      </div>
    </Popup>
  );
}
