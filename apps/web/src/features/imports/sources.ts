import type { ImportSource } from '@cab/contracts/client';

/** The files the picker offers for each source: what that app or bank exports. */
export const SOURCE_ACCEPT: Record<ImportSource, string> = {
  alipay: '.csv,.xls,.xlsx,.zip',
  wechat: '.csv,.xls,.xlsx,.zip',
  suishouji: '.csv,.xls,.xlsx,.zip',
  table: '.csv,.tsv,.txt,.xls,.xlsx,.zip',
  ofx: '.ofx,.qfx',
  qif: '.qif',
  beancount: '.beancount,.bean,.txt',
};

/**
 * Sources whose dates may be written either way round (03/04/2024): the date order is asked
 * before the file is chosen, since the server's 'auto' reads year-first dates only. A
 * sheet's order is part of its column mapping instead.
 */
export const ASKS_DATE_ORDER: ReadonlySet<ImportSource> = new Set(['qif']);

/**
 * Each source's badge: a coloured rounded square with a character, letters or a grid. Our
 * own drawing, not the apps' marks; colours dark enough for white to read on them.
 */
export const SOURCE_BADGES: Record<ImportSource, { color: string; glyph: string | 'grid'; size?: number }> = {
  alipay: { color: '#0b5fc4', glyph: '支' },
  wechat: { color: '#0a7a3a', glyph: '微' },
  suishouji: { color: '#b34400', glyph: '随' },
  table: { color: '#0f6b63', glyph: 'grid' },
  ofx: { color: '#4338ca', glyph: 'OFX', size: 11 },
  qif: { color: '#7e22ce', glyph: 'QIF', size: 11 },
  beancount: { color: '#334155', glyph: 'BC', size: 14 },
};
