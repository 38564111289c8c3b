import type { SmsSettings } from '../../sms-config.ts';
import type { KeyValueStore } from '../kv.ts';
import { OutboxSmsSender, type SmsSender } from '../sms.ts';
import { AliyunSmsSender } from './aliyun.ts';
import { HttpSmsSender } from './gateway.ts';
import type { SmsLog } from './send.ts';
import { TencentSmsSender } from './tencent.ts';

/** The sender the settings name (config.ts has already refused the outbox in production). */
export function createSmsSender(settings: SmsSettings, log: SmsLog, now: () => number, kv: Pick<KeyValueStore, 'get' | 'put'>): SmsSender {
  switch (settings.provider) {
    case 'outbox':
      return new OutboxSmsSender(log, now, kv);
    case 'aliyun':
      return new AliyunSmsSender(settings, log, now);
    case 'tencent':
      return new TencentSmsSender(settings, log, now);
    case 'http':
      return new HttpSmsSender(settings, log, now);
  }
}
