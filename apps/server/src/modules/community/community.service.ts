import {
  COMMENT_CURSOR,
  FORUM_EVENT_CURSOR,
  FORUM_POST_WINDOW_MS,
  FORUM_POSTS_PER_WINDOW,
  Permission,
  THREAD_CURSOR,
  type Comment,
  type CommentsPage,
  type ForumEvent,
  type ForumEventsPage,
  type ForumTab,
  type Thread,
  type ThreadsPage,
} from '@cab/contracts';
import { holds, type BookContext } from '../../http/book-scope.ts';
import { AppError } from '../../http/errors.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Database } from '../../platform/db/index.ts';
import type { KeyValueStore } from '../../platform/kv.ts';
import { enforceLimits } from '../../http/rate-limit.ts';
import type { LiveHub } from '../live/hub.ts';
import type { NewMessage, Notifier } from '../messages/notify.ts';
import type { Board, CommentRow, CommunityRepository, EventRow, ThreadPosition, ThreadRow } from './community.repository.ts';

const ms = (d: Date) => new Date(d).getTime();
const author = (id: string | null, nickname: string | null, avatar: string | null) =>
  id === null ? { user_id: '0', nickname: 'CAB', avatar_url: '' } : { user_id: id, nickname: nickname ?? '', avatar_url: avatar ?? '' };

/** Whether the caller runs the book: pins notices and deletes anyone's threads (docs/community.md). */
const manages = (book: BookContext | undefined) => book !== undefined && holds(book, Permission.EDIT_BOOK);

function presentThread(r: ThreadRow, viewer: string, book: BookContext | undefined): Thread {
  const official = r.book_id === null;
  const mine = !official && r.author_id === viewer;
  return {
    tid: r.id,
    scene: official ? 'official' : 'book',
    subject: r.subject,
    message: r.message,
    tags: r.tags,
    author: author(r.author_id, r.nickname, r.avatar_url),
    pinned: r.pinned,
    reply_count: r.reply_count,
    created_at: ms(r.created_at),
    updated_at: ms(r.updated_at),
    last_activity_at: ms(r.last_activity_at),
    mine,
    can_edit: mine,
    can_delete: !official && (mine || manages(book)),
    can_pin: !official && manages(book),
  };
}

const presentComment = (r: CommentRow, viewer: string): Comment => ({
  pid: r.id,
  tid: r.thread_id,
  parent_pid: r.parent_id,
  reply_to: r.reply_to_id === null ? null : { pid: r.reply_to_id, nickname: r.reply_to_nickname ?? '' },
  message: r.message,
  author: author(r.author_id, r.nickname, r.avatar_url),
  reply_count: r.reply_count,
  created_at: ms(r.created_at),
  mine: r.author_id === viewer,
});

const presentEvent = (r: EventRow): ForumEvent => ({
  id: r.id,
  kind: r.kind,
  tid: r.thread_id,
  pid: r.comment_id,
  subject: r.subject,
  actor: author(r.actor_id, r.nickname, r.avatar_url),
  created_at: ms(r.created_at),
});

/** A thread cursor's parts: pinned (1 or 0), last activity (epoch ms), id. */
type ThreadCursorParts = [0 | 1, number, string];
const cursorOf = (r: ThreadRow) => THREAD_CURSOR.encode([r.pinned ? 1 : 0, ms(r.last_activity_at), r.id]);
const positionOf = ([pinned, at, id]: ThreadCursorParts): ThreadPosition => ({ pinned: pinned === 1, at: new Date(at), id });

// A message's link names its book, so it opens there whatever book is current (docs/messages.md).
const link = (bookId: string, tid: string) => `community/detail?tid=${tid}&bookId=${bookId}`;

/**
 * A book's community (issue 14, docs/community.md): the pipeline has checked membership
 * and the route's code; the rules here are the author's and the manager's.
 */
export class CommunityService {
  constructor(
    private readonly db: Database,
    private readonly repo: CommunityRepository,
    private readonly kv: KeyValueStore,
    private readonly clock: Clock,
    private readonly notifier: Notifier,
    private readonly hub?: LiveHub,
  ) {}

