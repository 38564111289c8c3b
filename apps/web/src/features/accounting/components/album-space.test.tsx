import { ACCOUNTING_PATHS, ErrorCode, type CapacityInfo } from '@cab/contracts/client';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../api/request.ts';
import { renderPages } from '../../../test-pages.tsx';
import { uploadImage } from '../images.ts';
import { Album } from './Album.tsx';

const request = vi.hoisted(() => vi.fn());
vi.mock('../../../api/client.ts', () => ({ request }));
const toast = vi.hoisted(() => ({ showToast: vi.fn(), showLoading: vi.fn(() => () => undefined), loadToast: vi.fn() }));
vi.mock('../../../app/toast.ts', () => toast);

const FULL: CapacityInfo = {
  used: '100.00',
  total: '100.00',
  unit: 'MB',
  pic_upload_permit: 'not_permit',
  tips_title: '不允许上传图片',
  tips_content: '账本云空间已用完（100.00/100.00 MB），请清理图片或扩容后再上传',
};
const ROOM: CapacityInfo = { ...FULL, used: '99.50', pic_upload_permit: 'permit', tips_title: '', tips_content: '' };

let space: CapacityInfo;
let page: { location: () => string };
const REFUSED = new ApiError(422, ErrorCode.CAPACITY_EXCEEDED, '账本云空间已用完（99.50/100.00 MB），请清理图片或扩容后再上传');

function RecordForm() {
  return <Album bookId="9" images={[]} onOpen={() => undefined} />;
}

beforeEach(() => {
  toast.showToast.mockClear();
  space = FULL;
  request.mockReset();
  request.mockImplementation((url: string) =>
    Promise.resolve().then(() => {
      if (url === ACCOUNTING_PATHS.capacity) return { data: space };
      if (url === ACCOUNTING_PATHS.upload) throw REFUSED;
      throw new Error(`unexpected ${url}`);
    }),
  );
  page = renderPages('/subPackages/accounting/index', { '/subPackages/accounting/index': RecordForm });
});
afterEach(() => {
  cleanup();
  document.body.innerHTML = '';
});

describe("the album and the book's cloud space", () => {
  it('full: says so with the way to buy space, and a tap on add shows the tip instead of the choice of images', async () => {
    const line = await screen.findByTestId('album-space');
    expect(line.getAttribute('data-full')).toBe('true');
    expect(line.textContent).toBe('云空间已满，不能再上传图片购买空间');
    fireEvent.click(screen.getByTestId('album-add'));
    const tip = await screen.findByTestId('album-space-full');
    expect(tip.textContent).toBe('不允许上传图片账本云空间已用完（100.00/100.00 MB），请清理图片或扩容后再上传');
    expect(screen.queryByTestId('album-album')).toBeNull();
    fireEvent.click(screen.getByTestId('album-buy-space'));
    await waitFor(() => expect(page.location()).toBe('/cloud/index?bookId=9'));
    expect(request.mock.calls.filter(([u]) => u === ACCOUNTING_PATHS.capacity)[0]![1]).toMatchObject({ tradingEntity: '9' });
  });

  it('with room: says what is left, and the choice of images opens', async () => {
    space = ROOM;
    cleanup();
    page = renderPages('/subPackages/accounting/index', { '/subPackages/accounting/index': RecordForm });
    await waitFor(() => expect(screen.getByTestId('album-space').textContent).toBe('云空间剩余 0.5 MB'));
    fireEvent.click(screen.getByTestId('album-add'));
    await screen.findByTestId('album-album');
    expect(screen.queryByTestId('album-space-full')).toBeNull();
  });

  it('an upload refused for want of space (1074) shows the tip with the way to buy space, not a toast', async () => {
    space = ROOM;
    await screen.findByTestId('album-space');
    await expect(uploadImage('9', new Blob(['x'], { type: 'image/png' }), () => undefined)).rejects.toBe(REFUSED);
    const tip = await screen.findByTestId('album-space-full');
    expect(tip.textContent).toBe('不允许上传图片账本云空间已用完（99.50/100.00 MB），请清理图片或扩容后再上传');
    expect(toast.showToast).not.toHaveBeenCalled();
    // Once the space says it is full, its own tip is the one shown.
    cleanup();
    document.body.innerHTML = '';
    space = FULL;
    page = renderPages('/subPackages/accounting/index', { '/subPackages/accounting/index': RecordForm });
    await screen.findByTestId('album-space');
    await expect(uploadImage('9', new Blob(['x'], { type: 'image/png' }), () => undefined)).rejects.toBe(REFUSED);
    expect((await screen.findByTestId('album-space-full')).textContent).toContain('100.00/100.00 MB');
  });

  it('other refusals are toasted as the server words them', async () => {
    const other = new ApiError(413, 1071, '图片不能超过 5120 KB');
    request.mockImplementation((url: string) =>
      Promise.resolve().then(() => {
        if (url === ACCOUNTING_PATHS.capacity) return { data: ROOM };
        throw other;
      }),
    );
    await expect(uploadImage('9', new Blob(['x'], { type: 'image/png' }), () => undefined)).rejects.toBe(other);
    expect(toast.showToast).toHaveBeenCalledWith('图片不能超过 5120 KB');
  });
});
