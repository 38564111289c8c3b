import type { ReactNode } from 'react';
import empty from '../assets/states/empty.svg';
import failed from '../assets/states/failed.svg';
import loggedOut from '../assets/states/logged-out.svg';
import noResults from '../assets/states/no-results.svg';
import notFound from '../assets/states/not-found.svg';
import notOpen from '../assets/states/not-open.svg';

/**
 * The states a screen shows instead of its content, each with a picture of its own so
 * people tell them apart at a glance (docs/ui.md): not logged in, nothing yet (empty),
 * nothing matches (noResults), failed to load, a page not open yet, no such page.
 */
export type EmptyKind = 'loggedOut' | 'empty' | 'noResults' | 'failed' | 'notOpen' | 'notFound';

const PICTURES: Record<EmptyKind, string> = { loggedOut, empty, noResults, failed, notOpen, notFound };

export function EmptyState({
  kind,
  title,
  description,
  action,
  full,
  testId,
}: {
  kind: EmptyKind;
  title: ReactNode;
  description?: ReactNode;
  action?: ReactNode;
  full?: boolean;
  testId?: string;
}) {
  return (
    <div className={full ? 'empty-state full' : 'empty-state'} data-testid={testId ?? `state-${kind}`} data-state={kind}>
      <img src={PICTURES[kind]} alt="" width={160} height={120} />
      <div className="empty-state-title">{title}</div>
      {description && <div className="empty-state-desc">{description}</div>}
      {action && <div className="empty-state-action">{action}</div>}
    </div>
  );
}
