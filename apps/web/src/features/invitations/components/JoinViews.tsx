import { Button } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useSubmitGuard } from '../../../app/form.tsx';
import { showToast } from '../../../app/toast.ts';
import { useTranslation } from '../../../i18n/index.ts';
import { useOpenBook } from '../../books/mutations.ts';
import { useUrge } from '../api.ts';
import { InviteGlyph, type InviteGlyphName } from './glyphs.tsx';
import '../../../i18n/invitations.ts';

/** A status of the join page: a glyph, what is so, what follows, and the way on. */
function StatusCard({
  glyph,
  title,
  hint,
  testId,
  children,
}: {
  glyph: InviteGlyphName;
  title: string;
  hint: string;
  testId: string;
  children?: ReactNode;
}) {
  return (
    <section className="section padded join-status" data-testid={testId} aria-live="polite">
      <span className="join-status-glyph">
        <InviteGlyph name={glyph} size={28} />
      </span>
      <h2 className="join-status-title">{title}</h2>
      <p className="muted join-status-hint">{hint}</p>
      {children}
    </section>
  );
}

/** Already in the book (or just joined): open it. */
export function JoinedView({ bookId, bookName, justJoined }: { bookId: string; bookName: string; justJoined?: boolean }) {
  const { t } = useTranslation();
  const open = useOpenBook();
  return (
    <StatusCard
      glyph="review"
      testId={justJoined ? 'join-joined-now' : 'join-existed'}
      title={justJoined ? t('invitations.joinedNow', { name: bookName }) : t('invitations.joined')}
      hint={t('invitations.joinedHint')}
    >
      <Button block color="primary" data-testid="join-open-book" loading={open.isPending} onClick={() => open.mutate(bookId)}>
        {t('invitations.openBook')}
      </Button>
    </StatusCard>
  );
}

/** An application waiting for the approvers; they may be urged (once per interval: the server says when too soon). */
export function UnderReviewView({ requestId }: { requestId: string | null }) {
  const { t } = useTranslation();
  const urge = useUrge();
  const guard = useSubmitGuard();
  return (
    <StatusCard glyph="hourglass" testId="join-under-review" title={t('invitations.underReview')} hint={t('invitations.underReviewHint')}>
      {requestId && (
        <Button
          block
          color="primary"
          fill="outline"
          data-testid="join-urge"
          loading={urge.isPending}
          onClick={() =>
            guard(async () => {
              await urge.mutateAsync(requestId);
              showToast(t('invitations.urged'));
            })
          }
        >
          {t('invitations.urge')}
        </Button>
      )}
    </StatusCard>
  );
}

/** The audit notification: the application went to the book's managers, who will decide. */
export function SubmittedView({ bookName }: { bookName: string }) {
  const { t } = useTranslation();
  return (
    <StatusCard
      glyph="review"
      testId="join-submitted"
      title={t('invitations.submitted')}
      hint={t('invitations.submittedHint', { name: bookName })}
    />
  );
}
