import { Component, type ReactNode } from 'react';
import { LoadFailed } from './LoadFailed.tsx';

/**
 * A page that fails to load its code (offline, or a build replaced by a deploy) or
 * throws while drawing shows the failed-to-load state with a retry, instead of a
 * blank screen. Retrying reloads the app: a failed code download is not retried by
 * the browser within the same page.
 */
export class PageErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown): void {
    console.error('page failed', error);
  }

  override render(): ReactNode {
    if (!this.state.failed) return this.props.children;
    return (
      <div className="page-center" data-testid="page-failed">
        <LoadFailed onRetry={() => window.location.reload()} />
      </div>
    );
  }
}
