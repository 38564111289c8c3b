import { showToast } from '../../../app/toast.ts';
import { useTranslation } from '../../../i18n/index.ts';
import { copyText } from '../../invitations/clipboard.ts';
import { ZoneGlyph } from './glyphs.tsx';
import '../../../i18n/zones.ts';

/**
 * A command or settings to type on a server, as a code block with a copy button. Where
 * the browser cannot copy, the toast says to select the text, which stays selectable.
 */
export function CopyBlock({ text, label, testId }: { text: string; label: string; testId: string }) {
  const { t } = useTranslation();
  const copy = () => void copyText(text).then((ok) => showToast(ok ? t('zones.copy.copied') : t('zones.copy.failed')));
  return (
    <figure className="zone-code" data-testid={testId}>
      <figcaption className="zone-code-head">
        <span>{label}</span>
        <button
          type="button"
          className="zone-code-copy"
          data-testid={`${testId}-copy`}
          aria-label={`${t('zones.copy.button')} ${label}`}
          onClick={copy}
        >
          <ZoneGlyph name="copy" size={16} />
          {t('zones.copy.button')}
        </button>
      </figcaption>
      <pre>
        <code data-testid={`${testId}-text`}>{text}</code>
      </pre>
    </figure>
  );
}
