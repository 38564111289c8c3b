import { shownNickname, type MemberRequest } from '@cab/contracts/client';
import { Button } from 'antd-mobile';
import { Suspense, lazy, useState } from 'react';
import { useNavigate } from '../../../lib/hash-router.tsx';
import { useSubmitGuard } from '../../../app/form.tsx';
import { showToast } from '../../../app/toast.ts';
import { useTranslation } from '../../../i18n/index.ts';
import { useAnswerPrompt, usePendingPrompts } from '../api.ts';
import { InviteGlyph } from './glyphs.tsx';
import '../invitations.css';
import '../../../i18n/invitations.ts';

// The decline choices carry antd-mobile's popup (and its animation code): they load when first opened.
const Sheet = lazy(() => import('../../../app/Sheet.tsx').then((m) => ({ default: m.Sheet })));

/**
 * Someone added the user to a book by phone: accept, or decline (once, or for good: the
 * book may not ask again until they allow it on the blocked books page).
 */
function AddedPrompt({ prompt }: { prompt: MemberRequest }) {
  const { t, i18n } = useTranslation();
  const answer = useAnswerPrompt();
  const guard = useSubmitGuard();
  const [declining, setDeclining] = useState(false);
  const [declineOpened, setDeclineOpened] = useState(false);
  if (declining && !declineOpened) setDeclineOpened(true);
  const reply = (status: 'Accepted' | 'Rejected', block = false) =>
    guard(async () => {
      setDeclining(false);
      await answer.mutateAsync({ id: prompt.id, status, block });
      showToast(
        status === 'Accepted'
          ? t('invitations.prompts.accepted')
          : block
            ? t('invitations.prompts.blocked')
            : t('invitations.prompts.declined'),
      );
    });
  const who = shownNickname(prompt.inviter?.nickname ?? prompt.decided_by?.nickname ?? '', i18n.language);
  return (
    <li className="prompt-row" data-testid={`prompt-invitation-${prompt.id}`}>
      <InviteGlyph name="userAdd" size={18} />
      <span className="prompt-text">{t('invitations.prompts.invited', { name: who, book: prompt.book_name })}</span>
      <span className="prompt-actions">
        <Button size="mini" data-testid={`prompt-decline-${prompt.id}`} disabled={answer.isPending} onClick={() => setDeclining(true)}>
          {t('invitations.prompts.decline')}
        </Button>
        <Button
          size="mini"
          color="primary"
          data-testid={`prompt-accept-${prompt.id}`}
          loading={answer.isPending}
          onClick={() => reply('Accepted')}
        >
          {t('invitations.prompts.accept')}
        </Button>
      </span>
      {/* Mounted from the first opening on, so closing still animates. */}
      {declineOpened && (
        <Suspense fallback={null}>
          <Sheet
            visible={declining}
            onClose={() => setDeclining(false)}
            label={t('invitations.prompts.decline')}
            title={t('invitations.prompts.declineTitle', { book: prompt.book_name })}
            actions={[
              {
                key: 'once',
                text: <span data-testid={`prompt-decline-once-${prompt.id}`}>{t('invitations.prompts.declineOnce')}</span>,
                onClick: () => reply('Rejected'),
              },
              {
                key: 'block',
                danger: true,
                text: <span data-testid={`prompt-decline-block-${prompt.id}`}>{t('invitations.prompts.declineBlock')}</span>,
                description: t('invitations.prompts.declineBlockHint'),
                onClick: () => reply('Rejected', true),
              },
            ]}
          />
        </Suspense>
      )}
    </li>
  );
}

/**
 * Home's card of what waits for the user (issue 10): additions to answer, their own
 * applications under review, and books where applications wait for their approval.
 * Nothing shows while it loads, fails or is empty: it is a notice, not the page.
 */
export default function PendingPrompts() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const prompts = usePendingPrompts();
  const data = prompts.data;
  if (!data || data.invitations.length + data.applications.length + data.to_approve.length === 0) return null;
  return (
    <section className="section prompt-card" aria-labelledby="prompts-title" data-testid="pending-prompts">
      <h2 id="prompts-title" className="prompt-title">
        {t('invitations.prompts.title')}
      </h2>
      <ul className="prompt-list">
        {data.invitations.map((p) => (
          <AddedPrompt key={p.id} prompt={p} />
        ))}
        {data.applications.map((p) => (
          <li key={p.id} className="prompt-row" data-testid={`prompt-application-${p.id}`}>
            <InviteGlyph name="hourglass" size={18} />
            <span className="prompt-text">{t('invitations.prompts.applying', { book: p.book_name })}</span>
          </li>
        ))}
        {data.to_approve.map((a) => (
          <li key={a.book_id}>
            <button
              type="button"
              className="prompt-row prompt-link"
              data-testid={`prompt-approve-${a.book_id}`}
              onClick={() => navigate(`/roleSetting/index?bookId=${encodeURIComponent(a.book_id)}`)}
            >
              <InviteGlyph name="review" size={18} />
              <span className="prompt-text">{t('invitations.prompts.toApprove', { book: a.book_name, count: a.count })}</span>
              <InviteGlyph name="next" size={16} />
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
