import { BOOK_PATHS, FORUM_PATHS, MEMBER_PATHS } from '@cab/contracts/client';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useBookStore } from '../../stores/book.ts';
import { useUserStore } from '../../stores/user.ts';
import { bodiesOf, renderPages } from '../../test-pages.tsx';
import CommunityPostPage from './CommunityPostPage.tsx';

/**
 * The community editor under docs/decisions.md, "Text that looks empty": a subject or a
 * message of invisible characters is not sent, a tag of them is not added, and a name
 * (the subject, a tag) loses its direction controls as it is typed.
 */
const request = vi.hoisted(() => vi.fn());
vi.mock('../../api/client.ts', () => ({ request }));

function answer(url: string, o: { data?: Record<string, unknown> } = {}): unknown {
  if (url.startsWith(BOOK_PATHS.book)) return { data: { id: '9', name: '家庭', role_list: [{ role_id: '4', role_name: 'member' }] } };
  if (url === MEMBER_PATHS.permissions) return { data: { '05000101': '0' } };
  if (url === FORUM_PATHS.thread) return { data: { tid: '100', ...o.data } };
  throw new Error(`unexpected call ${url}`);
}

const field = (id: string) => screen.getByTestId(id).querySelector('input, textarea') ?? screen.getByTestId(id);
const type = (id: string, value: string) => fireEvent.change(field(id), { target: { value } });

describe('the community editor', () => {
  afterEach(cleanup);
  beforeEach(() => {
    request.mockReset();
    request.mockImplementation((url: string, o: { data?: Record<string, unknown> }) => Promise.resolve().then(() => answer(url, o)));
    useUserStore.setState({ user: { userid: '7', account: '13800138007' } as never, login: true });
    useBookStore.setState({ bookId: '9', bookTemplateId: '', meta: null });
  });

  it('sends nothing while the subject or the message looks empty, and adds no invisible tag', async () => {
    renderPages('/community/post', { '/community/post': CommunityPostPage });
    await screen.findByTestId('post-form');
    type('post-subject', ' \u200b\u2060 ');
    type('post-message', '\ufeff\n\u200c');
    type('post-tag-input', '\u200d');
    expect(screen.getByTestId('post-tag-add').hasAttribute('disabled')).toBe(true);
    fireEvent.click(screen.getByTestId('post-submit'));
    expect(screen.getByTestId('post-subject-error').textContent).toBe('请填写标题');
    expect(screen.getByTestId('post-message-error').textContent).toBe('请填写内容');
    expect(bodiesOf(request, FORUM_PATHS.thread)).toEqual([]);
  });

  it('takes direction controls out of the subject and tags as typed, and keeps isolates in the message', async () => {
    renderPages('/community/post', { '/community/post': CommunityPostPage });
    await screen.findByTestId('post-form');
    type('post-subject', 'Ali\u202eecnA');
    type('post-message', '\u2067عربي 12\u2069 ok\u202e');
    type('post-tag-input', '\u2066tag\u2069');
    fireEvent.click(screen.getByTestId('post-tag-add'));
    fireEvent.click(screen.getByTestId('post-submit'));
    await vi.waitFor(() => expect(bodiesOf(request, FORUM_PATHS.thread)).toHaveLength(1));
    expect(bodiesOf(request, FORUM_PATHS.thread)[0]).toEqual({ subject: 'AliecnA', message: '\u2067عربي 12\u2069 ok', tags: ['tag'] });
  });
});
