import type { Invitation } from '@cab/contracts/client';
import { Button, Skeleton } from 'antd-mobile';
import { useState } from 'react';
import { useNavigate, useSearchParams } from '../../lib/hash-router.tsx';
import { BookGone } from '../../app/BookGone.tsx';
import { EmptyState } from '../../app/EmptyState.tsx';
import { LoadFailed } from '../../app/LoadFailed.tsx';
import { PageBar } from '../../app/PageBar.tsx';
import { RequireLogin } from '../../app/RequireLogin.tsx';
import { useCurrentBookId } from '../../features/accounting/queries.ts';
import { isBookGone, useBook } from '../../features/books/queries.ts';
import { InviteGlyph } from '../../features/invitations/components/glyphs.tsx';
import { InvitationShare } from '../../features/invitations/components/InvitationShare.tsx';
import { InvitePopup } from '../../features/invitations/components/lazy.tsx';
import { ShareCard } from '../../features/invitations/components/ShareCard.tsx';
import { useTranslation } from '../../i18n/index.ts';
import '../../features/invitations/invitations.css';
import '../../i18n/invitations.ts';

/**
 * Today's share (SPEC 2, share/index): the book's day as a card to share. Opened with
 * `code` it also shows that invitation link (from the invite popup); with `invite=1` it
 * opens the invite popup for the book at once (from the members page).
 */
function Share() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const current = useCurrentBookId();
  const bookId = params.get('bookId') || current;
  const code = params.get('code') ?? '';
  const book = useBook(bookId);
  const [inviting, setInviting] = useState(params.get('invite') === '1');

  // The link made here replaces the page's invitation; the popup's own parameter goes with it.
  const created = (inv: Invitation) => {
    setInviting(false);
    setParams({ bookId, code: inv.invite_code }, { replace: true });
  };
  const closeInvite = () => {
    setInviting(false);
    if (params.has('invite')) {
      const next = new URLSearchParams(params);
      next.delete('invite');
      setParams(next, { replace: true });
    }
  };

  let body;
  if (!bookId)
    body = (
      <EmptyState
        kind="empty"
        full
        title={t('invitations.noBook')}
        description={t('invitations.noBookHint')}
        action={
          <Button color="primary" onClick={() => navigate('/pages/book/index')}>
            {t('invitations.pickBook')}
          </Button>
        }
      />
    );
  else if (book.isError) body = isBookGone(book.error) ? <BookGone bookId={bookId} /> : <LoadFailed full onRetry={book.refetch} />;
  else if (!book.data)
    body = (
      <div className="section padded" data-testid="share-loading">
        <Skeleton.Title animated />
        <Skeleton.Paragraph lineCount={4} animated />
      </div>
    );
  else
    body = (
      <>
        <ShareCard book={book.data} />
        {code && <InvitationShare code={code} />}
        <div className="padded">
          <Button block color="primary" fill={code ? 'outline' : 'solid'} data-testid="share-invite" onClick={() => setInviting(true)}>
            <InviteGlyph name="userAdd" /> {code ? t('invitations.inviteAgain') : t('invitations.invite')}
          </Button>
        </div>
        <InvitePopup book={inviting ? { id: book.data.id, name: book.data.name } : undefined} onClose={closeInvite} onCreated={created} />
      </>
    );

  return (
    <div className="page" data-testid="page-share">
      <PageBar title={t('invitations.shareTitle')} />
      {body}
    </div>
  );
}

export default function SharePage() {
  return (
    <RequireLogin>
      <Share />
    </RequireLogin>
  );
}
