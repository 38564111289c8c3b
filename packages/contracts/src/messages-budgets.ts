/** Messages of budgets and premium features. */
import { ErrorCode } from './errors.ts';
import type { MessageDef } from './message-def.ts';

export const BUDGET_MESSAGES = /* @__PURE__ */ (() =>
  ({
    'budget.notFound': { code: ErrorCode.BUDGET_NOT_FOUND, 'zh-CN': '预算不存在', en: 'no such budget in this book' },
    'budget.exists': {
      code: ErrorCode.BUDGET_EXISTS,
      'zh-CN': '这个分类在这个周期已经有预算了，可以直接修改',
      en: 'this subject already has a budget for this recurrence; edit it instead',
    },
    'budget.subjectUnknown': {
      code: ErrorCode.BUDGET_SUBJECT_UNKNOWN,
      'zh-CN': '预算对象不存在或不属于这个账本',
      en: 'the budget subject is not in this book',
    },
    'budget.subjectType': {
      code: ErrorCode.BUDGET_SUBJECT_UNKNOWN,
      'zh-CN': '这个分类的收支类型与预算类型不一致',
      en: "the category's type does not match the budget type",
    },
    'budget.featureNotOpened': {
      code: ErrorCode.FEATURE_NOT_OPENED,
      'zh-CN': '高级预算尚未开通，开通后可以为二级分类设置预算、把预算延伸到更长周期',
      en: 'advanced budgets are not opened for this book',
    },
    'budget.extendSame': { code: ErrorCode.VALIDATION, 'zh-CN': '请选择另一个周期', en: 'choose another recurrence to extend to' },
    'budget.extendUneven': {
      code: ErrorCode.BUDGET_REFUSED,
      'zh-CN': '只能把预算延伸到整倍数的更长周期（日到周、月到季或年、季到年）',
      en: 'a plan extends only to a longer recurrence it fits a whole number of times (day to week, month to season or year, season to year)',
    },
    'budget.nothingToExtend': {
      code: ErrorCode.BUDGET_REFUSED,
      'zh-CN': '这个周期还没有预算可以延伸',
      en: 'there is no budget in this recurrence to extend',
    },
    'budget.nothingToSum': {
      code: ErrorCode.BUDGET_REFUSED,
      'zh-CN': '下级分类还没有预算，无法汇总',
      en: 'no child has a budget to add up',
    },
    'budget.forbidden': {
      code: ErrorCode.FORBIDDEN,
      'zh-CN': '你在这个账本中没有设置预算的权限',
      en: 'your role in this book may not set budgets',
    },
  }) as const satisfies Record<`budget.${string}`, MessageDef>)();
