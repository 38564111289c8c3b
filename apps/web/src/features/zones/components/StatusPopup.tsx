import { Button, Popup } from 'antd-mobile';
import { useCloseOnLeave } from '../../../app/Sheet.tsx';
import { Spinner } from '../../../app/Spinner.tsx';
import { useTranslation } from '../../../i18n/index.ts';
import { ZoneGlyph } from './glyphs.tsx';
import '../zones.css';
import '../../../i18n/zones.ts';

export type StatusType = 'submit' | 'success' | 'error';

/**
 * The status popup of SPEC 2's private server page: the application on its way (submit),
 * sent (success), or refused (error, with the server's message as it words it). It cannot
 * be closed while the application is on its way, so the outcome is always seen.
 */
export function StatusPopup({
  type,
  message,
  visible,
  onClose,
}: {
  type: StatusType;
  message: string | undefined;
  visible: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  useCloseOnLeave(visible, onClose);
  const busy = type === 'submit';
  const close = () => {
    if (!busy) onClose();
  };
  return (
    <Popup
      visible={visible}
      onMaskClick={close}
      onClose={close}
      destroyOnClose
      bodyStyle={{ borderTopLeftRadius: 12, borderTopRightRadius: 12 }}
    >
      <div
        className="zone-sheet zone-status"
        role="dialog"
        aria-labelledby="zone-status-title"
        data-testid="private-status"
        data-type={type}
      >
        <h2 className="zone-sheet-title" id="zone-status-title">
          {t('zones.status.title')}
        </h2>
        <div className="zone-status-body" role="status">
          {busy ? (
            <Spinner label={t('zones.status.submit')} />
          ) : (
            <ZoneGlyph name={type === 'success' ? 'success' : 'fail'} size={48} className={type === 'success' ? 'zone-ok' : 'zone-bad'} />
          )}
          <p className="zone-status-title" data-testid="private-status-title">
            {t(`zones.status.${type}`)}
          </p>
          {type === 'success' && <p className="zone-status-text">{t('zones.status.successBody')}</p>}
          {type === 'error' && message && (
            <p className="zone-status-text" data-testid="private-status-message">
              {message}
            </p>
          )}
        </div>
        <Button block color="primary" disabled={busy} data-testid="private-status-close" onClick={close}>
          {t('zones.status.close')}
        </Button>
      </div>
    </Popup>
  );
}
