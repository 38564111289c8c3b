/**
 * Messages of the request pipeline: transport, Device and Trading-Entity headers, and
 * request signing. Signing failures mean a broken or outdated client rather than a
 * user mistake, so their Chinese texts point the user at updating or retrying.
 */
import { ErrorCode } from './errors.ts';
import type { MessageDef } from './message-def.ts';

export const REQUEST_MESSAGES = /* @__PURE__ */ (() =>
  ({
    'request.badUrl': { code: ErrorCode.VALIDATION, 'zh-CN': '请求地址无效', en: 'the request address is not valid' },
    'request.invalid': { code: ErrorCode.VALIDATION, 'zh-CN': '请求有误，请检查后重试', en: 'invalid request' },
    'request.malformedJson': { code: ErrorCode.MALFORMED_JSON, 'zh-CN': '提交的内容格式不正确', en: 'request body is not valid JSON' },
    'request.bodyTooLarge': { code: ErrorCode.BODY_TOO_LARGE, 'zh-CN': '提交的内容太大了', en: 'request body is too large' },
    'request.unsupportedMediaType': {
      code: ErrorCode.UNSUPPORTED_MEDIA_TYPE,
      'zh-CN': '不支持这种内容格式',
      en: 'unsupported content type',
    },
    'request.notFound': { code: ErrorCode.NOT_FOUND, 'zh-CN': '请求的内容不存在', en: 'not found' },
    'request.noSuchCall': { code: ErrorCode.NOT_FOUND, 'zh-CN': '请求的功能不存在：{method} {path}', en: 'no such call: {method} {path}' },
    'request.methodNotAllowed': { code: ErrorCode.METHOD_NOT_ALLOWED, 'zh-CN': '不支持这种请求方式', en: 'method not allowed' },
    'request.environment': { code: ErrorCode.ENVIRONMENT, 'zh-CN': '当前环境不支持此操作', en: 'not available in this environment' },
    'request.conflict': { code: ErrorCode.CONFLICT, 'zh-CN': '数据已有变化，请刷新后重试', en: 'the data has changed; refresh and retry' },
    'request.stopping': {
      code: ErrorCode.UNAVAILABLE,
      'zh-CN': '服务器正在重启，请稍后重试',
      en: 'the server is restarting; retry in a moment',
    },
    'request.internal': { code: ErrorCode.INTERNAL, 'zh-CN': '服务器开小差了，请稍后重试', en: 'internal server error' },
    'request.badDevice': { code: ErrorCode.BAD_DEVICE, 'zh-CN': '设备信息有误，请更新应用后重试', en: 'invalid Device header' },
    'request.deviceNotJson': {
      code: ErrorCode.BAD_DEVICE,
      'zh-CN': '设备信息格式不正确，请更新应用后重试',
      en: 'Device header must be a JSON object',
    },
    'request.deviceBadFields': {
      code: ErrorCode.BAD_DEVICE,
      'zh-CN': '设备信息有误，请更新应用后重试',
      en: 'Device header has fields of the wrong type',
    },
    'request.badTradingEntity': {
      code: ErrorCode.VALIDATION,
      'zh-CN': '账本信息有误，请重新打开账本',
      en: 'Trading-Entity must be a book id',
    },
    'request.overrideNeeded': {
      code: ErrorCode.METHOD_NOT_ALLOWED,
      'zh-CN': '不支持这种请求方式',
      en: 'POST here needs X-HTTP-Method-Override: PATCH',
    },

    'signature.missing': {
      code: ErrorCode.SIGNATURE_MISSING,
      'zh-CN': '请求缺少签名，请更新应用后重试',
      en: 'Client-Key, Nonce-Str, Timestamp and Sign headers are required',
    },
    'signature.unknownClient': {
      code: ErrorCode.UNKNOWN_CLIENT_KEY,
      'zh-CN': '客户端未获授权，请更新应用后重试',
      en: 'unknown client key',
    },
    'signature.badNonce': {
      code: ErrorCode.BAD_SIGN,
      'zh-CN': '请求签名无效（随机串须为 {min} 到 {max} 个字符），请重试',
      en: 'Nonce-Str must be {min} to {max} characters',
    },
    'signature.badTimestamp': {
      code: ErrorCode.BAD_SIGN,
      'zh-CN': '请求签名无效（时间格式不正确），请重试',
      en: 'Timestamp must be epoch milliseconds',
    },
    'signature.bad': { code: ErrorCode.BAD_SIGN, 'zh-CN': '请求签名校验失败，请重试', en: 'bad request signature' },
    'signature.replayed': {
      code: ErrorCode.NONCE_REPLAYED,
      'zh-CN': '请勿重复提交',
      en: 'this request was already received (replayed nonce)',
    },
    'signature.clockSkew': {
      code: ErrorCode.CLOCK_SKEW,
      'zh-CN': '手机时间与服务器时间相差太大，请校准时间后重试',
      en: 'request time is too far from server time; refresh server info and retry',
    },
  }) as const satisfies Record<`request.${string}` | `signature.${string}`, MessageDef>)();
