import { Skeleton } from 'antd-mobile';
import { useNavigate } from '../../lib/hash-router.tsx';
import { EmptyState } from '../../app/EmptyState.tsx';
import { Figure } from '../../app/Figure.tsx';
import { LoadFailed } from '../../app/LoadFailed.tsx';
import { AccountIcon } from '../../features/accounting/icons/icons.tsx';
import { useAccounts } from '../../features/accounting/queries.ts';
import { useTranslation } from '../../i18n/index.ts';
import { formatAmount } from '../../lib/format.ts';

/** The book's accounts by group, each with its live balance (the signed sum of its records). */
export function AccountsSection({ bookId, masked }: { bookId: string; masked: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const accounts = useAccounts(bookId);
  const groups = accounts.data?.filter((g) => g.accounts.length);
  return (
    <section className="section" aria-labelledby="dash-accounts-title" data-testid="dashboard-accounts">
      <div className="section-title">
        <h2 id="dash-accounts-title" className="dash-section-title">
          {t('dashboard.accounts')}
        </h2>
        <a
          className="link dash-manage"
          role="button"
          data-testid="dashboard-manage"
          onClick={() => navigate('/categoryLabels/index?view=accounts')}
        >
          {t('dashboard.manage')}
        </a>
      </div>
      {accounts.isError ? (
        <LoadFailed onRetry={accounts.refetch} />
      ) : !groups ? (
        <div className="padded">
          <Skeleton.Paragraph lineCount={3} animated />
        </div>
      ) : !groups.length ? (
        <EmptyState kind="empty" title={t('dashboard.noAccounts')} />
      ) : (
        groups.map((g) => (
          <div key={g.name} className="dash-group">
            <h3 className="dash-group-name">{g.name}</h3>
            {g.accounts.map((a) => (
              <div
                key={a.id}
                className="dash-account"
                role="button"
                data-testid={`dash-account-${a.id}`}
                onClick={() => navigate(`/flow/pages/account-flow?accountId=${a.id}&bookId=${bookId}`)}
              >
                <span className="dash-account-icon">
                  <AccountIcon type={a.type} size={20} />
                </span>
                <span className="dash-account-name">{a.name}</span>
                <Figure className="dash-account-balance" testId={`dash-balance-${a.id}`} text={formatAmount(a.balance, masked)} />
              </div>
            ))}
          </div>
        ))
      )}
    </section>
  );
}
