import { PRIVATE_MOVE_PRICE } from '@cab/contracts/client';
import { Button, Popup } from 'antd-mobile';
import { useState } from 'react';
import { useSubmitGuard } from '../../../app/form.tsx';
import { useCloseOnLeave } from '../../../app/Sheet.tsx';
import { showToast } from '../../../app/toast.ts';
import { useTranslation } from '../../../i18n/index.ts';
import { formatAmount } from '../../../lib/format.ts';
import { useMoveToPrivate } from '../mutations.ts';
import { ZoneGlyph } from './glyphs.tsx';
import '../zones.css';
import '../../../i18n/zones.ts';

/**
 * The pay scheme, folded until asked for (SPEC 2: "fold and unfold"): what this move costs
 * as the server says (the first is free: SPEC 9's 首单免费, shown on the fold itself so it
 * is seen folded too), that it is paid from the wallet when it starts and given back when
 * it does not finish, and what later moves cost (moving back is free).
 */
function PayScheme({ firstFree, price }: { firstFree: boolean; price: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <section className="zone-scheme" data-testid="migrate-scheme" data-open={open}>
      <button
        type="button"
        className="zone-scheme-toggle"
        aria-expanded={open}
        aria-controls="migrate-scheme-body"
        data-testid="migrate-scheme-toggle"
        onClick={() => setOpen((o) => !o)}
      >
        <span className="zone-scheme-name">{t('zones.popup.scheme')}</span>
        {firstFree && (
          <span className="zone-free" data-testid="migrate-free">
            {t('zones.popup.freeLabel')}
          </span>
        )}
        <ZoneGlyph name="fold" size={18} className={open ? 'zone-fold open' : 'zone-fold'} />
      </button>
      {open && (
        <div className="zone-scheme-body" id="migrate-scheme-body" data-testid="migrate-scheme-body">
          <p className="zone-price">
            <span>{t('zones.popup.price')}</span>
            <span>
              <strong data-testid="migrate-price">{formatAmount(price)}</strong> {t('zones.popup.unit')}
            </span>
          </p>
          {firstFree && <p>{t('zones.popup.freeBody')}</p>}
          {Number(price) > 0 && <p>{t('zones.popup.paidBody')}</p>}
          <p>{t('zones.popup.later', { price: formatAmount(PRIVATE_MOVE_PRICE) })}</p>
        </div>
      )}
    </section>
  );
}

/**
 * The migration popup (SPEC 2): which book goes to which server, the pay scheme (folded),
 * what moves and what stays (orders and the wallet are money: they stay in the public
 * cloud), and that the book is read-only while it moves; "start" begins the move (and pays
 * for it), after which the page shows its progress. Only the owner reaches it (the page offers no button
 * to anyone else); the server's refusal is toasted as it words it.
 */
export function MigratePopup({
  bookId,
  bookName,
  zone,
  firstFree,
  price,
  visible,
  onClose,
}: {
  bookId: string;
  bookName: string;
  zone: { id: string; name: string };
  firstFree: boolean;
  /** What this move costs in banana shells, as the book's zone state says ('0.00' on the first). */
  price: string;
  visible: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  useCloseOnLeave(visible, onClose);
  const move = useMoveToPrivate(bookId);
  const guard = useSubmitGuard();
  const start = () =>
    guard(() =>
      move.mutateAsync(zone.id).then(() => {
        showToast(t('zones.popup.started'));
        onClose();
      }),
    );
  return (
    <Popup
      visible={visible}
      onMaskClick={onClose}
      onClose={onClose}
      destroyOnClose
      bodyStyle={{ borderTopLeftRadius: 12, borderTopRightRadius: 12 }}
    >
      <div className="zone-sheet" role="dialog" aria-labelledby="migrate-title" data-testid="migrate-popup">
        <h2 className="zone-sheet-title" id="migrate-title">
          {t('zones.popup.title')}
        </h2>
        <p className="zone-sheet-lead" data-testid="migrate-route">
          {t('zones.popup.route', { book: bookName, zone: zone.name })}
        </p>
        <PayScheme firstFree={firstFree} price={price} />
        <dl className="zone-what">
          <div>
            <dt>{t('zones.popup.moves')}</dt>
            <dd data-testid="migrate-moves">{t('zones.popup.movesList')}</dd>
          </div>
          <div>
            <dt>{t('zones.popup.stays')}</dt>
            <dd data-testid="migrate-stays">{t('zones.popup.staysList')}</dd>
          </div>
        </dl>
        <p className="zone-note">
          <ZoneGlyph name="info" size={16} />
          <span>{t('zones.popup.readOnly')}</span>
        </p>
        <div className="zone-sheet-actions">
          <Button block onClick={onClose} data-testid="migrate-close">
            {t('common.cancel')}
          </Button>
          <Button block color="primary" loading={move.isPending} data-testid="migrate-confirm" onClick={start}>
            {t('zones.popup.confirm')}
          </Button>
        </div>
      </div>
    </Popup>
  );
}
