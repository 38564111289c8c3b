import type { MetricKey } from '@cab/contracts/client';
import { viewQuery, type ChipType, type ExclusiveView } from './exclusive.ts';
import type { FlowSpec } from './useFlow.ts';

/** The flow page's flow: the chip within the user's view. (The prefetch asks for exactly this.) */
export function flowIndexSpec(view: ExclusiveView | undefined, chip: ChipType): FlowSpec {
  return { query: viewQuery(view, chip) };
}

/** What day and month headers add up under a chip: the chip's own type, or expense and income. */
export function chipMetrics(chip: ChipType): readonly MetricKey[] {
  if (chip === 'Expense') return ['EXPENSE'];
  if (chip === 'Income') return ['INCOME'];
  if (chip === 'Transfer') return ['TRANSFER'];
  return ['EXPENSE', 'INCOME'];
}

/**
 * A view without the accounts and members the book no longer has: a saved id of a
 * deleted account would make every flow call fail. A list emptied this way means all.
 */
export function pruneView(view: ExclusiveView, accounts: ReadonlySet<string>, members: ReadonlySet<string>): ExclusiveView {
  return {
    types: view.types,
    accounts: view.accounts.filter((id) => accounts.has(id)),
    members: view.members.filter((id) => id === '0' || members.has(id)),
  };
}

/** Whether a view names accounts or members, which must be checked against the book's lists first. */
export const viewNamesItems = (view: ExclusiveView | undefined): boolean => Boolean(view && (view.accounts.length || view.members.length));
