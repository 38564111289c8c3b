import { describe, expect, it } from 'vitest';
import {
  dayOf,
  dayStart,
  fromPickerDate,
  instantOf,
  offsetMinutes,
  pickerDate,
  sameDay,
  wallClock,
  zoneFormat,
  zoneLabel,
  zoneNote,
  zoneOffset,
  zoneOr,
} from './book-clock.ts';

// A small seeded generator: the same cases every run, many of them.
function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}
const MINUTE = 60_000;
const DAY = 86_400_000;
const ZONES = ['UTC', 'Asia/Shanghai', 'Asia/Kolkata', 'America/New_York', 'Europe/Berlin', 'Australia/Adelaide', 'Pacific/Chatham'];

describe('the wall clock of a book', () => {
  it('reads one instant as each zone shows it', () => {
    // 2026-11-25 15:30 UTC is 23:30 in Shanghai, 10:30 in New York (EST) and 21:00 in Kolkata.
    const t = Date.UTC(2026, 10, 25, 15, 30);
    expect(wallClock('Asia/Shanghai', t)).toEqual({ y: 2026, m: 11, d: 25, h: 23, min: 30 });
    expect(wallClock('America/New_York', t)).toEqual({ y: 2026, m: 11, d: 25, h: 10, min: 30 });
    expect(wallClock('Asia/Kolkata', t)).toEqual({ y: 2026, m: 11, d: 25, h: 21, min: 0 });
    expect(wallClock('UTC', t)).toEqual({ y: 2026, m: 11, d: 25, h: 15, min: 30 });
  });

  it('puts a record 30 minutes past midnight in Shanghai on the next day there and the day before in UTC', () => {
    const t = Date.UTC(2026, 10, 25, 16, 30);
    expect(dayOf('Asia/Shanghai', t)).toEqual({ y: 2026, m: 11, d: 26 });
    expect(dayOf('UTC', t)).toEqual({ y: 2026, m: 11, d: 25 });
    expect(sameDay('Asia/Shanghai', t, Date.UTC(2026, 10, 25, 16, 0))).toBe(true);
    expect(sameDay('Asia/Shanghai', t, Date.UTC(2026, 10, 25, 15, 59))).toBe(false);
  });

  it('takes fixed offsets as zones', () => {
    const t = Date.UTC(2026, 0, 1, 16, 0);
    expect(wallClock('Etc/GMT-8', t)).toEqual({ y: 2026, m: 1, d: 2, h: 0, min: 0 });
    expect(offsetMinutes('Etc/GMT-8', t)).toBe(480);
    expect(offsetMinutes('Etc/GMT+5', t)).toBe(-300);
  });

  it('falls back to the phone zone for a zone the browser does not know', () => {
    const t = Date.UTC(2026, 0, 1, 12);
    expect(wallClock('Not/AZone', t)).toEqual(wallClock(zoneOr(undefined), t));
    expect(zoneNote('Not/AZone', t, 'UTC')).toBeUndefined();
  });
});

