import { describe, expect, it } from 'vitest';
import { shareLink } from './share.ts';

const data = { title: '家庭账本', text: '一起记账', url: 'https://cab.example/#/dashboard/index?TradingEntity=1' };
const abort = () => Object.assign(new Error('cancelled'), { name: 'AbortError' });

describe('sharing a book link', () => {
  it('uses the share sheet where the device has one', async () => {
    const shared: ShareData[] = [];
    expect(await shareLink(data, { share: async (d) => void shared.push(d), copy: async () => undefined })).toBe('shared');
    expect(shared[0]?.url).toBe(data.url);
  });

  it('says cancelled when the user closes the sheet, and copies nothing', async () => {
    const copied: string[] = [];
    expect(await shareLink(data, { share: async () => Promise.reject(abort()), copy: async (t) => void copied.push(t) })).toBe('cancelled');
    expect(copied).toEqual([]);
  });

  it('copies the link where there is no share sheet, or the sheet failed', async () => {
    const copied: string[] = [];
    expect(await shareLink(data, { copy: async (t) => void copied.push(t) })).toBe('copied');
    expect(
      await shareLink(data, { share: async () => Promise.reject(new Error('not allowed')), copy: async (t) => void copied.push(t) }),
    ).toBe('copied');
    expect(copied).toEqual([data.url, data.url]);
  });

  it('says failed when neither works', async () => {
    expect(await shareLink(data, {})).toBe('failed');
    expect(await shareLink(data, { copy: async () => Promise.reject(new Error('denied')) })).toBe('failed');
  });
});
