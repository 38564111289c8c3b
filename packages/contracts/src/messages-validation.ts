/**
 * Validation messages: one template per kind of problem, naming the field by its label
 * in the caller's language ("手机号格式不正确" / "phone number is not valid"). A field
 * without a label gets `validation.unknownField`, which names it as sent.
 */
import { ErrorCode } from './errors.ts';
import type { LocalizedText, MessageDef } from './message-def.ts';

export const VALIDATION_MESSAGES = /* @__PURE__ */ (() => {
  const V = ErrorCode.VALIDATION;
  return {
    'validation.required': { code: V, 'zh-CN': '{field}不能为空', en: '{field} is required' },
    'validation.empty': { code: V, 'zh-CN': '{field}不能为空', en: '{field} must not be empty' },
    'validation.tooShort': { code: V, 'zh-CN': '{field}至少 {min} 个字', en: '{field} must be at least {min} characters' },
    'validation.tooLong': { code: V, 'zh-CN': '{field}最多 {max} 个字', en: '{field} must be at most {max} characters' },
    'validation.tooFewItems': { code: V, 'zh-CN': '{field}至少要有 {min} 项', en: '{field} must have at least {min} items' },
    'validation.tooManyItems': { code: V, 'zh-CN': '{field}最多 {max} 项', en: '{field} must have at most {max} items' },
    'validation.tooSmall': { code: V, 'zh-CN': '{field}不能小于 {min}', en: '{field} must be at least {min}' },
    'validation.tooLarge': { code: V, 'zh-CN': '{field}不能大于 {max}', en: '{field} must be at most {max}' },
    'validation.notAbove': { code: V, 'zh-CN': '{field}必须大于 {min}', en: '{field} must be greater than {min}' },
    'validation.notBelow': { code: V, 'zh-CN': '{field}必须小于 {max}', en: '{field} must be less than {max}' },
    'validation.invalid': { code: V, 'zh-CN': '{field}格式不正确', en: '{field} is not valid' },
    'validation.wrongType': { code: V, 'zh-CN': '{field}格式不正确', en: '{field} has the wrong type' },
    'validation.notAllowed': { code: V, 'zh-CN': '{field}不在可选范围内', en: '{field} is not one of the allowed values' },
    'validation.unknownField': { code: V, 'zh-CN': '请求参数 {name} 不正确', en: 'request field {name} is not valid' },
    'validation.versionHeader': { code: V, 'zh-CN': '{header} 版本号格式不正确', en: '{header} header must be a dotted version' },
    // Named by the contracts' own refinements (their message is this key).
    'validation.controlChars': {
      code: V,
      'zh-CN': '{field}不能包含控制字符',
      en: '{field} must not contain control characters',
    },
    'validation.brokenText': {
      code: V,
      'zh-CN': '{field}含有无法识别的字符',
      en: '{field} contains a broken character',
    },
    'validation.directionControls': {
      code: V,
      'zh-CN': '{field}不能包含文字方向控制字符',
      en: '{field} must not contain text direction control characters',
    },
    'validation.nothingToUpdate': { code: V, 'zh-CN': '没有需要修改的内容', en: 'nothing to update' },
  } as const satisfies Record<`validation.${string}`, MessageDef>;
})();

/**
 * What the user calls each request field. The name is the field's own (the last named
 * step of its path), so one label serves every call that has the field.
 */
