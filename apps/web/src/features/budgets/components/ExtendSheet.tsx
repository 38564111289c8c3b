import type { RecurrenceType } from '@cab/contracts/client';
import { Button, Popup } from 'antd-mobile';
import { Sheet } from '../../../app/Sheet.tsx';
import { useTranslation } from '../../../i18n/index.ts';
import { extendTargets } from '../period.ts';
import { NotOpened } from './NotOpened.tsx';
import '../budgets.css';
import '../../../i18n/budgets.ts';

/**
 * Extending a recurrence's budgets to a longer one (a premium feature): the choices, or
 * the not-opened prompt when the book has not opened it (SPEC 6).
 */
export function ExtendSheet({
  visible,
  from,
  opened,
  onPick,
  onClose,
  onOpen,
}: {
  visible: boolean;
  from: RecurrenceType;
  opened: boolean;
  onPick: (to: RecurrenceType, factor: number) => void;
  onClose: () => void;
  /** Opens the purchase of the advanced budgets (in place of this sheet). */
  onOpen?: () => void;
}) {
  const { t } = useTranslation();
  if (!opened)
    return (
      <Popup visible={visible} onMaskClick={onClose} onClose={onClose} bodyStyle={{ borderTopLeftRadius: 12, borderTopRightRadius: 12 }}>
        <div className="budget-popup" role="dialog" aria-label={t('budgets.notOpened.title')}>
          <NotOpened
            onOpen={
              onOpen &&
              (() => {
                onClose();
                onOpen();
              })
            }
          />
          <Button block color="primary" data-testid="budget-not-opened-ok" onClick={onClose}>
            {t('budgets.notOpened.ok')}
          </Button>
        </div>
      </Popup>
    );
  const every = (r: RecurrenceType) => t(`budgets.every.${r}`);
  return (
    <Sheet
      visible={visible}
      onClose={onClose}
      label={t('budgets.extend.title', { every: every(from) })}
      title={t('budgets.extend.title', { every: every(from) })}
      actions={extendTargets(from).map(({ to, factor }) => ({
        key: to,
        text: <span data-testid={`budget-extend-${to}`}>{t('budgets.extend.choice', { every: every(to) })}</span>,
        description: t('budgets.extend.factor', { from: every(from), factor }),
        onClick: () => onPick(to, factor),
      }))}
    />
  );
}
