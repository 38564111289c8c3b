import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ComponentType } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from './lib/hash-router.tsx';
import type { Mock } from 'vitest';

/**
 * Page tests: pages drawn at a path of a memory router with a fresh query client (no
 * retries), and what the mocked request wrapper was asked for.
 */
export function renderPages(path: string, pages: Record<string, ComponentType>): { location: () => string } {
  let location = '';
  function Where() {
    const l = useLocation();
    location = l.pathname + l.search;
    return null;
  }
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={qc}>
      <MemoryRouter initialEntries={[path]}>
        <Where />
        <Routes>
          {Object.entries(pages).map(([p, Page]) => (
            <Route key={p} path={p} element={<Page />} />
          ))}
          <Route path="*" element={<div data-testid="elsewhere" />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { location: () => location };
}

/** The bodies (or queries) the mocked `request` was called with for a path, in order. */
export const bodiesOf = (request: Mock, url: string): Array<Record<string, unknown>> =>
  request.mock.calls.filter(([u]) => u === url).map(([, o]) => (o as { data: Record<string, unknown> }).data);