  /** A tab of threads: `book` is the caller's book for top and notice, undefined for official. */
  async threads(
    viewer: string,
    book: BookContext | undefined,
    q: { tab: ForumTab; page_size: number; cursor?: ThreadCursorParts | undefined },
  ): Promise<ThreadsPage> {
    const board: Board = q.tab === 'official' ? null : book!.bookId;
    const rows = await this.repo.threads(board, q.tab === 'notice', q.page_size + 1, q.cursor && positionOf(q.cursor));
    const page = rows.slice(0, q.page_size);
    const more = rows.length > q.page_size;
    return {
      data: page.map((r) => presentThread(r, viewer, book)),
      paging: { has_more: more, cursor: more ? cursorOf(page.at(-1)!) : null },
    };
  }

  async detail(viewer: string, book: BookContext | undefined, tid: string): Promise<Thread> {
    return presentThread(await this.known(this.db, book ? book.bookId : null, tid), viewer, book);
  }

  private async known(db: Database, board: Board, tid: string, lock = false): Promise<ThreadRow> {
    const row = await this.repo.thread(db, board, tid, lock);
    if (!row) throw new AppError('community.threadNotFound');
    return row;
  }

  private async limit(userId: string): Promise<void> {
    await enforceLimits(this.kv, [
      { key: `community-post:${userId}`, max: FORUM_POSTS_PER_WINDOW, windowMs: FORUM_POST_WINDOW_MS, message: 'community.postTooOften' },
    ]);
  }

  /** After a write committed: clients showing the book's community refetch. */
  private changed(bookId: string): void {
    this.hub?.toBook(bookId, { type: 'book', bookId, what: 'community' });
  }

  async post(book: BookContext, userId: string, t: { subject: string; message: string; tags: string[] }): Promise<Thread> {
    await this.limit(userId);
    const at = new Date(this.clock.now());
    const thread = await this.db.transaction().execute(async (tx) => {
      const tid = await this.repo.insertThread(tx, { bookId: book.bookId, authorId: userId, ...t, tags: [...new Set(t.tags)], at });
      await this.repo.insertEvent(tx, { bookId: book.bookId, kind: 'thread.posted', threadId: tid, commentId: null, actorId: userId, at });
      return this.known(tx, book.bookId, tid);
    });
    this.changed(book.bookId);
    return presentThread(thread, userId, book);
  }

  /** The author edits their own thread; nobody else may, managers included. */
  async edit(book: BookContext, userId: string, tid: string, t: { subject: string; message: string; tags: string[] }): Promise<Thread> {
    const at = new Date(this.clock.now());
    const thread = await this.db.transaction().execute(async (tx) => {
      const row = await this.known(tx, book.bookId, tid, true);
      if (row.author_id !== userId) throw new AppError('community.editForbidden');
      await this.repo.editThread(tx, tid, { ...t, tags: [...new Set(t.tags)], at });
      return this.known(tx, book.bookId, tid);
    });
    this.changed(book.bookId);
    return presentThread(thread, userId, book);
  }

  /** The author or a manager deletes a thread; its comments go with it (reading them answers 404). */
  async remove(book: BookContext, userId: string, tid: string): Promise<void> {
    await this.db.transaction().execute(async (tx) => {
      const row = await this.known(tx, book.bookId, tid, true);
      if (row.author_id !== userId && !manages(book)) throw new AppError('community.deleteForbidden');
      await this.repo.deleteThread(tx, tid, new Date(this.clock.now()));
    });
    this.changed(book.bookId);
  }

