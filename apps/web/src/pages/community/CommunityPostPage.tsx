import {
  FORUM_MESSAGE_MAX,
  FORUM_SUBJECT_MAX,
  FORUM_TAG_MAX,
  FORUM_TAGS_MAX,
  Permission,
  looksEmpty,
  type Thread,
} from '@cab/contracts/client';
import { useQuery } from '@tanstack/react-query';
import { Button, Input, Skeleton, TextArea } from 'antd-mobile';
import { useState } from 'react';
import { useNavigate } from '../../lib/hash-router.tsx';
import { EmptyState } from '../../app/EmptyState.tsx';
import { Counter, FieldError, useField, useSubmitGuard, nameInput, required, textInput } from '../../app/form.tsx';
import { LoadFailed } from '../../app/LoadFailed.tsx';
import { PageBar } from '../../app/PageBar.tsx';
import { RequireLogin } from '../../app/RequireLogin.tsx';
import { showToast } from '../../app/toast.ts';
import { useBook } from '../../features/books/queries.ts';
import {
  communityPath,
  communityQueries,
  isThreadGone,
  useCommunityBook,
  useEditThread,
  useOperateThread,
  usePostThread,
} from '../../features/community/api.ts';
import { CommunityGlyph } from '../../features/community/components/glyphs.tsx';
import { NoBook } from '../../features/community/components/NoBook.tsx';
import { useBookPermissions } from '../../features/members/permissions.ts';
import { i18n, useTranslation } from '../../i18n/index.ts';
import '../../features/community/community.css';
import '../../i18n/community.ts';

const PIN_CODES = [Permission.EDIT_BOOK];
/** One line: a subject or a tag takes no line breaks. */
const oneLine = (max: number) => (v: string) => nameInput(max)(v.replace(/[\r\n\t]+/g, ' '));

interface Draft {
  subject: string;
  message: string;
  tags: string[];
  pinned: boolean;
}

/**
 * The editor: subject, message, tags as chips (up to the contract's number), and, for
 * those who may pin (the server's can_pin for a thread; the book's pin permission,
 * 05000101, for a new one), "pin as notice", done with operate after the save.
 */
