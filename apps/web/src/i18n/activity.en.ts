import type { activityZhCN } from './activity.zh-CN.ts';
import type { Texts } from './zh-CN.ts';

/** The activity log's sentences in English: loaded with its screen when English is chosen (i18n/index.ts). */
export const activityEn: Texts<typeof activityZhCN> = {
  someone: 'A former member',
  aMember: 'a member',
  aRole: 'a deleted role',
  types: { Expense: 'an expense', Income: 'an income', Transfer: 'a transfer', other: 'a record' },
  dims: { category: 'category', account: 'account', member: 'member label', merchant: 'merchant', project: 'project' },
  audit: { NeedToBeReviewed: 'reviewed', NoReviewDesignatedRole: 'no review, set role', NoReviewRoleCode: 'with an invitation code' },
  validity: 'valid {{count}} days',
  validity_one: 'valid 1 day',
  forever: 'never expires',
  inCategory: ' ({{name}})',
  budgetBook: 'the whole book',
  budgetCategory: 'the category "{{name}}"',
  budgetGoneCategory: 'a deleted category',
  transaction: {
    create: '{{actor}} recorded {{type}} of {{amount}}{{category}}',
    import: '{{actor}} imported {{count}} records',
    import_one: '{{actor}} imported 1 record',
    update: '{{actor}} edited {{type}}: {{from}} → {{to}}{{category}}',
    delete: '{{actor}} deleted {{type}} of {{amount}}{{category}}',
  },
  dim: {
    create: '{{actor}} added the {{dim}} "{{name}}"',
    update: '{{actor}} edited the {{dim}} "{{name}}"',
    rename: '{{actor}} renamed the {{dim}} "{{from}}" to "{{to}}"',
    delete: '{{actor}} deleted the {{dim}} "{{name}}"',
    sort: '{{actor}} reordered the {{dim}} list',
  },
  member: {
    add: '{{actor}} invited {{member}} to join as {{role}}',
    join: '{{member}} joined the book as {{role}}',
    joinLetIn: '{{actor}} let {{member}} into the book as {{role}}',
    quit: '{{member}} left the book',
    remove: '{{actor}} removed {{member}} from the book',
    role: "{{actor}} changed {{member}}'s role from {{from}} to {{to}}",
    reject: "{{actor}} declined {{member}}'s application to join",
  },
  role: {
    create: '{{actor}} added the role "{{name}}"',
    update: '{{actor}} edited the role "{{name}}"',
    rename: '{{actor}} renamed the role "{{from}}" to "{{to}}"',
    delete: '{{actor}} deleted the role "{{name}}"',
  },
  invitation: {
    create: '{{actor}} made an invitation link ({{audit}}, {{validity}})',
    revoke: '{{actor}} revoked an invitation link',
  },
  inviteSetting: { update: "{{actor}} set new links' defaults to {{audit}}, {{validity}}" },
  budget: {
    create: '{{actor}} set a budget of {{amount}} for {{subject}}',
    update: '{{actor}} changed the budget for {{subject}} from {{from}} to {{to}}',
    delete: '{{actor}} deleted the budget for {{subject}} ({{amount}})',
    sum: '{{actor}} set the budget for {{subject}} to the sum of its parts, {{amount}}',
    extend: '{{actor}} carried the budget for {{subject}} over to a longer period: {{amount}}',
  },
  book: {
    create: '{{actor}} created the book "{{name}}"',
    update: "{{actor}} changed the book's settings",
    rename: '{{actor}} renamed the book to "{{to}}"',
    delete: '{{actor}} deleted the book',
    restore: '{{actor}} restored the book',
  },
  other: '{{actor}} changed something in the book',
};
