import type { ContentSummary, Operation } from '@cab/contracts/client';
import { ROUTES } from '../../app/route-table.ts';

/** One entry of the home info flow: an article or video, or an operator's card. */
export type FlowItem = { kind: 'content'; content: ContentSummary } | { kind: 'operation'; operation: Operation };

/**
 * The info flow as shown: the contents in their order, each operation card on show put
 * at its `position` (0 first) counted in the merged list. A card whose position lies past
 * the contents loaded so far waits for the next page while there is one (so it does not
 * jump down as pages arrive), and goes last once the flow has ended.
 */
export function mergeFlow(contents: readonly ContentSummary[], operations: readonly Operation[], hasMore: boolean): FlowItem[] {
  const items: FlowItem[] = contents.map((content) => ({ kind: 'content', content }));
  const shown = operations.filter((o) => o.show).sort((a, b) => a.position - b.position);
  for (const operation of shown) {
    const at = Math.max(0, operation.position);
    if (at > items.length && hasMore) break;
    items.splice(Math.min(at, items.length), 0, { kind: 'operation', operation });
  }
  return items;
}

export type OperationLink = { kind: 'route'; to: string } | { kind: 'url'; href: string };

const KNOWN = new Set(ROUTES.map((r) => r.path));

/**
 * Where an operation's `link` goes: a page route of SPEC 2 ('pages/market/index',
 * optionally with a query) opens inside the app; an https address opens in a new tab.
 * Anything else (plain http, an unknown route, script URLs) is not followed.
 */
export function operationLink(link: string): OperationLink | undefined {
  const value = link.trim();
  if (/^https:\/\/[^\s]+$/i.test(value)) return { kind: 'url', href: value };
  const route = value.replace(/^#?\/+/, '');
  const path = route.split('?')[0] ?? '';
  return KNOWN.has(path) ? { kind: 'route', to: `/${route}` } : undefined;
}

const styleItem = (o: Operation, key: string): string | undefined => o.style_items.find((i) => i.key === key)?.value || undefined;

/** An operation's title and text in the user's language: English rides in the style items `title_en` and `text_en`. */
export function operationText(o: Operation, language: string): { title: string; text: string } {
  if (language !== 'en') return { title: o.title, text: o.text };
  return { title: styleItem(o, 'title_en') ?? o.title, text: styleItem(o, 'text_en') ?? o.text };
}

/** The address a shared route of this app opens at (an https address stays as it is). */
export const appUrl = (route: string): string =>
  /^https:\/\//i.test(route) ? route : `${window.location.origin}${window.location.pathname}#/${route.replace(/^#?\/+/, '')}`;
