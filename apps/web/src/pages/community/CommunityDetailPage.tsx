import { shownNickname, type Comment, type ForumScene } from '@cab/contracts/client';
import { useQuery } from '@tanstack/react-query';
import { Button, Skeleton } from 'antd-mobile';
import { useState } from 'react';
import { useNavigate } from '../../lib/hash-router.tsx';
import { confirmDestructive } from '../../app/confirm.tsx';
import { EmptyState } from '../../app/EmptyState.tsx';
import { LoadFailed } from '../../app/LoadFailed.tsx';
import { PageBar } from '../../app/PageBar.tsx';
import { RequireLogin } from '../../app/RequireLogin.tsx';
import { showToast } from '../../app/toast.ts';
import {
  communityPath,
  communityQueries,
  isThreadGone,
  useCommunityBook,
  useDeleteThread,
  useOperateThread,
} from '../../features/community/api.ts';
import { Comments, ReplyBox, type ReplyTarget } from '../../features/community/components/Comments.tsx';
import { CommunityGlyph } from '../../features/community/components/glyphs.tsx';
import { LinkedText } from '../../features/community/components/LinkedText.tsx';
import { NoBook } from '../../features/community/components/NoBook.tsx';
import { formatDateTime } from '../../features/members/format.ts';
import { i18n, useTranslation } from '../../i18n/index.ts';
import '../../features/community/community.css';
import '../../i18n/community.ts';

/**
 * A thread (SPEC 2, community/detail?tid=&scene=): its subject, who and when, the
 * message as text with its links made safe, its tags; what the caller may do with it
 * as the server says (pin or unpin the notice, edit, delete); then the comments with
 * their answers and the box to write one. Official announcements take no comments.
 */
function CommunityDetail() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { bookId, bookParam, uid, params } = useCommunityBook();
  const tid = params.get('tid') ?? '';
  const scene: ForumScene = params.get('scene') === 'official' ? 'official' : 'book';
  const q = useQuery({
    ...communityQueries.thread(uid, bookId, scene, tid),
    enabled: Boolean(tid) && (scene === 'official' || Boolean(bookId)),
  });
  const operate = useOperateThread();
  const del = useDeleteThread();
  const [target, setTarget] = useState<ReplyTarget>();
  const [openReplies, setOpenReplies] = useState<ReadonlySet<string>>(new Set());
  const th = q.data;

  const toList = () => {
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (idx > 0) navigate(-1);
    else navigate(communityPath('list', bookParam), { replace: true });
  };
  const toggleReplies = (pid: string) =>
    setOpenReplies((s) => {
      const n = new Set(s);
      if (n.has(pid)) n.delete(pid);
      else n.add(pid);
      return n;
    });
  const pin = () => {
    if (!th) return;
    const action = th.pinned ? 'unpin' : 'pin';
    operate.mutate(
      { tid: th.tid, action },
      { onSuccess: () => showToast(i18n.t(action === 'pin' ? 'community.detail.pinnedToast' : 'community.detail.unpinnedToast')) },
    );
  };
  const remove = async () => {
    if (!th || !(await confirmDestructive(t('community.detail.deleteConfirm'), t('community.detail.delete')))) return;
    try {
      await del.mutateAsync(th.tid);
    } catch {
      return; // the wrapper has said why
    }
    showToast(i18n.t('community.detail.deleted'));
    toList();
  };

  let body;
  if (scene === 'book' && !bookId) body = <NoBook />;
  else if (!tid || (q.isError && isThreadGone(q.error)))
    body = (
      <EmptyState
        kind="notFound"
        full
        testId="thread-gone"
        title={t('community.detail.gone')}
        description={t('community.detail.goneHint')}
        action={
          <Button color="primary" onClick={() => navigate(communityPath('list', bookParam), { replace: true })}>
            {t('community.detail.backToList')}
          </Button>
        }
      />
    );
  else if (q.isError) body = <LoadFailed full onRetry={q.refetch} />;
  else if (!th)
    body = (
      <div className="community-thread" data-testid="thread-loading">
        <Skeleton.Title animated />
        <Skeleton.Paragraph lineCount={5} animated />
      </div>
    );
  else {
    const canAny = th.can_pin || th.can_edit || th.can_delete;
    body = (
      <>
        <article className="community-thread" data-testid="thread">
          <h2 className="community-thread-subject" data-testid="thread-subject">
            {th.pinned && <span className="community-mark">{t('community.notice')}</span>} {th.subject}
          </h2>
          <div className="community-thread-meta">
            {th.scene === 'official' && <span className="community-mark official">{t('community.official')}</span>}
            <span data-testid="thread-author">{shownNickname(th.author.nickname, i18n.language) || t('community.someone')}</span>
            <span>{formatDateTime(th.created_at)}</span>
            {th.updated_at > th.created_at && <span>{t('community.detail.edited')}</span>}
          </div>
          <LinkedText className="community-message" text={th.message} testId="thread-message" />
          {th.tags.length > 0 && (
            <ul className="community-tags" aria-label={t('community.detail.tags')} data-testid="thread-tags">
              {th.tags.map((tag) => (
                <li key={tag} className="community-tag">
                  {tag}
                </li>
              ))}
            </ul>
          )}
          {canAny && (
            <div className="community-edit-bar" role="group" aria-label={t('community.detail.actions')} data-testid="thread-edit-bar">
              {th.can_pin && (
                <Button size="small" fill="outline" data-testid="thread-pin" loading={operate.isPending} onClick={pin}>
                  <CommunityGlyph name="pin" /> {t(th.pinned ? 'community.detail.unpin' : 'community.detail.pin')}
                </Button>
              )}
              {th.can_edit && (
                <Button
                  size="small"
                  fill="outline"
                  data-testid="thread-edit"
                  onClick={() => navigate(communityPath('post', bookParam, { tid: th.tid }))}
                >
                  <CommunityGlyph name="edit" /> {t('community.detail.edit')}
                </Button>
              )}
              {th.can_delete && (
                <Button
                  size="small"
                  fill="outline"
                  className="community-danger"
                  data-testid="thread-delete"
                  loading={del.isPending}
                  onClick={() => void remove()}
                >
                  <CommunityGlyph name="trash" /> {t('community.detail.delete')}
                </Button>
              )}
            </div>
          )}
        </article>
        {th.scene === 'official' ? (
          <div className="community-none" data-testid="comments-closed">
            {t('community.comments.none')}
          </div>
        ) : (
          <>
            <Comments
              tid={th.tid}
              count={th.reply_count}
              openReplies={openReplies}
              toggleReplies={toggleReplies}
              onReply={(c: Comment) =>
                setTarget({ pid: c.pid, name: shownNickname(c.author.nickname, i18n.language) || t('community.someone') })
              }
            />
            <ReplyBox
              tid={th.tid}
              target={target}
              onCancelTarget={() => setTarget(undefined)}
              onSent={(pid) => {
                setTarget(undefined);
                if (pid !== '0') setOpenReplies((s) => new Set(s).add(pid));
              }}
            />
          </>
        )}
      </>
    );
  }

  return (
    <div className="page" data-testid="page-community-detail">
      <PageBar title={t('community.detail.title')} />
      {body}
    </div>
  );
}

export default function CommunityDetailPage() {
  return (
    <RequireLogin>
      <CommunityDetail />
    </RequireLogin>
  );
}
