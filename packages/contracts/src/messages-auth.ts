/** Messages of signing in, tokens, verification codes, their rate limits, and the user's own data. */
import { ErrorCode } from './errors.ts';
import type { MessageDef } from './message-def.ts';

export const AUTH_MESSAGES = /* @__PURE__ */ (() =>
  ({
    'auth.loginRequired': { code: ErrorCode.UNAUTHORIZED, 'zh-CN': '请先登录', en: 'please log in' },
    'auth.tokenInvalid': { code: ErrorCode.UNAUTHORIZED, 'zh-CN': '登录状态已失效，请重新登录', en: 'invalid access token' },
    'auth.userGone': { code: ErrorCode.UNAUTHORIZED, 'zh-CN': '账号不存在，请重新登录', en: 'user no longer exists' },
    'auth.tokenExpired': { code: ErrorCode.TOKEN_EXPIRED, 'zh-CN': '登录已过期，请重新登录', en: 'access token expired' },
    'auth.refreshInvalid': {
      code: ErrorCode.REFRESH_TOKEN_INVALID,
      'zh-CN': '登录状态已失效，请重新登录',
      en: 'invalid refresh token; please log in again',
    },
    'auth.refreshExpired': {
      code: ErrorCode.REFRESH_TOKEN_INVALID,
      'zh-CN': '登录已过期，请重新登录',
      en: 'refresh token expired; please log in again',
    },
    'auth.refreshReused': {
      code: ErrorCode.REFRESH_TOKEN_REUSED,
      'zh-CN': '为保护账号安全，请重新登录',
      en: 'refresh token was already used; the sign-in has been revoked',
    },
    'auth.hostPageForeign': {
      code: ErrorCode.VALIDATION,
      'zh-CN': '只能为本站的页面签名',
      en: 'only this site’s own pages are signed for a host app',
    },
    'auth.hostUnknown': {
      code: ErrorCode.VALIDATION,
      'zh-CN': '这个宿主应用没有配置',
      en: 'this host app is not configured here',
    },
    'auth.hostSignatureRefused': {
      code: ErrorCode.VALIDATION,
      'zh-CN': '签名校验未通过：不是这个宿主应用对这个页面的签名，或已过期',
      en: 'the signature does not hold: not this host app’s signature of this page, or expired',
    },
    'auth.tokenExchangeRefused': {
      code: ErrorCode.UNAUTHORIZED,
      'zh-CN': '链接中的登录信息已使用过或不属于这个用户，请重新登录',
      en: 'the sign-in in the link was used already or is another user’s: please sign in',
    },
    'auth.hostCodeInvalid': {
      code: ErrorCode.WRONG_CREDENTIALS,
      'zh-CN': '宿主应用的登录凭证无效或已过期，请重新打开',
      en: 'the host app’s sign-in code is not valid or has expired: open the page again',
    },
    'auth.wrongCredentials': { code: ErrorCode.WRONG_CREDENTIALS, 'zh-CN': '账号或密码错误', en: 'wrong account or password' },
    'auth.passwordNotSet': {
      code: ErrorCode.PASSWORD_NOT_SET,
      'zh-CN': '还没有设置密码，请用验证码登录',
      en: 'no password is set; log in with a verification code',
    },

    'auth.verifyCodeWrong': { code: ErrorCode.VERIFY_CODE_WRONG, 'zh-CN': '验证码错误', en: 'wrong verification code' },
    'auth.verifyCodeExpired': {
      code: ErrorCode.VERIFY_CODE_EXPIRED,
      'zh-CN': '验证码已失效，请重新获取',
      en: 'the verification code has expired or was not sent; ask for a new one',
    },
    'auth.verifyCodeUsed': {
      code: ErrorCode.VERIFY_CODE_EXPIRED,
      'zh-CN': '验证码已使用过，请重新获取',
      en: 'the verification code was already used; ask for a new one',
    },

    'auth.tooManyRequests': { code: ErrorCode.TOO_MANY_REQUESTS, 'zh-CN': '操作太频繁，请稍后再试', en: 'too many requests; try later' },
    'auth.codeTooSoon': {
      code: ErrorCode.TOO_MANY_REQUESTS,
      'zh-CN': '验证码已发送，请 1 分钟后再获取',
      en: 'a code was just sent; wait a minute before asking again',
    },
    'auth.codeDailyLimit': {
      code: ErrorCode.TOO_MANY_REQUESTS,
      'zh-CN': '这个手机号今天获取验证码的次数太多了，请明天再试',
      en: 'too many codes for this phone today',
    },
    'auth.codeNetworkLimit': {
      code: ErrorCode.TOO_MANY_REQUESTS,
      'zh-CN': '操作太频繁，请稍后再试',
      en: 'too many code requests from this network; try later',
    },
    'auth.loginAccountLimit': {
      code: ErrorCode.TOO_MANY_REQUESTS,
      'zh-CN': '这个账号登录尝试次数太多，请稍后再试',
      en: 'too many login attempts for this account; try later',
    },
    'auth.loginNetworkLimit': {
      code: ErrorCode.TOO_MANY_REQUESTS,
      'zh-CN': '登录尝试太频繁，请稍后再试',
      en: 'too many login attempts from this network; try later',
    },

    'user.phoneTaken': {
      code: ErrorCode.PHONE_TAKEN,
      'zh-CN': '这个手机号已绑定其他账号',
      en: 'this phone is already bound to another account',
    },
    'user.avatarNotMultipart': {
      code: ErrorCode.UNSUPPORTED_MEDIA_TYPE,
      'zh-CN': '图片上传失败，请重新选择图片',
      en: 'send the image as multipart/form-data',
    },
    'user.avatarMissing': { code: ErrorCode.VALIDATION, 'zh-CN': '请选择要上传的图片', en: 'no file in the upload' },
    'user.avatarBadType': {
      code: ErrorCode.UNSUPPORTED_MEDIA_TYPE,
      'zh-CN': '头像只支持 PNG、JPEG、GIF 或 WebP 图片',
      en: 'the avatar must be a PNG, JPEG, GIF or WebP image',
    },
    'user.avatarUrlInvalid': {
      code: ErrorCode.VALIDATION,
      'zh-CN': '头像只能是上传的图片或本服务允许的图片地址',
      en: 'the avatar must be an uploaded image or an address this server allows',
    },
  }) as const satisfies Record<`auth.${string}` | `user.${string}`, MessageDef>)();
