import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { normalizePhone } from './rules.ts';

/** The modules a file imports at run time (type-only imports and exports are erased). */
function runtimeImports(file: string): string[] {
  const src = fs.readFileSync(file, 'utf8');
  const specs: string[] = [];
  for (const m of src.matchAll(/^(?:import|export)\s+(?!type\b)[^;]*?from\s+'([^']+)'/gm)) specs.push(m[1]!);
  for (const m of src.matchAll(/^import\s+'([^']+)'/gm)) specs.push(m[1]!);
  return specs;
}

function closure(entry: string): Set<string> {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    if (!file.startsWith('/')) return; // a package: it is enough to know it is reached
    for (const spec of runtimeImports(file)) visit(spec.startsWith('.') ? path.resolve(path.dirname(file), spec) : spec);
  };
  visit(entry);
  return seen;
}

describe('the client entry', () => {
  it('reaches no zod at run time, so the web first load stays light', () => {
    const reached = [...closure(path.resolve(import.meta.dirname, 'client.ts'))];
    expect(reached.filter((f) => !f.startsWith('/'))).toEqual([]);
    expect(reached.map((f) => path.basename(f)).sort()).toEqual([
      'accounting-paths.ts',
      'accounting-rules.ts',
      'activity-kinds.ts',
      'archives-paths.ts',
      'budgets-paths.ts',
      'client.ts',
      'cloud-paths.ts',
      'commerce-paths.ts',
      'constants.ts',
      'content-paths.ts',
      'dimension-icons.ts',
      'errors.ts',
      'exports-paths.ts',
      'feedback-paths.ts',
      'forum-paths.ts',
      'imports-paths.ts',
      'live.ts',
      'market-paths.ts',
      'members-paths.ts',
      'message-def.ts',
      'message-texts.ts',
      'messages-accounting.ts',
      'messages-archives.ts',
      'messages-auth.ts',
      'messages-books.ts',
      'messages-budgets.ts',
      'messages-center.ts',
      'messages-cloud.ts',
      'messages-commerce.ts',
      'messages-community.ts',
      'messages-exports.ts',
      'messages-feedback.ts',
      'messages-imports.ts',
      'messages-market.ts',
      'messages-members.ts',
      'messages-paths.ts',
      'messages-ranges.ts',
      'messages-request.ts',
      'messages-sms.ts',
      'messages-statistics.ts',
      'messages-tracking.ts',
      'messages-validation.ts',
      'messages-zones.ts',
      'messages.ts',
      'money.ts',
      'nickname.ts',
      'paths.ts',
      'permissions.ts',
      'rules.ts',
      'signing.ts',
      'statistics-paths.ts',
      'statistics-rules.ts',
      'text-rules.ts',
      'text.ts',
      'time-range.ts',
      'tracking-paths.ts',
      'webviews-paths.ts',
      'zones-paths.ts',
    ]);
  });

  it('the server entry does reach zod (the check above can see it)', () => {
    expect([...closure(path.resolve(import.meta.dirname, 'index.ts'))]).toContain('zod');
  });

  it('normalizes phones as the server schema does', () => {
    expect(normalizePhone(' +8613800138000 ')).toBe('13800138000');
    expect(normalizePhone('8613800138000')).toBe('13800138000');
    for (const bad of ['abc13800xyz', '12800138000', '1380013800', '']) expect(normalizePhone(bad), bad).toBeUndefined();
  });
});
