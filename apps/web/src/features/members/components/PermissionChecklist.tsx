import { ALWAYS_HELD, type PermissionNode } from '@cab/contracts/client';
import { Checkbox } from 'antd-mobile';

/**
 * The permission-config tree as groups of checkboxes: a group, then its codes. Read-only
 * when `disabled` (a role the caller may not edit, or the owner's); what every role
 * holds (02 basic) stays ticked.
 */
export function PermissionChecklist({
  nodes,
  selected,
  disabled,
  onToggle,
}: {
  nodes: readonly PermissionNode[];
  selected: ReadonlySet<string>;
  disabled: boolean;
  onToggle: (code: string, on: boolean) => void;
}) {
  const row = (n: PermissionNode, kind: 'group' | 'child') => (
    <Checkbox
      key={n.code}
      block
      className={`perm-row ${kind}`}
      data-testid={`perm-${n.code}`}
      checked={selected.has(n.code) || ALWAYS_HELD.includes(n.code as (typeof ALWAYS_HELD)[number])}
      disabled={disabled || ALWAYS_HELD.includes(n.code as (typeof ALWAYS_HELD)[number])}
      onChange={(on) => onToggle(n.code, on)}
    >
      {n.name}
    </Checkbox>
  );
  return (
    <div data-testid="permission-checklist">
      {nodes.map((g) => (
        <div key={g.code} className="perm-group" role="group" aria-label={g.name}>
          {row(g, 'group')}
          {g.children.map((c) => row(c, 'child'))}
        </div>
      ))}
    </div>
  );
}
