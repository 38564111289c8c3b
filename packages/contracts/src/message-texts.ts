/**
 * The words of the message center's messages (issue 14). A message is stored as a kind
 * and its parameters; its title and body are made when it is read, in the reader's
 * language, from this catalogue. Zod-free: the web may render them too.
 *
 * Placeholders are `{name}`, filled from the message's params (a missing one stays
 * visible as `{name}`); a param may be given in every language ({'zh-CN', en}), for
 * words the server chooses, such as a budget's period.
 */
import { renderText, type LocalizedText, type Locale, type MessageParam } from './messages.ts';
import { shownNickname } from './nickname.ts';

export interface MessageTextDef {
  readonly title: LocalizedText;
  readonly body: LocalizedText;
}

export const MESSAGE_TEXTS = /* @__PURE__ */ (() =>
  ({
    'invitation.received': {
      title: { 'zh-CN': '账本邀请', en: 'Book invitation' },
      body: { 'zh-CN': '{inviter}邀请你加入账本「{bookName}」', en: '{inviter} invited you to join the book "{bookName}"' },
    },
    'application.approved': {
      title: { 'zh-CN': '申请已通过', en: 'Application approved' },
      body: { 'zh-CN': '你加入账本「{bookName}」的申请已通过', en: 'Your application to join "{bookName}" was approved' },
    },
    'application.rejected': {
      title: { 'zh-CN': '申请未通过', en: 'Application declined' },
      body: { 'zh-CN': '你加入账本「{bookName}」的申请未通过', en: 'Your application to join "{bookName}" was declined' },
    },
    'member.joined': {
      title: { 'zh-CN': '新成员加入', en: 'New member' },
      body: { 'zh-CN': '{nickname}加入了账本「{bookName}」', en: '{nickname} joined the book "{bookName}"' },
    },
    'member.removed': {
      title: { 'zh-CN': '你已被移出账本', en: 'Removed from a book' },
      body: { 'zh-CN': '你已被移出账本「{bookName}」', en: 'You were removed from the book "{bookName}"' },
    },
    'community.reply': {
      title: { 'zh-CN': '新回复', en: 'New reply' },
      body: { 'zh-CN': '{nickname}回复了你的帖子「{subject}」', en: '{nickname} replied to your post "{subject}"' },
    },
    'community.comment': {
      title: { 'zh-CN': '新评论', en: 'New comment' },
      body: { 'zh-CN': '{nickname}回复了你的评论', en: '{nickname} replied to your comment' },
    },
    'community.pinned': {
      title: { 'zh-CN': '新公告', en: 'New notice' },
      body: { 'zh-CN': '「{subject}」被置顶为公告', en: '"{subject}" was pinned as a notice' },
    },
    'book.recorded': {
      title: { 'zh-CN': '成员记账', en: 'New records' },
      body: { 'zh-CN': '{nickname}在「{bookName}」记了{count}笔账', en: '{nickname} recorded {count} entries in "{bookName}"' },
    },
    'budget.overspent': {
      title: { 'zh-CN': '预算超支', en: 'Budget overspent' },
      body: {
        'zh-CN': '「{bookName}」{period}的{budgetName}已超支：预算 {amount}，已用 {used}',
        en: 'In "{bookName}", {budgetName} for {period} is overspent: {used} used of {amount}',
      },
    },
    'payment.succeeded': {
      title: { 'zh-CN': '充值成功', en: 'Top-up received' },
      body: { 'zh-CN': '充值的 {amount} 香蕉贝已到账', en: '{amount} banana shells were added to your wallet' },
    },
    'payment.failed': {
      title: { 'zh-CN': '充值失败', en: 'Top-up failed' },
      body: {
        'zh-CN': '订单 {orderNo} 支付未成功，香蕉贝没有到账，可以重新充值',
        en: 'Order {orderNo} was not paid and no banana shells were added; you can top up again',
      },
    },
    'payment.refunded': {
      title: { 'zh-CN': '已退款', en: 'Refunded' },
      body: { 'zh-CN': '订单 {orderNo} 的 {amountCny} 元已原路退回', en: 'CNY {amountCny} of order {orderNo} was refunded' },
    },
    'purchase.paid': {
      title: { 'zh-CN': '购买成功', en: 'Purchase complete' },
      body: { 'zh-CN': '「{bookName}」已开通{itemName}', en: '{itemName} is open in "{bookName}"' },
    },
    'bill.arrears': {
      title: { 'zh-CN': '账本欠费', en: 'Book in arrears' },
      body: {
        'zh-CN': '「{bookName}」的{itemName}今日应付 {amount} 香蕉贝，余额不足，请充值',
        en: 'Today’s {amount} banana shells for {itemName} in "{bookName}" could not be paid: please top up',
      },
    },
    'feature.expiring': {
      title: { 'zh-CN': '服务即将到期', en: 'Feature ending soon' },
      body: {
        'zh-CN': '「{bookName}」的{itemName}将于 {date} 到期，到期前续费可以继续使用',
        en: '{itemName} in "{bookName}" ends on {date}; renew before then to keep it',
      },
    },
    'feature.expired': {
      title: { 'zh-CN': '服务已到期', en: 'Feature ended' },
      body: { 'zh-CN': '「{bookName}」的{itemName}已于 {date} 到期', en: '{itemName} in "{bookName}" ended on {date}' },
    },
    'bill.settled': {
      title: { 'zh-CN': '欠费已结清', en: 'Arrears paid' },
      body: { 'zh-CN': '「{bookName}」的欠费 {amount} 香蕉贝已结清', en: 'The {amount} banana shells owed by "{bookName}" are paid' },
    },
    'space.ending': {
      title: { 'zh-CN': '云空间即将到期', en: 'Cloud space ending soon' },
      body: {
        'zh-CN': '「{bookName}」租用的 {capacity} MB 云空间将于 {date} 到期；到期后图片仍可查看，但不能再上传超出免费空间的图片',
        en: 'The {capacity} MB of cloud space rented for "{bookName}" ends on {date}; afterwards its images stay readable, but uploads past the free space stop',
      },
    },
    'space.ended': {
      title: { 'zh-CN': '云空间已到期', en: 'Cloud space ended' },
      body: {
        'zh-CN': '「{bookName}」租用的 {capacity} MB 云空间已于 {date} 到期；图片仍可查看，续租后可继续上传',
        en: 'The {capacity} MB of cloud space rented for "{bookName}" ended on {date}; its images stay readable, rent space again to upload more',
      },
    },
    'share.applied': {
      title: { 'zh-CN': '共享空间申请', en: 'Request to share space' },
      body: {
        'zh-CN': '{nickname}申请让账本「{applicantBook}」共享「{bookName}」的云空间',
        en: '{nickname} asks that "{applicantBook}" share the cloud space of "{bookName}"',
      },
    },
    'share.agreed': {
      title: { 'zh-CN': '共享空间申请已通过', en: 'Space sharing approved' },
      body: {
        'zh-CN': '账本「{applicantBook}」现在共享「{bookName}」的云空间',
        en: '"{applicantBook}" now shares the cloud space of "{bookName}"',
      },
    },
    'share.rejected': {
      title: { 'zh-CN': '共享空间申请未通过', en: 'Space sharing declined' },
      body: {
        'zh-CN': '账本「{applicantBook}」共享「{bookName}」云空间的申请未通过',
        en: 'The request that "{applicantBook}" share the cloud space of "{bookName}" was declined',
      },
    },
    'share.untied': {
      title: { 'zh-CN': '已解除空间共享', en: 'Space sharing ended' },
      body: {
        'zh-CN': '账本「{applicantBook}」不再共享「{bookName}」的云空间，各自回到自己的空间，图片都还在',
        en: '"{applicantBook}" no longer shares the cloud space of "{bookName}"; each is back on its own space, and every image stays',
      },
    },
    'function.approved': {
      title: { 'zh-CN': '功能申请已通过', en: 'Function approved' },
      body: { 'zh-CN': '你申请的「{functionName}」已通过审核', en: 'Your application for "{functionName}" was approved' },
    },
    'function.rejected': {
      title: { 'zh-CN': '功能申请未通过', en: 'Function declined' },
      body: {
        'zh-CN': '你申请的「{functionName}」未通过审核：{remark}',
        en: 'Your application for "{functionName}" was declined: {remark}',
      },
    },
  }) as const satisfies Record<string, MessageTextDef>)();

