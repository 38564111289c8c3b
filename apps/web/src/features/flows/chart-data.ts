import { minorToMoney, moneyToMinor, type GroupItem, type MetricKey } from '@cab/contracts/client';
import { metric } from './api.ts';
import { sharePermille } from './amounts.ts';

/** One ranked group: its name, icon and amount, its share of the total and its colour in the chart. */
export interface Ranked {
  id: string;
  name: string;
  icon: string | undefined;
  amount: string;
  permille: number;
  color: string;
}

/**
 * Groups ranked by one metric, largest first, with their shares of `total` (from the
 * server's totals, not a sum of floats). Groups without any amount are left out; the
 * colours follow the rank, so the list and the ring match.
 */
export function rankGroups(groups: GroupItem[], key: MetricKey, total: string, palette: readonly string[]): Ranked[] {
  return groups
    .map((g) => ({ g, amount: metric(g.metric_data, key) }))
    .filter((x) => moneyToMinor(x.amount) > 0n)
    .sort((a, b) => {
      const d = moneyToMinor(b.amount) - moneyToMinor(a.amount);
      return d > 0n ? 1 : d < 0n ? -1 : 0;
    })
    .map(({ g, amount }, i) => ({
      id: g.group_info.group_id,
      name: g.group_info.group_name,
      icon: g.group_info.icon,
      amount,
      permille: sharePermille(amount, total),
      color: palette[Math.min(i, palette.length - 1)] ?? '#a3a3a3',
    }));
}

/**
 * The parts a ring draws: the first `max - 1` groups, and the rest as one part (a ring
 * of thirty slivers says nothing), added up in minor units.
 */
export function ringParts(
  ranked: Ranked[],
  max: number,
  othersLabel: string,
  othersColor: string,
): Array<Pick<Ranked, 'name' | 'amount' | 'color'>> {
  if (ranked.length <= max) return ranked;
  const head = ranked.slice(0, max - 1);
  const rest = ranked.slice(max - 1).reduce((sum, r) => sum + moneyToMinor(r.amount), 0n);
  return [...head, { name: othersLabel, amount: minorToMoney(rest), color: othersColor }];
}
