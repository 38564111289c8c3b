import { render, screen } from '@testing-library/react';
import { Suspense, lazy, type ComponentType } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { PageErrorBoundary } from './PageErrorBoundary.tsx';

function renderPage(load: () => Promise<{ default: ComponentType }>) {
  const Page = lazy(load);
  render(
    <PageErrorBoundary>
      <Suspense fallback={<span>loading</span>}>
        <Page />
      </Suspense>
    </PageErrorBoundary>,
  );
}

describe('a page whose code cannot be loaded', () => {
  it('shows the failed-to-load state with a retry instead of a blank screen', async () => {
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderPage(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/MinePage-old.js')));
    expect(await screen.findByTestId('page-failed')).toBeTruthy();
    expect(screen.getByTestId('load-retry')).toBeTruthy();
    quiet.mockRestore();
  });

  it('draws the page when its code loads', async () => {
    renderPage(async () => ({ default: () => <p>the page</p> }));
    expect(await screen.findByText('the page')).toBeTruthy();
  });
});
