import 'fake-indexeddb/auto';
import { ACCOUNTING_PATHS } from '@cab/contracts/client';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { idb } from '../idb.ts';
import { flush, queueCreate } from '../outbox.ts';
import { OfflineBanner } from './OfflineBanner.tsx';

const online = (value: boolean) => vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(value);

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

beforeEach(async () => {
  await idb.reset();
});

describe('the offline banner', () => {
  it('is not shown online with nothing waiting', async () => {
    online(true);
    const { container } = render(<OfflineBanner bookId="b1" />);
    await new Promise((r) => setTimeout(r, 50));
    expect(container.textContent).toBe('');
  });

  it('says the app is offline, and how many records of the book wait', async () => {
    online(false);
    render(<OfflineBanner bookId="b1" />);
    expect((await screen.findByTestId('offline-banner')).textContent).toBe('离线中：记账会在联网后自动同步');
    await queueCreate('b1', ACCOUNTING_PATHS.expense, { amount: '1.00' });
    await queueCreate('b1', ACCOUNTING_PATHS.expense, { amount: '2.00' });
    await queueCreate('b2', ACCOUNTING_PATHS.expense, { amount: '3.00' });
    await waitFor(() => expect(screen.getByTestId('offline-banner').textContent).toBe('离线中：记账会在联网后自动同步，2 条待同步'));
  });

  it('online, says what waits to be sent and what was refused', async () => {
    online(true);
    await queueCreate('b1', ACCOUNTING_PATHS.expense, { amount: '1.00' });
    render(<OfflineBanner bookId="b1" />);
    await waitFor(() => expect(screen.getByTestId('offline-banner').textContent).toBe('1 条待同步，正在发送'));
    await flush(async () => ({ ok: false, refused: 'category deleted' }));
    await waitFor(() => expect(screen.getByTestId('offline-banner').textContent).toBe('1 条未同步，点按查看'));
  });
});
