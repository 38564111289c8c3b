import { shownNickname, DEFAULT_SHARE_IMAGE, type Invitation } from '@cab/contracts/client';
import { useTranslation } from '../../../i18n/index.ts';
import { expiryLabel, roleName } from '../labels.ts';
import { InviteGlyph } from './glyphs.tsx';
import '../../../i18n/invitations.ts';

/** What an invitation is: whose, to which book, how one joins, as what and until when. */
export function InvitationSummary({ inv }: { inv: Invitation }) {
  const { t, i18n } = useTranslation();
  const cover = inv.book_info.cover || DEFAULT_SHARE_IMAGE;
  return (
    <section className="section invitation-summary" aria-labelledby="invitation-book" data-testid="invitation-summary">
      <div className="share-cover" style={{ backgroundImage: `url(${cover})` }}>
        <div className="share-cover-text">
          <div className="share-date" data-testid="invitation-inviter">
            {t('invitations.invitedBy', { name: shownNickname(inv.inviter.nickname, i18n.language) })}
          </div>
          <h2 id="invitation-book" className="book-name share-book-name" data-testid="invitation-book">
            {inv.book_info.book_name}
          </h2>
          <div className="share-date">{t('invitations.members', { count: inv.book_info.member_count })}</div>
        </div>
      </div>
      <dl className="invite-facts padded">
        <div>
          <dt>
            <InviteGlyph name="review" /> {t('invitations.joinWay')}
          </dt>
          <dd data-testid="invitation-audit">
            {t(`invitations.auditTypes.${inv.audit_type}`)}
            <span className="invite-fact-hint">{t(`invitations.joinHints.${inv.audit_type}`)}</span>
          </dd>
        </div>
        {inv.audit_type === 'NoReviewDesignatedRole' && inv.role && (
          <div>
            <dt>
              <InviteGlyph name="userAdd" /> {t('invitations.designatedRole')}
            </dt>
            <dd data-testid="invitation-role">{roleName(inv.role)}</dd>
          </div>
        )}
        <div>
          <dt>
            <InviteGlyph name="clock" /> {t('invitations.validity')}
          </dt>
          <dd data-testid="invitation-expiry">{expiryLabel(inv.expire_at)}</dd>
        </div>
      </dl>
      {inv.remark && (
        <p className="invitation-remark padded" data-testid="invitation-remark">
          {inv.remark}
        </p>
      )}
    </section>
  );
}
