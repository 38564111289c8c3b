import { render, screen } from '@testing-library/react';
import { Suspense, lazy } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { PageErrorBoundary } from './PageErrorBoundary.tsx';

describe('a page whose code cannot be loaded', () => {
  it('shows the failed-to-load state with a retry instead of a blank screen', async () => {
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const Page = lazy(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/MinePage-old.js')));
    render(
      <PageErrorBoundary>
        <Suspense fallback={<span>loading</span>}>
          <Page />
        </Suspense>
      </PageErrorBoundary>,
    );
    expect(await screen.findByTestId('page-failed')).toBeTruthy();
    expect(screen.getByTestId('load-retry')).toBeTruthy();
    quiet.mockRestore();
  });

  it('draws the page when its code loads', async () => {
    const Page = lazy(async () => ({ default: () => <p>the page</p> }));
    render(
      <PageErrorBoundary>
        <Suspense fallback={<span>loading</span>}>
          <Page />
        </Suspense>
      </PageErrorBoundary>,
    );
    expect(await screen.findByText('the page')).toBeTruthy();
  });
});
