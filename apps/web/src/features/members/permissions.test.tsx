import { BOOK_PATHS, MEMBER_PATHS, Permission } from '@cab/contracts/client';
import { QueryClient, QueryClientProvider, useMutation } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/request.ts';
import { NoRecordPermission } from './components/NoRecordPermission.tsx';
import { PERMISSIONS_FRESH_MS, readPermissionCache, useBookPermissions } from './permissions.ts';
import { useMayRecord } from './useMayRecord.ts';

const request = vi.hoisted(() => vi.fn());
vi.mock('../../api/client.ts', () => ({ request }));

const CODES = [Permission.ADD_TRANSACTION, Permission.EDIT_TRANSACTION];
let granted: Set<string>;
let roleId: string;
const permissionCalls = () => request.mock.calls.filter(([u]) => u === MEMBER_PATHS.permissions);

function Probe({ role, codes = CODES }: { role: string | undefined; codes?: readonly string[] }) {
  const p = useBookPermissions('9', role, codes);
  const fail = useMutation({
    mutationFn: () => Promise.reject(new ApiError(403, 403, '没有权限')),
  });
  return (
    <>
      <span data-testid="add">{p.data ? String(p.allowed(Permission.ADD_TRANSACTION)) : 'unknown'}</span>
      <button type="button" data-testid="refused" onClick={() => fail.mutate()} />
    </>
  );
}

function Recording({ editing }: { editing: boolean }) {
  const may = useMayRecord('9', editing);
  return may ? <button type="button" data-testid="save" /> : <NoRecordPermission editing={editing} />;
}

const mount = (ui: React.ReactNode) => {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(<QueryClientProvider client={qc}>{ui}</QueryClientProvider>);
};
const keep = (role: string, codes: Record<string, '0' | '1'>, at = Date.now()) =>
  localStorage.setItem('cab.permissions.9', JSON.stringify({ roleId: role, at, codes }));

describe('the permissions kept per book and role', () => {
  afterEach(cleanup);
  beforeEach(() => {
    localStorage.clear();
    granted = new Set([Permission.ADD_TRANSACTION]);
    roleId = '4';
    request.mockReset();
    request.mockImplementation((url: string, o: { data?: Record<string, unknown> }) => {
      if (url === MEMBER_PATHS.permissions)
        return Promise.resolve({
          data: Object.fromEntries(
            String(o.data?.code)
              .split(',')
              .map((c) => [c, granted.has(c) ? '1' : '0']),
          ),
        });
      if (url.startsWith(BOOK_PATHS.book))
        return Promise.resolve({ data: { id: '9', role_list: [{ role_id: roleId, role_name: 'viewer' }] } });
      return Promise.reject(new Error(`unexpected ${url}`));
    });
  });

  it('asks once, in the book, and keeps the answer with the role', async () => {
    mount(<Probe role="4" />);
    await waitFor(() => expect(screen.getByTestId('add').textContent).toBe('true'));
    expect(permissionCalls()).toHaveLength(1);
    expect(permissionCalls()[0]![1]).toMatchObject({ method: 'GET', data: { code: '010001,010002' }, tradingEntity: '9' });
    expect(readPermissionCache('9')).toMatchObject({ roleId: '4', codes: { '010001': '1', '010002': '0' } });
  });

  it('draws from what is kept for the same role without asking', async () => {
    keep('4', { '010001': '0', '010002': '0' });
    mount(<Probe role="4" />);
    expect(screen.getByTestId('add').textContent).toBe('false');
    await new Promise((r) => setTimeout(r, 20));
    expect(permissionCalls()).toHaveLength(0);
  });

  it('asks again when the kept answer is old', async () => {
    keep('4', { '010001': '0', '010002': '0' }, Date.now() - PERMISSIONS_FRESH_MS - 1000);
    mount(<Probe role="4" />);
    expect(screen.getByTestId('add').textContent).toBe('false');
    await waitFor(() => expect(screen.getByTestId('add').textContent).toBe('true'));
  });

  it('asks again when the book’s role is another one, and forgets the other role’s answers', async () => {
    keep('3', { '010001': '0', '010002': '0', '11': '1' });
    mount(<Probe role="4" />);
    await waitFor(() => expect(screen.getByTestId('add').textContent).toBe('true'));
    expect(permissionCalls()).toHaveLength(1);
    expect(readPermissionCache('9')?.codes).toEqual({ '010001': '1', '010002': '0' });
  });

  it('asks for codes it does not hold yet, and adds them to the kept ones', async () => {
    keep('4', { '010001': '1' });
    mount(<Probe role="4" />);
    await waitFor(() => expect(permissionCalls()).toHaveLength(1));
    await waitFor(() => expect(readPermissionCache('9')?.codes).toEqual({ '010001': '1', '010002': '0' }));
  });

  it('uses a kept answer while the role is not known yet', () => {
    keep('4', { '010001': '1', '010002': '1' });
    mount(<Probe role={undefined} />);
    expect(screen.getByTestId('add').textContent).toBe('true');
    expect(permissionCalls()).toHaveLength(0);
  });

  it('forgets the kept answer and asks again after a call is refused with 403', async () => {
    keep('4', { '010001': '1', '010002': '1' });
    granted = new Set();
    mount(<Probe role="4" />);
    expect(screen.getByTestId('add').textContent).toBe('true');
    await act(async () => fireEvent.click(screen.getByTestId('refused')));
    await waitFor(() => expect(screen.getByTestId('add').textContent).toBe('false'));
    expect(readPermissionCache('9')?.codes).toEqual({ '010001': '0', '010002': '0' });
  });

  it('tells a member who may not record why, instead of a save button', async () => {
    granted = new Set();
    mount(<Recording editing={false} />);
    expect(screen.getByTestId('save')).toBeTruthy(); // until known
    expect((await screen.findByTestId('rec-no-permission')).textContent).toContain('你在这个账本中的角色不能记账');
  });

  it('lets a bookkeeper record, and asks for the edit permission when editing', async () => {
    mount(<Recording editing={true} />);
    expect((await screen.findByTestId('rec-no-permission')).textContent).toContain('不能修改或删除账目');
    cleanup();
    mount(<Recording editing={false} />);
    await waitFor(() => expect(permissionCalls().length).toBeGreaterThan(0));
    expect(screen.getByTestId('save')).toBeTruthy();
  });
});
