import { Popup, Skeleton } from 'antd-mobile';
import { useNavigate } from '../../../lib/hash-router.tsx';
import { EmptyState } from '../../../app/EmptyState.tsx';
import { LoadFailed } from '../../../app/LoadFailed.tsx';
import { useTranslation } from '../../../i18n/index.ts';
import { formatAmount } from '../../../lib/format.ts';
import { AccountIcon } from '../../accounting/icons/icons.tsx';
import { flatAccounts, useAccounts } from '../../accounting/queries.ts';
import '../flows.css';
import '../../../i18n/flow.ts';

/** The book's accounts with their balances; one opens that account's flow. Loaded when first opened. */
export default function AccountsSheet({
  bookId,
  visible,
  masked,
  onClose,
}: {
  bookId: string;
  visible: boolean;
  masked: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const accounts = useAccounts(bookId, 'Common');
  const list = flatAccounts(accounts.data).filter((a) => !a.hidden);
  return (
    <Popup
      visible={visible}
      onMaskClick={onClose}
      onClose={onClose}
      bodyClassName="sheet flow-accounts-sheet"
      bodyStyle={{ borderTopLeftRadius: 12, borderTopRightRadius: 12 }}
    >
      <div className="sheet-title">{t('flow.accountsSheet')}</div>
      <div className="flow-accounts" role="group" aria-label={t('flow.entries.accounts')} data-testid="flow-accounts">
        {accounts.isError ? (
          <LoadFailed onRetry={accounts.refetch} />
        ) : accounts.isPending ? (
          <div className="padded">
            <Skeleton.Paragraph lineCount={4} animated />
          </div>
        ) : !list.length ? (
          <EmptyState kind="empty" title={t('flow.noAccounts')} />
        ) : (
          list.map((a) => (
            <button
              key={a.id}
              type="button"
              className="flow-account"
              data-testid={`flow-account-${a.id}`}
              onClick={() =>
                navigate(`/flow/pages/account-flow?bookId=${encodeURIComponent(bookId)}&accountId=${encodeURIComponent(a.id)}`)
              }
            >
              <span className="flow-row-icon neutral" aria-hidden="true">
                <AccountIcon type={a.type} size={20} />
              </span>
              <span className="flow-row-main">
                <span className="flow-row-title">{a.name}</span>
                <span className="flow-row-sub">{a.group_name}</span>
              </span>
              <span className="flow-amount">{formatAmount(a.balance, masked)}</span>
            </button>
          ))
        )}
      </div>
      <button type="button" className="sheet-action sheet-cancel" onClick={onClose}>
        {t('common.cancel')}
      </button>
    </Popup>
  );
}
