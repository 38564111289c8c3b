/**
 * App-setting keys as the server sends them ("show.corporation-name") become the
 * client's camelCase names, and the word corporation is renamed merchant
 * ("showMerchantName"). Underscores are kept: they are part of a word.
 */
export function settingKey(raw: string): string {
  const parts = raw.split(/[.-]+/).filter(Boolean);
  return parts
    .map((p, i) => {
      const word = p.replace(/corporation/gi, (m) => (m[0] === 'C' ? 'Merchant' : 'merchant'));
      return i === 0 ? word : word.charAt(0).toUpperCase() + word.slice(1);
    })
    .join('');
}

/** Server preferences (key/value list) merged over the defaults, keys renamed. */
export function mergeSettings<T extends Record<string, unknown>>(
  defaults: T,
  configs: Array<{ key: string; value: unknown }>,
): T & Record<string, unknown> {
  const merged: Record<string, unknown> = { ...defaults };
  for (const { key, value } of configs) merged[settingKey(key)] = value;
  return merged as T & Record<string, unknown>;
}
