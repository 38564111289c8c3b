import { MASKED_AMOUNT, clipGraphemes, graphemeLength } from '@cab/contracts/client';

/** Numeric comparison per dotted segment: compareVersion('1.10.0', '1.9.9') > 0. */
export function compareVersion(a: string, b: string): number {
  const pa = a.split('.').map((s) => Number.parseInt(s, 10) || 0);
  const pb = b.split('.').map((s) => Number.parseInt(s, 10) || 0);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const d = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (d !== 0) return d > 0 ? 1 : -1;
  }
  return 0;
}

/** Cuts text after `max` characters as a person counts them (an emoji, a flag or a ZWJ family is one) and adds an ellipsis. */
export function ellipsis(text: string, max: number): string {
  return graphemeLength(text) > max ? `${clipGraphemes(text, max)}...` : text;
}

/**
 * Thousands separators and two decimals, from the exact decimal string of the wire
 * ("1234567.8" -> "1,234,567.80"), or the mask when amounts are hidden.
 */
export function formatAmount(amount: string | number, masked = false): string {
  if (masked) return MASKED_AMOUNT;
  const text = typeof amount === 'number' ? amount.toFixed(2) : amount.trim();
  const m = /^(-?)(\d+)(?:\.(\d*))?$/.exec(text);
  if (!m) return text;
  const [, sign = '', units = '0', cents = ''] = m;
  const grouped = units.replace(/^0+(?=\d)/, '').replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${sign}${grouped}.${cents.padEnd(2, '0').slice(0, 2)}`;
}

const EMOJI = /\p{Extended_Pictographic}|\p{Regional_Indicator}/u;
export function hasEmoji(text: string): boolean {
  return EMOJI.test(text);
}

/** Plain text from rich text: no tags, no non-breaking spaces, no line breaks, trimmed. */
export function stripHtml(html: string): string {
  return html
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;|\u00a0/g, ' ')
    .replace(/[\r\n]+/g, '')
    .trim();
}

/** Masks the middle of a phone number: 13800138000 -> 138****8000. */
export function maskPhone(phone: string): string {
  return phone.length >= 11 ? `${phone.slice(0, 3)}****${phone.slice(-4)}` : phone;
}
