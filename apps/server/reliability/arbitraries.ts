import fc from 'fast-check';
import type { z } from 'zod';

/**
 * Requests made from the routes' own zod contracts: values of the shape a contract asks
 * for (ids, money, enum members, nested objects), mixed with boundary and hostile ones.
 */
interface Def {
  type: string;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  options?: z.ZodType[];
  entries?: Record<string, string | number>;
  values?: unknown[];
  innerType?: z.ZodType;
  in?: z.ZodType;
  keyType?: z.ZodType;
  valueType?: z.ZodType;
  getter?: () => z.ZodType;
}
const defOf = (s: z.ZodType): Def => (s as unknown as { _zod: { def: Def } })._zod.def;

const deep = (n: number): unknown => (n === 0 ? 'x' : { a: deep(n - 1), b: [deep(n - 1 > 3 ? 3 : n - 1)] });

/** Values no contract wants: control characters, lone surrogates, SQL and HTML, huge numbers, wrong types, deep nesting. */
export const hostile: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    'a\u0000b',
    '\u0007\u001b[31m',
    '\ud800',
    'x\udfffy',
    "' OR 1=1; DROP TABLE books; --",
    '<script>alert(1)</script>',
    '<img src=x onerror=alert(1)>',
    '../../etc/passwd',
    '%00',
    '9'.repeat(40),
    '-0',
    '1e309',
    'NaN',
    '\u202e\u0644',
    '😀'.repeat(50),
  ),
  fc.constantFrom(0, -1, 1.5, -1e308, 1e308, Number.MAX_SAFE_INTEGER + 2, -2147483649, true, false, null, [], {}, [[[]]]),
  fc.constant(null).map(() => deep(30)),
  fc.string({ unit: 'binary', maxLength: 40 }),
);

/**
 * A value for one part of a forged cursor: of any type, numbers and decimal text at and
 * past every bound a part has (bigint, the time range, microseconds, JavaScript's dates),
 * wall-clock times that do not exist, and the hostile values above.
 */
export const hostilePart: fc.Arbitrary<unknown> = fc.oneof(
  hostile,
  fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n }).map(String),
  fc.constantFrom(2n ** 63n - 1n, 2n ** 63n, -(2n ** 63n), -(2n ** 63n) - 1n, 10n ** 30n, 32_503_680_000_000_000n).map(String),
  fc.oneof(fc.integer(), fc.double(), fc.constantFrom(8.64e15, 8.64e15 + 1, 32_503_680_000_000, -62e12, 2 ** 53 + 2)),
  fc
    .tuple(
      fc.integer({ min: -1, max: 300_000 }),
      fc.integer({ min: 0, max: 13 }),
      fc.integer({ min: 0, max: 32 }),
      fc.integer({ min: 0, max: 25 }),
    )
    .map(
      ([y, m, d, h]) =>
        `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')} ${String(h).padStart(2, '0')}:00:00`,
    ),
);

/** A 1 MB string, sent now and then. */
export const huge = fc.constant(null).map(() => 'x'.repeat(1_048_576));

const idLike = fc.oneof(
  fc.constantFrom('1', '2', '3', '0', '-1', '999999999999', '9223372036854775807', '9223372036854775808', '99999999999999999999'),
  fc.integer({ min: 1, max: 5000 }).map(String),
);
const moneyLike = fc.oneof(
  fc.constantFrom('0', '0.01', '1.5', '12.34', '-5', '9999999999.99', '10000000000'),
  fc.integer({ min: -1e6, max: 1e8 }).map((v) => (v / 100).toFixed(2)),
);
const stringLike = fc.oneof(
  idLike,
  moneyLike,
  fc.string({ maxLength: 30 }),
  fc.constantFrom('家庭', 'Expense', 'Month', 'TIME_MONTH', '2026', '202611', 'Asia/Shanghai'),
);

/** A value for a schema: usually of its shape, sometimes hostile. */
export function valueFor(schema: z.ZodType, depth = 0): fc.Arbitrary<unknown> {
  return fc.oneof({ weight: 4, arbitrary: shaped(schema, depth) }, { weight: 1, arbitrary: hostile });
}

function shaped(schema: z.ZodType, depth: number): fc.Arbitrary<unknown> {
  const d = defOf(schema);
  if (depth > 6) return fc.constant(undefined);
  switch (d.type) {
    case 'string':
      return stringLike;
    case 'number':
    case 'int':
      return fc.oneof(
        fc.integer({ min: -5, max: 200 }),
        fc.constantFrom(0, 1, 20, 100, 1_800_000_000_000, Date.now(), -28800, 2 ** 31, 32_503_680_000_000, 8.7e15, 9e15, 1e16, 2 ** 53),
      );
    case 'bigint':
      return fc.bigInt().map(String);
    case 'boolean':
      return fc.boolean();
    case 'literal':
      return fc.constantFrom(...(d.values ?? [undefined]));
    case 'enum':
      return fc.constantFrom(...Object.values(d.entries ?? { x: 'x' }));
    case 'array':
      return fc.array(valueFor(d.element!, depth + 1), { maxLength: 4 });
    case 'object': {
      const shape = d.shape ?? {};
      const keys = Object.keys(shape);
      if (!keys.length) return fc.constant({});
      return fc.record(Object.fromEntries(keys.map((k) => [k, valueFor(shape[k]!, depth + 1)])), { requiredKeys: [] });
    }
    case 'union':
      return fc.oneof(...(d.options ?? []).map((o) => shaped(o, depth + 1)));
    case 'optional':
    case 'nullable':
    case 'default':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return fc.oneof(fc.constant(undefined), shaped(d.innerType!, depth));
    case 'pipe':
      return shaped(d.in!, depth);
    case 'record':
      return fc.dictionary(fc.string({ maxLength: 8 }), valueFor(d.valueType!, depth + 1), { maxKeys: 3 });
    case 'lazy':
      return shaped(d.getter!(), depth + 1);
    default:
      return hostile;
  }
}

/** Any value as text (objects as JSON; an object without a prototype has no String()). */
export function asText(v: unknown): string {
  if (typeof v === 'object' && v !== null) return JSON.stringify(v) ?? '';
  return String(v);
}

/** Percent-encodes text; a lone surrogate (which has no UTF-8) goes as the bytes of one, as a careless client would send. */
export function encodeLoosely(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return [...text].map((ch) => (/[\ud800-\udfff]/.test(ch) ? '%ED%A0%80' : encodeURIComponent(ch))).join('');
  }
}

/** A query string from an object of values (arrays repeat their key); hostile values go in as text. */
export function queryString(v: unknown): string {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) return v === undefined ? '' : `x=${encodeLoosely(asText(v))}`;
  const parts: string[] = [];
  for (const [k, x] of Object.entries(v)) {
    if (x === undefined) continue;
    for (const one of Array.isArray(x) ? x : [x]) parts.push(`${encodeLoosely(k)}=${encodeLoosely(asText(one))}`);
  }
  return parts.join('&');
}
