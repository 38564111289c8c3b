/** Messages of commerce: the wallet, payments, orders, coupons and premium features. */
import { ErrorCode } from './errors.ts';
import type { MessageDef } from './message-def.ts';

export const COMMERCE_MESSAGES = /* @__PURE__ */ (() =>
  ({
    'commerce.orderNotFound': { code: ErrorCode.ORDER_NOT_FOUND, 'zh-CN': '订单不存在', en: 'no such order of yours' },
    'commerce.insufficient': {
      code: ErrorCode.INSUFFICIENT_BALANCE,
      'zh-CN': '香蕉贝余额不足，还差 {shortfall}',
      en: 'not enough banana shells: {shortfall} short',
    },
    'commerce.insufficientGeneric': { code: ErrorCode.INSUFFICIENT_BALANCE, 'zh-CN': '香蕉贝余额不足', en: 'not enough banana shells' },
    'commerce.couponUnusable': { code: ErrorCode.COUPON_UNUSABLE, 'zh-CN': '优惠券不可用', en: 'this coupon cannot be used' },
    'commerce.couponExpired': { code: ErrorCode.COUPON_UNUSABLE, 'zh-CN': '优惠券已过期', en: 'this coupon has expired' },
    'commerce.couponUsed': { code: ErrorCode.COUPON_UNUSABLE, 'zh-CN': '优惠券已经用过了', en: 'this coupon has been used' },
    'commerce.couponNotYours': { code: ErrorCode.COUPON_UNUSABLE, 'zh-CN': '这张优惠券不属于你', en: 'this coupon is not yours' },
    'commerce.couponNotForPackage': {
      code: ErrorCode.COUPON_UNUSABLE,
      'zh-CN': '这张优惠券不适用于这个套餐',
      en: 'this coupon does not apply to this package',
    },
    'commerce.orderRefused': {
      code: ErrorCode.ORDER_REFUSED,
      'zh-CN': '订单当前状态不允许这个操作',
      en: 'the order cannot do this in its state',
    },
    'commerce.orderSettled': {
      code: ErrorCode.ORDER_REFUSED,
      'zh-CN': '订单已经完成，无法取消',
      en: 'the order is settled and can no longer be cancelled',
    },
    'commerce.paymentServiceError': {
      code: ErrorCode.PAYMENT_UNAVAILABLE,
      'zh-CN': '支付服务异常，请稍后再试',
      en: 'payment service error, please try again later',
    },
    'commerce.notificationRejected': {
      code: ErrorCode.NOTIFICATION_REJECTED,
      'zh-CN': '支付通知无法验证',
      en: 'the payment notification could not be verified',
    },
    'commerce.notOnSale': { code: ErrorCode.NOT_ON_SALE, 'zh-CN': '这个商品暂未开售', en: 'this is not on sale' },
    'commerce.couponBatchUnknown': { code: ErrorCode.NOT_ON_SALE, 'zh-CN': '这批优惠券不存在', en: 'no such coupon batch' },
    'commerce.channelUnavailable': {
      code: ErrorCode.NOT_ON_SALE,
      'zh-CN': '这个支付方式在当前设备上不可用',
      en: 'this payment method is not available on this device',
    },
    'commerce.amountNotPositive': { code: ErrorCode.VALIDATION, 'zh-CN': '金额必须大于 0', en: 'the amount must be more than 0' },
    'commerce.amountTooLarge': { code: ErrorCode.VALIDATION, 'zh-CN': '金额太大了', en: 'the amount is too large' },
    'commerce.rechargeRange': {
      code: ErrorCode.VALIDATION,
      'zh-CN': '单次充值 {min} 到 {max} 香蕉贝',
      en: 'a recharge is {min} to {max} banana shells',
    },
    'commerce.payTypeUnknown': { code: ErrorCode.VALIDATION, 'zh-CN': '未知的支付类型', en: 'unknown pay type' },
    'commerce.forbidden': {
      code: ErrorCode.FORBIDDEN,
      'zh-CN': '你在这个账本中没有购买服务的权限',
      en: 'your role in this book may not buy services for it',
    },
    'commerce.featurePaidPeriod': {
      code: ErrorCode.ORDER_REFUSED,
      'zh-CN': '已付费的时长会保留到到期，无需取消',
      en: 'the days paid for are kept until they end; there is nothing to cancel',
    },
    'commerce.rolePaid': {
      code: ErrorCode.ORDER_REFUSED,
      'zh-CN': '这是付费角色，需要支付后才能分配',
      en: 'this is a paid role: pay for it to assign it',
    },
    'commerce.roleFree': {
      code: ErrorCode.ORDER_REFUSED,
      'zh-CN': '这个角色免费，直接分配即可',
      en: 'this role is free: assign it without paying',
    },
  }) as const satisfies Record<`commerce.${string}`, MessageDef>)();
