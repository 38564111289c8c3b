/**
 * The web's entry to the contracts: types, paths, constants, error codes, the message
 * catalogue and rules, and no zod. The schemas' types come along as types only, so the
 * first load never carries a validator (`@cab/contracts` itself is the server's entry).
 */
export * from './errors.ts';
export * from './messages.ts';
export * from './messages-validation.ts';
export * from './signing.ts';
export * from './permissions.ts';
export * from './constants.ts';
export * from './paths.ts';
export * from './rules.ts';
export * from './money.ts';
export * from './accounting-rules.ts';
export * from './accounting-paths.ts';
export type * from './accounting.ts';
export type * from './common.ts';
export * from './text.ts';
export * from './time-range.ts';
export * from './text-rules.ts';
export type * from './auth.ts';
export type * from './books.ts';
export * from './dimension-icons.ts';
export * from './statistics-rules.ts';
export * from './statistics-paths.ts';
export type * from './statistics.ts';
export * from './members-paths.ts';
export type * from './members.ts';
export * from './activity-kinds.ts';
export * from './budgets-paths.ts';
export type * from './budgets.ts';
export * from './market-paths.ts';
export type * from './market.ts';
export * from './content-paths.ts';
export type * from './content.ts';
export * from './forum-paths.ts';
export type * from './forum.ts';
export * from './messages-paths.ts';
export type * from './message-center.ts';
export * from './message-texts.ts';
export * from './nickname.ts';
export * from './live.ts';
export * from './commerce-paths.ts';
export type * from './commerce.ts';
export * from './cloud-paths.ts';
export type * from './cloud.ts';
export * from './zones-paths.ts';
export type * from './zones.ts';
export * from './tracking-paths.ts';
export type * from './tracking.ts';
export * from './feedback-paths.ts';
export type * from './feedback.ts';
export * from './webviews-paths.ts';
export type * from './webviews.ts';
export * from './imports-paths.ts';
export type * from './imports.ts';
export * from './exports-paths.ts';
export type * from './exports.ts';