export const FIELD_LABELS = {
  body: { 'zh-CN': '提交的内容', en: 'request body' },
  phone: { 'zh-CN': '手机号', en: 'phone number' },
  code: { 'zh-CN': '验证码', en: 'verification code' },
  type: { 'zh-CN': '类型', en: 'type' },
  username: { 'zh-CN': '账号', en: 'account' },
  password: { 'zh-CN': '密码', en: 'password' },
  nickname: { 'zh-CN': '昵称', en: 'nickname' },
  avatar_url: { 'zh-CN': '头像', en: 'avatar' },
  refresh_token: { 'zh-CN': '登录凭证', en: 'refresh token' },
  grant_type: { 'zh-CN': '授权方式', en: 'grant type' },
  id: { 'zh-CN': '编号', en: 'id' },
  bookId: { 'zh-CN': '账本编号', en: 'book id' },
  ids: { 'zh-CN': '账本编号', en: 'book id list' },
  user_ids: { 'zh-CN': '用户编号', en: 'user id list' },
  name: { 'zh-CN': '账本名称', en: 'book name' },
  remark: { 'zh-CN': '备注', en: 'remark' },
  icon: { 'zh-CN': '图标', en: 'icon' },
  cover: { 'zh-CN': '封面', en: 'cover' },
  currency: { 'zh-CN': '币种', en: 'currency' },
  configs: { 'zh-CN': '偏好设置', en: 'preference list' },
  key: { 'zh-CN': '设置项', en: 'preference key' },
  keys: { 'zh-CN': '设置项', en: 'preference key list' },
  value: { 'zh-CN': '设置值', en: 'preference value' },
  level: { 'zh-CN': '设置级别', en: 'preference level' },
  category_code: { 'zh-CN': '模板分类', en: 'template category' },
  business_type: { 'zh-CN': '记账类型', en: 'transaction type' },
  amount: { 'zh-CN': '金额', en: 'amount' },
  from_amount: { 'zh-CN': '转出金额', en: 'amount sent' },
  to_amount: { 'zh-CN': '转入金额', en: 'amount received' },
  account: { 'zh-CN': '账户', en: 'account' },
  from_account: { 'zh-CN': '转出账户', en: 'account sent from' },
  to_account: { 'zh-CN': '转入账户', en: 'account received in' },
  category: { 'zh-CN': '分类', en: 'category' },
  member: { 'zh-CN': '成员', en: 'member' },
  merchant: { 'zh-CN': '商家', en: 'merchant' },
  project: { 'zh-CN': '项目', en: 'project' },
  transaction_time: { 'zh-CN': '记账时间', en: 'transaction time' },
  images: { 'zh-CN': '图片', en: 'images' },
  // A record's place (docs/host.md, "Places"); its `name` is labelled by the record routes.
  place: { 'zh-CN': '地点', en: 'place' },
  address: { 'zh-CN': '地址', en: 'address' },
  latitude: { 'zh-CN': '纬度', en: 'latitude' },
  longitude: { 'zh-CN': '经度', en: 'longitude' },
  transaction_vo_list: { 'zh-CN': '账目列表', en: 'transaction list' },
  trade_type: { 'zh-CN': '收支类型', en: 'trade type' },
  scene: { 'zh-CN': '场景', en: 'scene' },
  operation_codes: { 'zh-CN': '操作类型', en: 'operation codes' },
  parent_id: { 'zh-CN': '上级分类', en: 'parent category' },
  group_name: { 'zh-CN': '账户分组', en: 'account group' },
  hidden: { 'zh-CN': '隐藏', en: 'hidden' },
  move_to: { 'zh-CN': '转移目标', en: 'move target' },
  balance: { 'zh-CN': '余额', en: 'balance' },
  from: { 'zh-CN': '原币种', en: 'source currency' },
  to: { 'zh-CN': '目标币种', en: 'target currency' },
  rate: { 'zh-CN': '汇率', en: 'exchange rate' },
  // The statistics calls (issue 9) and a book's report settings.
  query: { 'zh-CN': '查询条件', en: 'query' },
  group: { 'zh-CN': '分组方式', en: 'grouping' },
  group_by: { 'zh-CN': '分组方式', en: 'group key' },
  group_filter: { 'zh-CN': '分组筛选', en: 'group filter' },
  group_key: { 'zh-CN': '分组类型', en: 'group key' },
  group_id: { 'zh-CN': '分组编号', en: 'group id' },
  show_all: { 'zh-CN': '显示全部', en: 'show all' },
  sort: { 'zh-CN': '排序', en: 'sort' },
  sort_by: { 'zh-CN': '排序依据', en: 'sort key' },
  order_by: { 'zh-CN': '排序方向', en: 'sort order' },
  page: { 'zh-CN': '分页', en: 'page' },
  page_offset: { 'zh-CN': '页码偏移', en: 'page offset' },
  page_size: { 'zh-CN': '每页条数', en: 'page size' },
  cursor: { 'zh-CN': '翻页标记', en: 'page cursor' },
  start_time: { 'zh-CN': '开始时间', en: 'start time' },
  end_time: { 'zh-CN': '结束时间', en: 'end time' },
  account_ids: { 'zh-CN': '账户筛选', en: 'account filter' },
  category_ids: { 'zh-CN': '分类筛选', en: 'category filter' },
  member_ids: { 'zh-CN': '成员筛选', en: 'member filter' },
  merchant_ids: { 'zh-CN': '商家筛选', en: 'merchant filter' },
  project_ids: { 'zh-CN': '项目筛选', en: 'project filter' },
  recorder_ids: { 'zh-CN': '记账人筛选', en: 'recorder filter' },
  category_types: { 'zh-CN': '收支类型筛选', en: 'type filter' },
  keyword: { 'zh-CN': '关键词', en: 'keyword' },
  exclude_null_category: { 'zh-CN': '排除无分类', en: 'exclude uncategorized' },
  limit: { 'zh-CN': '数量', en: 'limit' },
  top: { 'zh-CN': '数量', en: 'number of matches' },
  extend: { 'zh-CN': '扩展参数', en: 'extension' },
  month: { 'zh-CN': '月份', en: 'month' },
  time_zone: { 'zh-CN': '时区', en: 'time zone' },
  date_gap: { 'zh-CN': '每月起始日', en: 'month start day' },
  day_gap: { 'zh-CN': '每周起始日', en: 'week start day' },
  // Named in messages about categories, not request fields.
  expenseType: { 'zh-CN': '支出', en: 'expense' },
  incomeType: { 'zh-CN': '收入', en: 'income' },
  // Feedback (the mine page's 意见反馈).
  content: { 'zh-CN': '内容', en: 'content' },
  contact: { 'zh-CN': '联系方式', en: 'contact' },
  // The `name` of a record's place, on the record routes (the shared `name` is a book's).
  placeName: { 'zh-CN': '地点名称', en: 'place name' },
} as const satisfies Record<string, LocalizedText>;

export type FieldName = keyof typeof FIELD_LABELS;

export function fieldLabel(name: string): LocalizedText | undefined {
  return Object.hasOwn(FIELD_LABELS, name) ? FIELD_LABELS[name as FieldName] : undefined;
}
