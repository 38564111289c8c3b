/**
 * Cloud space as people read it (docs/cloud.md): the server counts in MB (numbers, or
 * strings with two decimals); from 1024 MB on it reads in GB. At most two decimals, none
 * when whole: "100 MB", "0.98 MB", "1 GB", "1.1 GB".
 */
export function formatMb(mb: number | string, language: string): string {
  const n = typeof mb === 'number' ? mb : Number(mb);
  const value = Number.isFinite(n) ? n : 0;
  const fmt = new Intl.NumberFormat(language === 'en' ? 'en' : 'zh-CN', { maximumFractionDigits: 2 });
  return Math.abs(value) >= 1024 ? `${fmt.format(value / 1024)} GB` : `${fmt.format(value)} MB`;
}

/** The share of the space used, 0 to 1 (a total of 0 reads as full when anything is used). */
export function usedShare(used: number | string, total: number | string): number {
  const u = Math.max(0, Number(used) || 0);
  const t = Math.max(0, Number(total) || 0);
  if (t === 0) return u > 0 ? 1 : 0;
  return Math.min(1, u / t);
}

/** What is left of the space, in MB (never below 0). */
export function leftMb(used: number | string, total: number | string): number {
  return Math.max(0, (Number(total) || 0) - (Number(used) || 0));
}
