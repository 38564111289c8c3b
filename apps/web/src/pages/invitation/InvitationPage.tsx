import type { Invitation } from '@cab/contracts/client';
import { Button, Skeleton } from 'antd-mobile';
import { useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from '../../lib/hash-router.tsx';
import { EmptyState } from '../../app/EmptyState.tsx';
import { LoadFailed } from '../../app/LoadFailed.tsx';
import { PageBar } from '../../app/PageBar.tsx';
import { isLinkGone, useInvitation, useWhetherExist, type ApplyResult } from '../../features/invitations/api.ts';
import { InvitationSummary } from '../../features/invitations/components/InvitationSummary.tsx';
import { JoinActions } from '../../features/invitations/components/JoinActions.tsx';
import { JoinedView, SubmittedView, UnderReviewView } from '../../features/invitations/components/JoinViews.tsx';
import { useTranslation } from '../../i18n/index.ts';
import { selectLoggedIn, useUserStore } from '../../stores/user.ts';
import '../../features/invitations/invitations.css';
import '../../i18n/invitations.ts';

const skeleton = (
  <div className="section padded" data-testid="invitation-loading">
    <Skeleton.Title animated />
    <Skeleton.Paragraph lineCount={3} animated />
  </div>
);

/** Where a signed-in user stands with the link's book: joined, under review, or free to join. */
function JoinStatus({ inv }: { inv: Invitation }) {
  const exist = useWhetherExist(inv.invite_code);
  // What this visit's own application answered comes first: the audit notification, or the join.
  const [outcome, setOutcome] = useState<ApplyResult>();
  const bookId = inv.book_info.book_id;
  const bookName = inv.book_info.book_name;
  if (outcome)
    return outcome.status === 'ToBeAuthorized' ? (
      <SubmittedView bookName={bookName} />
    ) : (
      <JoinedView bookId={outcome.book_id || bookId} bookName={bookName} justJoined />
    );
  if (exist.isError) return <LoadFailed onRetry={exist.refetch} />;
  if (!exist.data) return skeleton;
  switch (exist.data.status) {
    case 'existed':
      return <JoinedView bookId={exist.data.book_id || bookId} bookName={bookName} />;
    case 'underReview':
      return <UnderReviewView requestId={exist.data.request_id} />;
    default:
      return <JoinActions inv={inv} onDone={setOutcome} />;
  }
}

/** Signed out: the invitation shows, and logging in comes back here to join. */
function LoginToJoin() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  return (
    <EmptyState
      kind="loggedOut"
      testId="invitation-login"
      title={t('invitations.loginPrompt')}
      description={t('invitations.loginHint')}
      action={
        <Button
          color="primary"
          data-testid="invitation-login-button"
          onClick={() => navigate(`/accountLogin/index?redirect=${encodeURIComponent(pathname + search)}`)}
        >
          {t('invitations.login')}
        </Button>
      }
    />
  );
}

/**
 * Joining a book by invitation (SPEC 2, invitation/index?code=): the invitation, and by
 * the user's relation to its book what they can do. A link that expired, was revoked or
 * never was is a page of its own with the server's words.
 */
export default function InvitationPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const code = params.get('code') ?? '';
  const loggedIn = useUserStore(selectLoggedIn);
  const inv = useInvitation(code);
  const home = (
    <Button color="primary" data-testid="invitation-home" onClick={() => navigate('/pages/home/index', { replace: true })}>
      {t('invitations.toHome')}
    </Button>
  );

  let body;
  if (!code)
    body = (
      <EmptyState
        kind="notFound"
        full
        testId="invitation-gone"
        title={t('invitations.linkNotFound')}
        description={t('invitations.noCode')}
        action={home}
      />
    );
  else if (inv.isError)
    body = isLinkGone(inv.error) ? (
      <EmptyState
        kind="notFound"
        full
        testId="invitation-gone"
        title={inv.error.status === 404 ? t('invitations.linkNotFound') : t('invitations.linkExpired')}
        description={inv.error.message}
        action={home}
      />
    ) : (
      <LoadFailed full onRetry={inv.refetch} />
    );
  else if (!inv.data) body = skeleton;
  else
    body = (
      <>
        <InvitationSummary inv={inv.data} />
        {loggedIn ? <JoinStatus inv={inv.data} /> : <LoginToJoin />}
      </>
    );

  return (
    <div className="page" data-testid="page-invitation">
      <PageBar title={t('invitations.joinTitle')} />
      {body}
    </div>
  );
}
