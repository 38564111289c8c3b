import type { SubjectBudgets } from '@cab/contracts/client';

/** One child of a subject (a first-level category of the book, a second-level one of a category), with its budget if any. */
export type BudgetChild = SubjectBudgets['children'][number];
/** A budget subject as the server names it (id, type, name, icon). */
export type BudgetSubject = SubjectBudgets['subject'];
