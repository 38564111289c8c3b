import { shownNickname, FORUM_MESSAGE_MAX, type Comment } from '@cab/contracts/client';
import { MoreRows } from '../../../app/MoreRows.tsx';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Button, Skeleton, TextArea } from 'antd-mobile';
import type { ReactNode } from 'react';
import { Counter, FieldError, useField, useSubmitGuard, textInput, required } from '../../../app/form.tsx';
import { LoadFailed } from '../../../app/LoadFailed.tsx';
import { showToast } from '../../../app/toast.ts';
import { i18n, useTranslation } from '../../../i18n/index.ts';
import { formatDateTime } from '../../members/format.ts';
import { communityQueries, useCommunityBook, useReply } from '../api.ts';
import { CommunityGlyph } from './glyphs.tsx';
import { LinkedText } from './LinkedText.tsx';
import '../../../i18n/community.ts';
import '../community.css';

export interface ReplyTarget {
  pid: string;
  name: string;
}

function CommentItem({
  comment,
  onReply,
  children,
}: {
  comment: Comment;
  onReply?: ((c: Comment) => void) | undefined;
  children?: ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const name = shownNickname(comment.author.nickname, i18n.language) || t('community.someone');
  return (
    <li className="community-comment" data-testid={`comment-${comment.pid}`}>
      <div className="community-comment-head">
        <span className="community-comment-name">{name}</span>
        {comment.mine && <span className="cab-tag">{t('community.comments.mine')}</span>}
        <span>{formatDateTime(comment.created_at)}</span>
      </div>
      {comment.reply_to && (
        <span className="community-reply-to" data-testid="comment-reply-to">
          {t('community.comments.replyTo', { name: shownNickname(comment.reply_to.nickname, i18n.language) || t('community.someone') })}
        </span>
      )}
      <LinkedText className="community-comment-text" text={comment.message} testId="comment-text" />
      {onReply && (
        <div className="community-comment-actions">
          <button type="button" className="community-text-button" data-testid="comment-reply" onClick={() => onReply(comment)}>
            {t('community.comments.reply')}
          </button>
        </div>
      )}
      {children}
    </li>
  );
}

/**
 * The answers to one comment, loaded when asked for, 20 at a time. Each may be answered:
 * the answer is listed here too, naming the reply it answers (two levels, docs/community.md).
 */
function Replies({ tid, pid, onReply }: { tid: string; pid: string; onReply: (c: Comment) => void }) {
  const { t } = useTranslation();
  const { uid, bookId } = useCommunityBook();
  const q = useInfiniteQuery(communityQueries.comments(uid, bookId, tid, pid));
  const rows = q.data?.pages.flatMap((p) => p.data) ?? [];
  if (q.isPending) return <Skeleton.Paragraph lineCount={2} animated />;
  if (q.isError) return <LoadFailed onRetry={q.refetch} />;
  return (
    <ul className="community-replies" data-testid={`replies-${pid}`}>
      {rows.map((r) => (
        <CommentItem key={r.pid} comment={r} onReply={onReply} />
      ))}
      {q.hasNextPage && (
        <li>
          <button
            type="button"
            className="community-text-button"
            data-testid={`replies-more-${pid}`}
            disabled={q.isFetchingNextPage}
            onClick={() => void q.fetchNextPage()}
          >
            {t('community.comments.moreReplies')}
          </button>
        </li>
      )}
    </ul>
  );
}

/** A thread's comments, oldest first, a page of 20 at a time (pid 0), each with its answers on a tap. */
export function Comments({
  tid,
  count,
  openReplies,
  toggleReplies,
  onReply,
}: {
  tid: string;
  count: number;
  openReplies: ReadonlySet<string>;
  toggleReplies: (pid: string) => void;
  onReply: (c: Comment) => void;
}) {
  const { t } = useTranslation();
  const { uid, bookId } = useCommunityBook();
  const q = useInfiniteQuery(communityQueries.comments(uid, bookId, tid, '0'));
  const rows = q.data?.pages.flatMap((p) => p.data) ?? [];
  return (
    <section className="community-comments" data-testid="thread-comments">
      <h2 className="community-comments-title">{t('community.comments.count', { count })}</h2>
      {q.isPending && <Skeleton.Paragraph lineCount={4} animated />}
      {q.isError && <LoadFailed onRetry={q.refetch} />}
      {q.isSuccess && rows.length === 0 && (
        <div className="community-none" data-testid="comments-empty">
          {t('community.comments.empty')}
        </div>
      )}
      {rows.length > 0 && (
        <>
          <ul className="community-comment-list" data-testid="comment-list">
            {rows.map((c) => (
              <CommentItem key={c.pid} comment={c} onReply={onReply}>
                {c.reply_count > 0 && (
                  <button
                    type="button"
                    className="community-text-button"
                    data-testid={`replies-toggle-${c.pid}`}
                    aria-expanded={openReplies.has(c.pid)}
                    onClick={() => toggleReplies(c.pid)}
                  >
                    {openReplies.has(c.pid)
                      ? t('community.comments.hideReplies')
                      : t('community.comments.showReplies', { count: c.reply_count })}
                  </button>
                )}
                {openReplies.has(c.pid) && <Replies tid={tid} pid={c.pid} onReply={onReply} />}
              </CommentItem>
            ))}
          </ul>
          <MoreRows
            next={() => q.fetchNextPage()}
            hasMore={q.hasNextPage}
            testId="comments-more"
            className="community-more"
            buttonClassName="community-text-button"
            texts={{ failed: t('community.retryLoad'), loading: t('community.loadingMore'), end: t('community.noMore') }}
          />
        </>
      )}
    </section>
  );
}

/**
 * The comment box at the bottom: counted to the server's limit; a refusal (too often:
 * 429) is toasted by the wrapper with the server's message and the text stays.
 */
export function ReplyBox({
  tid,
  target,
  onCancelTarget,
  onSent,
}: {
  tid: string;
  target: ReplyTarget | undefined;
  onCancelTarget: () => void;
  /** Told the comment the answer is listed under ('0': the thread). */
  onSent: (parentPid: string) => void;
}) {
  const { t } = useTranslation();
  const reply = useReply(tid);
  const text = useField('', {
    filter: textInput(FORUM_MESSAGE_MAX),
    validate: required(t('community.comments.required')),
  });
  const guard = useSubmitGuard();
  const send = () => {
    if (!text.check()) return;
    const pid = target?.pid ?? '0';
    guard(async () => {
      const made = await reply.mutateAsync({ message: text.value.trim(), pid });
      text.onChange('');
      showToast(i18n.t('community.comments.sent'));
      onSent(made.parent_pid);
    });
  };
  return (
    <div className="community-reply-box" data-testid="reply-box">
      {target && (
        <div className="community-reply-target" data-testid="reply-target">
          <span>{t('community.comments.replyTo', { name: target.name })}</span>
          <button type="button" className="community-text-button" aria-label={t('community.comments.cancelReply')} onClick={onCancelTarget}>
            <CommunityGlyph name="close" />
          </button>
        </div>
      )}
      <label className="sr-only" htmlFor="community-reply-input">
        {t('community.comments.label')}
      </label>
      <div className="community-reply-row">
        <TextArea
          id="community-reply-input"
          data-testid="reply-input"
          value={text.value}
          onChange={text.onChange}
          placeholder={target ? t('community.comments.replyTo', { name: target.name }) : t('community.comments.placeholder')}
          autoSize={{ minRows: 1, maxRows: 4 }}
        />
        <Button size="small" color="primary" data-testid="reply-send" loading={reply.isPending} onClick={send}>
          {t('community.comments.send')}
        </Button>
      </div>
      <div className="community-reply-foot">
        <Counter value={text.value} max={FORUM_MESSAGE_MAX} />
      </div>
      <FieldError error={text.error} testId="reply-error" />
    </div>
  );
}
