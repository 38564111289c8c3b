import type { ForeignKey } from './backup.repository.ts';

/** The order to restore tables in, and the tables that point to themselves. */
export interface RestoreOrder {
  tables: string[];
  selfReferencing: Set<string>;
}

/**
 * Every table after the tables its foreign keys point to (by name among equals, so two
 * runs agree). A table pointing to itself is noted apart (its rows go in with one
 * statement); a cycle between tables has no such order and is refused.
 */
export function restoreOrder(tables: readonly string[], keys: readonly ForeignKey[]): RestoreOrder {
  const selfReferencing = new Set<string>();
  const parents = new Map(tables.map((t) => [t, new Set<string>()]));
  for (const k of keys) {
    if (k.child === k.parent) selfReferencing.add(k.child);
    else parents.get(k.child)?.add(k.parent);
  }
  const ordered: string[] = [];
  const placed = new Set<string>();
  const left = [...tables].sort();
  while (left.length) {
    const next = left.findIndex((t) => [...parents.get(t)!].every((p) => placed.has(p) || !parents.has(p)));
    if (next < 0) throw new Error(`the foreign keys between ${left.join(', ')} form a cycle: no table can be restored first`);
    const [t] = left.splice(next, 1);
    ordered.push(t!);
    placed.add(t!);
  }
  return { tables: ordered, selfReferencing };
}
