import type { ShareApply, ShareStateInfo } from '@cab/contracts/client';
import { Button } from 'antd-mobile';
import { alertDialog, confirmDestructive } from '../dialogs.ts';
import { showToast } from '../../../app/toast.ts';
import { useTranslation } from '../../../i18n/index.ts';
import { useDecideShare } from '../api.ts';
import { moment } from '../format.ts';
import '../../../i18n/cloud.ts';

/** The book's place in sharing, in words. */
export function shareStateText(t: ReturnType<typeof useTranslation>['t'], state: ShareStateInfo): string {
  const name = state.main_book?.name ?? '';
  switch (state.state) {
    case 'main':
      return t('cloud.sharing.main', { count: state.sharing_count });
    case 'sharing':
      return t('cloud.sharing.sharing', { name });
    case 'applied':
      return t('cloud.sharing.applied', { name });
    case 'alone':
      return t('cloud.sharing.alone');
  }
}

/** How sharing works (the instructions dialog of sharing management). */
export function showShareHelp(t: ReturnType<typeof useTranslation>['t']): Promise<void> {
  return alertDialog(
    <div className="cloud-help" data-testid="cloud-share-help">
      <p>
        <strong>{t('cloud.help.title')}</strong>
      </p>
      <p>{t('cloud.help.p1')}</p>
      <p>{t('cloud.help.p2')}</p>
      <p>{t('cloud.help.p3')}</p>
      <p>{t('cloud.help.p4')}</p>
    </div>,
    <span data-testid="cloud-share-help-ok">{t('cloud.help.ok')}</span>,
  );
}

/**
 * An application to share the main book's space, with agree and reject (a rejection asks
 * first). Decided from the main book (its id is the Trading-Entity); `onDecided` hears how.
 */
export function ApplicationRow({
  mainBookId,
  apply,
  timeZone,
  mayDecide,
  onDecided,
}: {
  mainBookId: string;
  apply: ShareApply;
  timeZone: string;
  mayDecide: boolean;
  onDecided?: (agreed: boolean) => void;
}) {
  const { t } = useTranslation();
  const decide = useDecideShare(mainBookId);
  const run = async (agree: boolean) => {
    if (!agree) {
      const ok = await confirmDestructive(
        t('cloud.manage.rejectAsk', { name: apply.book.name }),
        t('cloud.manage.reject'),
        'cloud-reject-confirm',
      );
      if (!ok) return;
    }
    await decide.mutateAsync({ id: apply.id, agree });
    showToast(agree ? t('cloud.manage.agreed') : t('cloud.manage.rejected'));
    onDecided?.(agree);
  };
  return (
    <li className="cloud-row" data-testid={`cloud-application-${apply.id}`}>
      <span className="cloud-row-main">
        <span className="cloud-row-name">{apply.book.name}</span>
        <span className="cloud-row-sub">
          {t('cloud.manage.appliedBy', { name: apply.applicant_name, time: moment(apply.created_at, timeZone) })}
        </span>
      </span>
      {mayDecide && (
        <span className="cloud-row-actions">
          <Button
            size="small"
            color="danger"
            fill="outline"
            data-testid="cloud-reject"
            disabled={decide.isPending}
            onClick={() => void run(false).catch(() => undefined)}
          >
            {t('cloud.manage.reject')}
          </Button>
          <Button
            size="small"
            color="primary"
            data-testid="cloud-agree"
            loading={decide.isPending}
            onClick={() => void run(true).catch(() => undefined)}
          >
            {t('cloud.manage.agree')}
          </Button>
        </span>
      )}
    </li>
  );
}