function PostForm({ tid, initial, canPin }: { tid: string | undefined; initial: Draft; canPin: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { bookParam } = useCommunityBook();
  const post = usePostThread();
  const edit = useEditThread(tid ?? '');
  const operate = useOperateThread();
  const guard = useSubmitGuard();
  const subject = useField(initial.subject, {
    filter: oneLine(FORUM_SUBJECT_MAX),
    validate: required(t('community.editor.subjectRequired')),
  });
  const message = useField(initial.message, {
    filter: textInput(FORUM_MESSAGE_MAX),
    validate: required(t('community.editor.messageRequired')),
  });
  const tagInput = useField('', { filter: oneLine(FORUM_TAG_MAX) });
  const [tags, setTags] = useState<string[]>(initial.tags);
  const [pinned, setPinned] = useState(initial.pinned);
  const full = tags.length >= FORUM_TAGS_MAX;

  const addTag = () => {
    const tag = tagInput.value.trim();
    if (looksEmpty(tag)) return;
    if (full) return tagInput.setError(t('community.editor.tagsFull', { count: FORUM_TAGS_MAX }));
    if (tags.includes(tag)) return tagInput.setError(t('community.editor.tagDuplicate'));
    setTags([...tags, tag]);
    tagInput.onChange('');
  };

  const submit = () => {
    const ok = [subject.check(), message.check()].every(Boolean);
    if (!ok) return;
    const body = { subject: subject.value.trim(), message: message.value.trim(), tags };
    guard(async () => {
      const saved = tid ? await edit.mutateAsync(body) : await post.mutateAsync(body);
      if (canPin && pinned !== (tid ? initial.pinned : false)) {
        // The thread is saved either way; a refused pin is toasted by the wrapper.
        await operate.mutateAsync({ tid: saved.tid, action: pinned ? 'pin' : 'unpin' }).catch(() => undefined);
      }
      showToast(i18n.t(tid ? 'community.editor.saved' : 'community.editor.posted'));
      const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
      if (tid && idx > 0) navigate(-1);
      else navigate(communityPath('detail', bookParam, { tid: saved.tid, scene: 'book' }), { replace: true });
    });
  };
  const busy = post.isPending || edit.isPending || operate.isPending;

  return (
    <div className="community-form" data-testid="post-form">
      <div className="community-field">
        <div className="community-field-head">
          <label className="field-label" htmlFor="community-subject">
            {t('community.editor.subject')}
          </label>
          <Counter value={subject.value} max={FORUM_SUBJECT_MAX} />
        </div>
        <Input
          id="community-subject"
          className="community-input"
          data-testid="post-subject"
          value={subject.value}
          onChange={subject.onChange}
          placeholder={t('community.editor.subjectPlaceholder')}
          autoComplete="off"
        />
        <FieldError error={subject.error} testId="post-subject-error" />
      </div>
      <div className="community-field">
        <div className="community-field-head">
          <label className="field-label" htmlFor="community-message">
            {t('community.editor.message')}
          </label>
          <Counter value={message.value} max={FORUM_MESSAGE_MAX} />
        </div>
        <TextArea
          id="community-message"
          className="community-input"
          data-testid="post-message"
          value={message.value}
          onChange={message.onChange}
          placeholder={t('community.editor.messagePlaceholder')}
          autoSize={{ minRows: 6, maxRows: 16 }}
        />
        <FieldError error={message.error} testId="post-message-error" />
      </div>
      <div className="community-field">
        <div className="community-field-head">
          <label className="field-label" htmlFor="community-tag">
            {t('community.editor.tags')}
          </label>
          <span className="field-counter" aria-hidden="true">{`${tags.length}/${FORUM_TAGS_MAX}`}</span>
        </div>
        {tags.length > 0 && (
          <ul className="community-tags" data-testid="post-tags" style={{ marginTop: 0, marginBottom: 8 }}>
            {tags.map((tag) => (
              <li key={tag} className="community-tag">
                {tag}
                <button
                  type="button"
                  aria-label={t('community.editor.removeTag', { tag })}
                  onClick={() => setTags(tags.filter((x) => x !== tag))}
                >
                  <CommunityGlyph name="close" size={12} />
                </button>
              </li>
            ))}
          </ul>
        )}
        <div className="community-tag-row">
          <Input
            id="community-tag"
            className="community-input"
            data-testid="post-tag-input"
            value={tagInput.value}
            onChange={tagInput.onChange}
            onEnterPress={addTag}
            disabled={full}
            placeholder={full ? t('community.editor.tagsFull', { count: FORUM_TAGS_MAX }) : t('community.editor.tagPlaceholder')}
            autoComplete="off"
          />
          <Button size="small" fill="outline" data-testid="post-tag-add" disabled={full || looksEmpty(tagInput.value)} onClick={addTag}>
            {t('community.editor.addTag')}
          </Button>
        </div>
        <FieldError error={tagInput.error} testId="post-tag-error" />
      </div>
      {canPin && (
        <div className="community-pin" data-testid="post-pin-row">
          <label htmlFor="community-pin">
            {t('community.editor.pin')}
            <span className="community-pin-hint">{t('community.editor.pinHint')}</span>
          </label>
          <button
            type="button"
            id="community-pin"
            role="switch"
            aria-checked={pinned}
            className={pinned ? 'community-switch on' : 'community-switch'}
            data-testid="post-pin"
            onClick={() => setPinned(!pinned)}
          >
            <span className="community-switch-knob" />
          </button>
        </div>
      )}
      <Button block color="primary" data-testid="post-submit" loading={busy} onClick={submit}>
        {t(tid ? 'community.editor.save' : 'community.editor.submit')}
      </Button>
    </div>
  );
}

/** A new thread: the pin switch shows when the caller's role in the book may pin. */
function NewPost() {
  const { bookId } = useCommunityBook();
  const book = useBook(bookId);
  const perms = useBookPermissions(bookId, book.data?.role_list[0]?.role_id, PIN_CODES);
  return (
    <PostForm
      tid={undefined}
      initial={{ subject: '', message: '', tags: [], pinned: false }}
      canPin={perms.allowed(Permission.EDIT_BOOK)}
    />
  );
}

/** Editing: the thread as the server has it; only its author may. */
function EditPost({ tid }: { tid: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { bookId, bookParam, uid } = useCommunityBook();
  const q = useQuery({ ...communityQueries.thread(uid, bookId, 'book', tid), staleTime: 0 });
  const [initial, setInitial] = useState<Thread>();
  // The form starts from the thread once; a refetch while typing does not overwrite it.
  if (q.data && !initial) setInitial(q.data);
  if (q.isError && isThreadGone(q.error))
    return (
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
  if (q.isError) return <LoadFailed full onRetry={q.refetch} />;
  if (!initial)
    return (
      <div className="community-form" data-testid="post-loading">
        <Skeleton.Paragraph lineCount={6} animated />
      </div>
    );
  if (!initial.can_edit) return <EmptyState kind="notFound" full testId="post-not-yours" title={t('community.editor.notYours')} />;
  return (
    <PostForm
      tid={tid}
      initial={{ subject: initial.subject, message: initial.message, tags: initial.tags, pinned: initial.pinned }}
      canPin={initial.can_pin}
    />
  );
}

function CommunityPost() {
  const { t } = useTranslation();
  const { bookId, params } = useCommunityBook();
  const tid = params.get('tid') ?? '';
  return (
    <div className="page" data-testid="page-community-post">
      <PageBar title={t(tid ? 'community.editor.editTitle' : 'community.editor.newTitle')} />
      {!bookId ? <NoBook /> : tid ? <EditPost tid={tid} /> : <NewPost />}
    </div>
  );
}

export default function CommunityPostPage() {
  return (
    <RequireLogin>
      <CommunityPost />
    </RequireLogin>
  );
}