describe('a time typed in the book zone', () => {
  it('is the instant that zone shows it at', () => {
    expect(instantOf('Asia/Shanghai', { y: 2026, m: 11, d: 25, h: 23, min: 30 })).toBe(Date.UTC(2026, 10, 25, 15, 30));
    expect(instantOf('UTC', { y: 2026, m: 11, d: 25, h: 23, min: 30 })).toBe(Date.UTC(2026, 10, 25, 23, 30));
    expect(dayStart('Asia/Shanghai', { y: 2026, m: 11, d: 26 })).toBe(Date.UTC(2026, 10, 25, 16, 0));
  });

  it('round-trips every minute near midnight in every zone (property)', () => {
    const next = random(24);
    for (let i = 0; i < 200; i++) {
      const zone = ZONES[Math.floor(next() * ZONES.length)] ?? 'UTC';
      const day = Date.UTC(2020, 0, 1) + Math.floor(next() * 3650) * DAY;
      // Within two hours either side of a midnight of the zone.
      const start = dayStart(zone, dayOf(zone, day));
      const t = start + Math.floor(next() * 240 - 120) * MINUTE;
      const w = wallClock(zone, t);
      const back = instantOf(zone, w);
      // A time shown twice (a daylight-saving fall back) reads as its first instant.
      expect(wallClock(zone, back)).toEqual(w);
      expect(back).toBeLessThanOrEqual(t);
      // Minutes after the zone's midnight are on the day that midnight starts.
      if (t >= start) expect(dayOf(zone, t)).toEqual(dayOf(zone, start));
      else expect(dayOf(zone, t)).not.toEqual(dayOf(zone, start));
    }
  }, 30_000);

  it('reads a time a spring-forward skips with the offset before the change', () => {
    // New York skipped 02:00-03:00 on 8 March 2026: 02:30 is 03:30 EDT (07:30 UTC).
    expect(instantOf('America/New_York', { y: 2026, m: 3, d: 8, h: 2, min: 30 })).toBe(Date.UTC(2026, 2, 8, 7, 30));
    // 01:30 on 1 November 2026 happens twice: the first (EDT) is meant.
    expect(instantOf('America/New_York', { y: 2026, m: 11, d: 1, h: 1, min: 30 })).toBe(Date.UTC(2026, 10, 1, 5, 30));
  });

  it('goes through a picker that knows only the phone zone and comes back unchanged', () => {
    const next = random(8);
    for (let i = 0; i < 200; i++) {
      const zone = ZONES[Math.floor(next() * ZONES.length)] ?? 'UTC';
      const t = Math.floor((Date.UTC(2024, 0, 1) + next() * 2 * 365 * DAY) / MINUTE) * MINUTE;
      const d = pickerDate(zone, t);
      const w = wallClock(zone, t);
      expect([d.getFullYear(), d.getMonth() + 1, d.getDate(), d.getHours(), d.getMinutes()]).toEqual([w.y, w.m, w.d, w.h, w.min]);
      expect(wallClock(zone, fromPickerDate(zone, d))).toEqual(w);
    }
  }, 30_000);
});

describe('naming the zone', () => {
  it('writes the offset', () => {
    const winter = Date.UTC(2026, 0, 15);
    const summer = Date.UTC(2026, 6, 15);
    expect(zoneLabel('Asia/Shanghai', winter)).toBe('UTC+8');
    expect(zoneLabel('Asia/Kolkata', winter)).toBe('UTC+5:30');
    expect(zoneLabel('America/St_Johns', winter)).toBe('UTC-3:30');
    expect(zoneLabel('America/New_York', winter)).toBe('UTC-5');
    expect(zoneLabel('America/New_York', summer)).toBe('UTC-4');
    expect(zoneLabel('UTC', summer)).toBe('UTC');
    expect(zoneOffset('Asia/Kolkata', winter)).toBe('+5:30');
    expect(zoneOffset('UTC', winter)).toBe('+0');
  });

  it('names the zone only where its clock differs from the phone', () => {
    const t = Date.UTC(2026, 10, 25, 15, 30);
    expect(zoneNote('Asia/Shanghai', t, 'UTC')).toBe('+8');
    expect(zoneNote('UTC', t, 'Asia/Shanghai')).toBe('+0');
    expect(zoneNote('America/St_Johns', t, 'UTC')).toBe('-3:30');
    expect(zoneNote('Asia/Shanghai', t, 'Asia/Shanghai')).toBeUndefined();
    // Another name for the same clock says nothing new.
    expect(zoneNote('Asia/Hong_Kong', t, 'Asia/Shanghai')).toBeUndefined();
    expect(zoneNote(undefined, t, 'UTC')).toBeUndefined();
  });
});

describe('formatting in the book zone', () => {
  it('shows the book time, not the phone time', () => {
    const t = Date.UTC(2026, 10, 25, 15, 4);
    const opts: Intl.DateTimeFormatOptions = { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' };
    expect(zoneFormat('en', 'Asia/Shanghai', opts).format(t)).toBe('23:04');
    expect(zoneFormat('en', 'UTC', opts).format(t)).toBe('15:04');
  });
});
