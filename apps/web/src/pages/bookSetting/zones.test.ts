import { describe, expect, it } from 'vitest';
import { COMMON_ZONES, zoneChoices, zoneName } from './zones.ts';

describe('time zone choices', () => {
  it('puts the device’s zone first, then the common ones, each once', () => {
    const list = zoneChoices('Asia/Shanghai', 'Europe/Berlin');
    expect(list[0]).toEqual({ id: 'Europe/Berlin', device: true });
    expect(list.map((z) => z.id)).toEqual(['Europe/Berlin', ...COMMON_ZONES]);
    expect(zoneChoices('Asia/Shanghai', 'Asia/Shanghai').filter((z) => z.id === 'Asia/Shanghai')).toEqual([
      { id: 'Asia/Shanghai', device: true },
    ]);
  });

  it('keeps the book’s own zone choosable when it is not a common one', () => {
    expect(zoneChoices('America/Sao_Paulo', undefined).at(-1)).toEqual({ id: 'America/Sao_Paulo', device: false });
  });

  it('names a zone with its offset, and falls back to the IANA name', () => {
    expect(zoneName('Asia/Tokyo', 'en', 'Universal time')).toMatch(/Japan.*\(UTC\+9\)/);
    // No Latin letters on a Chinese screen: the offset alone, and a zone without a name is universal time.
    expect(zoneName('Asia/Kolkata', 'zh-CN', '世界协调时间')).toMatch(/印度.*（\+5:30）$/);
    expect(zoneName('UTC', 'zh-CN', '世界协调时间')).toBe('世界协调时间（+0）');
    expect(zoneName('Etc/GMT-5', 'zh-CN', '世界协调时间')).toBe('世界协调时间（+5）');
    expect(zoneName('Not/AZone', 'en', 'Universal time')).toBe('Not/AZone');
  });
});
