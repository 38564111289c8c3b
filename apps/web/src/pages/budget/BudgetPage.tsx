import type { RecurrenceType } from '@cab/contracts/client';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate, useSearchParams } from '../../lib/hash-router.tsx';
import { LoadFailed } from '../../app/LoadFailed.tsx';
import { PageBar } from '../../app/PageBar.tsx';
import { RequireLogin } from '../../app/RequireLogin.tsx';
import { budgetQueries, type BudgetChoice, type Subject } from '../../features/budgets/api.ts';
import { BudgetEditor, useBudgetActions, type Editing } from '../../features/budgets/components/BudgetEditor.tsx';
import { BudgetSkeleton, BudgetState } from '../../features/budgets/components/BudgetState.tsx';
import { CategoryBudgets } from '../../features/budgets/components/CategoryBudgets.tsx';
import { ChoiceBar } from '../../features/budgets/components/ChoiceBar.tsx';
import { useAmount } from '../../features/budgets/components/Figures.tsx';
import { CategoryPicker, ExtendSheet, usePrefetchBudgetPopups } from '../../features/budgets/components/lazy.tsx';
import { PeriodNav } from '../../features/budgets/components/PeriodNav.tsx';
import { SubjectCard } from '../../features/budgets/components/SubjectCard.tsx';
import { extendTargets } from '../../features/budgets/period.ts';
import { useBudgetBook } from '../../features/budgets/useBudgetBook.ts';
import { useBuyAdvanced } from '../../features/budgets/useBuyAdvanced.tsx';
import { useTranslation } from '../../i18n/index.ts';
import type { BudgetChild } from '../../features/budgets/types.ts';
import '../../features/budgets/budgets.css';
import '../../i18n/budgets.ts';

/**
 * The budget center (SPEC 2, budget/index): the recurrence and type (kept as the book's
 * preferences, SPEC 4), the period with arrows, the total budget with what it used and
 * what is left, and the first-level categories' budgets. Those who may change budgets
 * (010002) set, edit and clear them, add the total up from the categories, and extend
 * a recurrence's budgets to a longer one (advanced budgets, SPEC 6).
 */
function Budgets() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const amount = useAmount();
  const b = useBudgetBook();
  // Opened for a named book (a message's link), the category screen is about that book too.
  const [params] = useSearchParams();
  const bookParam = params.get('bookId') ? `&bookId=${encodeURIComponent(b.bookId)}` : '';
  const { bookId, choice, mayEdit } = b;
  const ready = Boolean(b.book.data) && !b.choicePending;
  const subject: Subject = { type: 'Book', id: bookId };
  const q = useQuery({ ...budgetQueries.subject(bookId, subject, choice, b.at), enabled: ready });
  const actions = useBudgetActions(bookId, choice);
  const [editing, setEditing] = useState<Editing>();
  const [picking, setPicking] = useState(false);
  const [extending, setExtending] = useState(false);
  usePrefetchBudgetPopups(Boolean(q.data));
  const data = q.data;
  const buy = useBuyAdvanced(bookId, data?.features.budget_advanced, b.mayBuy);

  // A new recurrence shows the period that starts where the one shown does (or now).
  const onChoice = (next: Partial<BudgetChoice>) => {
    if (next.recurrence && b.at !== null && data && data.period.recurrence_type !== 'ALL') b.setAt(data.period.start_time);
    b.change(next);
  };
  const editCategory = (c: BudgetChild) => {
    setPicking(false);
    setEditing({ subject: { type: 'Category', id: c.subject.id }, name: c.subject.name, icon: c.subject.icon, budget: c.budget });
  };
  const every = t(`budgets.every.${choice.recurrence}`);
  const totalName = t('budgets.total.title', { every });
  const canExtend = Boolean(data?.budget) && extendTargets(choice.recurrence).length > 0;

  return (
    <div className="page budget-page" data-testid="page-budget">
      <PageBar title={t('budgets.title')} />
      <BudgetState b={b} />
      {ready && (
        <>
          <ChoiceBar choice={choice} onChange={onChoice} />
          {q.isPending ? (
            <BudgetSkeleton />
          ) : q.isError || !data ? (
            <LoadFailed onRetry={q.refetch} />
          ) : (
            <>
              <PeriodNav period={data.period} timeZone={b.timeZone} dateGap={data.dateGap} onMove={b.setAt} />
              {!mayEdit && <p className="budget-read-only muted">{t('budgets.noEdit')}</p>}
              <SubjectCard
                testId="budget-total"
                title={totalName}
                type={choice.type}
                budget={data.budget}
                used={data.used_amount}
                childrenSum={data.children_sum}
                mayEdit={mayEdit}
                editLabel={data.budget ? t('budgets.total.edit') : t('budgets.total.set')}
                sumLabel={t('budgets.total.sum')}
                sumHint={t('budgets.total.sumHint', { sum: amount(data.children_sum) })}
                onEdit={() => setEditing({ subject, name: totalName, budget: data.budget })}
                onSum={() =>
                  actions.sum(
                    subject,
                    data.budget
                      ? t('budgets.total.sumConfirm', { sum: amount(data.children_sum), total: amount(data.budget.budget_amount) })
                      : undefined,
                  )
                }
                onExtend={canExtend ? () => setExtending(true) : undefined}
              />
              <CategoryBudgets
                items={data.children}
                type={choice.type}
                mayEdit={mayEdit}
                nothingSet={!data.budget}
                onEdit={editCategory}
                onAdd={() => setPicking(true)}
                onChildren={(c) => navigate(`/budget/children?categoryId=${encodeURIComponent(c.subject.id)}${bookParam}`)}
              />
              <CategoryPicker
                visible={picking}
                items={data.children.filter((c) => !c.budget)}
                onPick={editCategory}
                onClose={() => setPicking(false)}
              />
              <ExtendSheet
                visible={extending}
                from={choice.recurrence}
                opened={data.features.budget_advanced}
                onClose={() => setExtending(false)}
                onOpen={buy.open}
                onPick={(to: RecurrenceType, factor: number) => {
                  setExtending(false);
                  actions.extend(subject, to, factor, () => onChoice({ recurrence: to }));
                }}
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

export default function BudgetPage() {
  return (
    <RequireLogin>
      <Budgets />
    </RequireLogin>
  );
}
