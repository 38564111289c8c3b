import { ErrorCode } from '@cab/contracts/client';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'antd-mobile';
import { useState } from 'react';
import { useNavigate, useSearchParams } from '../../lib/hash-router.tsx';
import { ApiError } from '../../api/request.ts';
import { EmptyState } from '../../app/EmptyState.tsx';
import { LoadFailed } from '../../app/LoadFailed.tsx';
import { PageBar } from '../../app/PageBar.tsx';
import { RequireLogin } from '../../app/RequireLogin.tsx';
import { CategoryIcon } from '../../features/accounting/icons/icons.tsx';
import { budgetQueries, type BudgetChoice, type Subject } from '../../features/budgets/api.ts';
import { BudgetEditor, useBudgetActions, type Editing } from '../../features/budgets/components/BudgetEditor.tsx';
import { BudgetSkeleton, BudgetState } from '../../features/budgets/components/BudgetState.tsx';
import { ChoiceBar } from '../../features/budgets/components/ChoiceBar.tsx';
import { useAmount } from '../../features/budgets/components/Figures.tsx';
import { usePrefetchBudgetPopups } from '../../features/budgets/components/lazy.tsx';
import { PeriodNav } from '../../features/budgets/components/PeriodNav.tsx';
import { PrimaryChips } from '../../features/budgets/components/PrimaryChips.tsx';
import { SecondaryList } from '../../features/budgets/components/SecondaryList.tsx';
import { SubjectCard } from '../../features/budgets/components/SubjectCard.tsx';
import { useBudgetBook } from '../../features/budgets/useBudgetBook.ts';
import { useBuyAdvanced } from '../../features/budgets/useBuyAdvanced.tsx';
import { useTranslation } from '../../i18n/index.ts';
import type { BudgetChild } from '../../features/budgets/types.ts';
import '../../features/budgets/budgets.css';
import '../../i18n/budgets.ts';

const ID = /^[1-9][0-9]{0,18}$/;
/** A category the server does not know in this book (or of the other type). */
const isUnknown = (err: unknown) =>
  err instanceof ApiError && (err.code === ErrorCode.BUDGET_SUBJECT_UNKNOWN || err.status === 404 || err.status === 422);

function NoCategory({ description }: { description?: string | undefined }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <EmptyState
      kind="notFound"
      testId="budget-no-category"
      title={t('budgets.children.notFound')}
      description={description || t('budgets.children.notFoundHint')}
      action={
        <Button color="primary" onClick={() => navigate('/budget/index', { replace: true })}>
          {t('budgets.children.toCenter')}
        </Button>
      }
    />
  );
}

/**
 * Budgets by category (SPEC 2, budget/children?categoryId=): the first-level category
 * to show (the primary item) and its own budget, set, edited, cleared or added up from
 * its second-level categories after asking; and its second-level categories (the
 * secondary items), each set, edited or cleared with the advanced budgets (SPEC 6).
 */
function BudgetChildren() {
  const { t } = useTranslation();
  const amount = useAmount();
  const [params, setParams] = useSearchParams();
  const b = useBudgetBook();
  const { bookId, choice, mayEdit } = b;
  const categoryId = params.get('categoryId') ?? '';
  const valid = ID.test(categoryId);
  const ready = Boolean(b.book.data) && !b.choicePending;
  const primaries = useQuery({ ...budgetQueries.subject(bookId, { type: 'Book', id: bookId }, choice, b.at), enabled: ready });
  const subject: Subject = { type: 'Category', id: categoryId };
  const q = useQuery({ ...budgetQueries.subject(bookId, subject, choice, b.at), enabled: ready && valid });
  const actions = useBudgetActions(bookId, choice);
  const [editing, setEditing] = useState<Editing>();
  usePrefetchBudgetPopups(Boolean(q.data));
  const data = q.data;
  const buy = useBuyAdvanced(bookId, data?.features.budget_advanced, b.mayBuy);

  const onChoice = (next: Partial<BudgetChoice>) => {
    if (next.recurrence && b.at !== null && data && data.period.recurrence_type !== 'ALL') b.setAt(data.period.start_time);
    b.change(next);
  };
  const edit = (c: BudgetChild) =>
    setEditing({ subject: { type: 'Category', id: c.subject.id }, name: c.subject.name, icon: c.subject.icon, budget: c.budget });

  return (
    <div className="page budget-page" data-testid="page-budget-children">
      <PageBar title={data?.subject.name ?? t('budgets.childrenTitle')} />
      <BudgetState b={b} />
      {ready && !valid && <NoCategory />}
      {ready && valid && (
        <>
          <ChoiceBar choice={choice} onChange={onChoice} withType={false} />
          <PrimaryChips
            items={primaries.data?.children ?? []}
            current={categoryId}
            onPick={(id) => setParams({ categoryId: id, ...(params.get('bookId') ? { bookId } : {}) }, { replace: true })}
          />
          {q.isPending ? (
            <BudgetSkeleton />
          ) : q.isError || !data ? (
            isUnknown(q.error) ? (
              <NoCategory description={q.error?.message} />
            ) : (
              <LoadFailed onRetry={q.refetch} />
            )
          ) : (
            <>
              <PeriodNav period={data.period} timeZone={b.timeZone} dateGap={data.dateGap} onMove={b.setAt} />
              <SubjectCard
                testId="budget-category"
                title={data.subject.name}
                icon={<CategoryIcon name={data.subject.icon} size={20} />}
                type={choice.type}
                budget={data.budget}
                used={data.used_amount}
                childrenSum={data.children_sum}
                mayEdit={mayEdit}
                editLabel={data.budget ? t('budgets.total.edit') : t('budgets.cats.set')}
                sumLabel={t('budgets.children.sum')}
                sumHint={t('budgets.children.sumHint', { sum: amount(data.children_sum) })}
                onEdit={() => edit({ subject: data.subject, budget: data.budget, used_amount: data.used_amount })}
                onSum={() =>
                  actions.sum(
                    subject,
                    data.budget
                      ? t('budgets.children.sumConfirm', {
                          sum: amount(data.children_sum),
                          name: data.subject.name,
                          total: amount(data.budget.budget_amount),
                        })
                      : undefined,
                  )
                }
              />
              <SecondaryList
                items={data.children}
                type={choice.type}
                mayEdit={mayEdit}
                opened={data.features.budget_advanced}
                onEdit={edit}
                onOpen={buy.open}
              />
            </>
          )}
        </>
      )}
      <BudgetEditor editing={editing} choice={choice} actions={actions} onClose={() => setEditing(undefined)} />
      {buy.sheet}
    </div>
  );
}

export default function BudgetChildrenPage() {
  return (
    <RequireLogin>
      <BudgetChildren />
    </RequireLogin>
  );
}