  /** Pins a thread as the book's notice (everyone else in the book is told) or unpins it; doing it twice changes nothing. */
  async operate(book: BookContext, userId: string, tid: string, action: 'pin' | 'unpin'): Promise<Thread> {
    const at = new Date(this.clock.now());
    const pin = action === 'pin';
    const thread = await this.db.transaction().execute(async (tx) => {
      const row = await this.known(tx, book.bookId, tid, true);
      if (row.pinned === pin) return row;
      await this.repo.setPinned(tx, tid, pin, at);
      await this.repo.insertEvent(tx, {
        bookId: book.bookId,
        kind: pin ? 'thread.pinned' : 'thread.unpinned',
        threadId: tid,
        commentId: null,
        actorId: userId,
        at,
      });
      if (pin) {
        const names = await this.repo.names(tx, book.bookId, userId);
        const params = { bookName: names.book, subject: row.subject, nickname: names.nickname, tid };
        const told = await this.repo.membersBut(tx, book.bookId, userId);
        await this.notifier.notify(
          tx,
          told.map((u) => ({ userId: u, bookId: book.bookId, kind: 'community.pinned', params, link: link(book.bookId, tid) })),
        );
      }
      return this.known(tx, book.bookId, tid);
    });
    this.changed(book.bookId);
    return presentThread(thread, userId, book);
  }

  /**
   * Comments on a thread (pid 0) or answers a comment; the thread's author, or the
   * comment's, is told. Replies are two levels deep: an answer to a reply is listed under
   * the same comment and names the reply it answers (reply_to).
   */
  async reply(book: BookContext, userId: string, r: { tid: string; pid: string; message: string }): Promise<Comment> {
    await this.limit(userId);
    const at = new Date(this.clock.now());
    const comment = await this.db.transaction().execute(async (tx) => {
      const thread = await this.known(tx, book.bookId, r.tid, true);
      const parent = r.pid === '0' ? undefined : await this.repo.comment(tx, book.bookId, r.tid, r.pid);
      if (r.pid !== '0' && !parent) throw new AppError('community.commentNotFound');
      const toReply = parent !== undefined && parent.parent_id !== '0';
      const pid = await this.repo.insertComment(tx, {
        bookId: book.bookId,
        threadId: r.tid,
        parentId: toReply ? parent.parent_id : r.pid,
        replyToId: toReply ? parent.id : null,
        authorId: userId,
        message: r.message,
        at,
      });
      await this.repo.insertEvent(tx, {
        bookId: book.bookId,
        kind: 'comment.posted',
        threadId: r.tid,
        commentId: pid,
        actorId: userId,
        at,
      });
      const to = parent ? parent.author_id : thread.author_id;
      if (to !== null && to !== userId) {
        const names = await this.repo.names(tx, book.bookId, userId);
        const message: NewMessage = {
          userId: to,
          bookId: book.bookId,
          kind: parent ? 'community.comment' : 'community.reply',
          params: { bookName: names.book, subject: thread.subject, nickname: names.nickname, tid: r.tid, pid },
          link: link(book.bookId, r.tid),
        };
        await this.notifier.notify(tx, [message]);
      }
      return (await this.repo.comment(tx, book.bookId, r.tid, pid))!;
    });
    this.changed(book.bookId);
    return presentComment(comment, userId);
  }

  async comments(
    book: BookContext,
    viewer: string,
    q: { tid: string; pid: string; page_size: number; cursor?: [string] | undefined },
  ): Promise<CommentsPage> {
    await this.known(this.db, book.bookId, q.tid);
    if (q.pid !== '0' && !(await this.repo.comment(this.db, book.bookId, q.tid, q.pid))) throw new AppError('community.commentNotFound');
    const rows = await this.repo.comments(book.bookId, q.tid, q.pid, q.page_size + 1, q.cursor?.[0]);
    const page = rows.slice(0, q.page_size);
    const more = rows.length > q.page_size;
    return {
      data: page.map((r) => presentComment(r, viewer)),
      paging: { has_more: more, cursor: more ? COMMENT_CURSOR.encode([page.at(-1)!.id]) : null },
    };
  }

  async events(book: BookContext, q: { page_size: number; cursor?: [string] | undefined }): Promise<ForumEventsPage> {
    const rows = await this.repo.events(book.bookId, q.page_size + 1, q.cursor?.[0]);
    const page = rows.slice(0, q.page_size);
    const more = rows.length > q.page_size;
    return { data: page.map(presentEvent), paging: { has_more: more, cursor: more ? FORUM_EVENT_CURSOR.encode([page.at(-1)!.id]) : null } };
  }
}