export type MessageTextKind = keyof typeof MESSAGE_TEXTS;

/** Stored params are JSON: only text, numbers and texts given in every language fill a placeholder. */
function paramsOf(raw: Readonly<Record<string, unknown>>): Record<string, MessageParam> {
  const out: Record<string, MessageParam> = {};
  for (const [name, v] of Object.entries(raw)) {
    if (typeof v === 'string' || typeof v === 'number') out[name] = v;
    else if (isLocalized(v)) out[name] = v;
  }
  return out;
}

/** The parameters that hold a user's nickname. */
const NICKNAME_PARAMS = ['nickname', 'inviter'] as const;

const isLocalized = (v: unknown): v is LocalizedText =>
  typeof v === 'object' &&
  v !== null &&
  typeof (v as Record<string, unknown>)['zh-CN'] === 'string' &&
  typeof (v as Record<string, unknown>).en === 'string';

/** A message's title and body in one language; an unknown kind reads as its kind name. */
export function messageText(kind: string, params: Readonly<Record<string, unknown>>, locale: Locale): { title: string; body: string } {
  const def = (MESSAGE_TEXTS as Record<string, MessageTextDef | undefined>)[kind];
  if (!def) return { title: kind, body: '' };
  const p = paramsOf(params);
  // A default nickname reads in the reader's language, like every other word of the message.
  for (const name of NICKNAME_PARAMS) {
    const v = p[name];
    if (typeof v === 'string') p[name] = shownNickname(v, locale);
  }
  return { title: renderText(def.title, locale, p), body: renderText(def.body, locale, p) };
}
