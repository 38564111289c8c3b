/** The zones a book is most often kept in; the device's own and the book's current one join them. */
export const COMMON_ZONES = [
  'Asia/Shanghai',
  'Asia/Hong_Kong',
  'Asia/Taipei',
  'Asia/Tokyo',
  'Asia/Singapore',
  'Europe/London',
  'Europe/Paris',
  'America/New_York',
  'America/Los_Angeles',
  'Australia/Sydney',
  'UTC',
] as const;

export interface ZoneChoice {
  id: string;
  device: boolean;
}

function deviceZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
}

/** The choices of the picker: the device's zone first (what people mean most often), then the common ones and the current one. */
export function zoneChoices(current: string, device = deviceZone()): ZoneChoice[] {
  const ids = [...(device ? [device] : []), ...COMMON_ZONES, current].filter((z, i, all) => z && all.indexOf(z) === i);
  return ids.map((id) => ({ id, device: id === device }));
}

/**
 * A zone as people call it in their language ("中国标准时间（+8）", "Japan Standard Time
 * (UTC+9)"); a zone without a name of its own (UTC, Etc/GMT-5) is called `universal` and
 * its offset; the IANA name when the browser does not know the zone.
 */
export function zoneName(zone: string, language: string, universal: string): string {
  try {
    const part = (timeZoneName: 'longGeneric' | 'shortOffset') =>
      new Intl.DateTimeFormat(language, { timeZone: zone, timeZoneName }).formatToParts(new Date()).find((p) => p.type === 'timeZoneName')
        ?.value;
    // The offset from UTC (+8, -4:30): "GMT" itself says nothing a Chinese screen should spell out.
    const offset = part('shortOffset')?.replace(/^(GMT|UTC)/, '') || '+0';
    const given = part('longGeneric');
    const name = !given || /^(GMT|UTC)/.test(given) ? universal : given;
    return language.startsWith('zh') ? `${name}（${offset}）` : `${name} (UTC${offset})`;
  } catch {
    return zone;
  }
}
