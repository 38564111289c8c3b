import { shownNickname, ASSIGNED_BY_ADMIN_ROLE_ID, type Invitation } from '@cab/contracts/client';
import { Button, Skeleton } from 'antd-mobile';
import { useState } from 'react';
import { EmptyState } from '../../../app/EmptyState.tsx';
import { LoadFailed } from '../../../app/LoadFailed.tsx';
import { showToast } from '../../../app/toast.ts';
import { useTranslation } from '../../../i18n/index.ts';
import { invitationLink, isLinkGone, useInvitation } from '../api.ts';
import { knownHostEnv } from '../../../lib/host-env.ts';
import { shareOut } from '../../../host/share.ts';
import { canShare, copyText } from '../clipboard.ts';
import { expiryLabel, roleName } from '../labels.ts';
import { InviteGlyph } from './glyphs.tsx';
import { QrCode } from './QrCode.tsx';
import '../../../i18n/invitations.ts';

/** The roles a link lets people join with, as its inviter reads them. */
export function linkRoles(inv: Invitation): string {
  if (inv.audit_type === 'NoReviewDesignatedRole' && inv.role) return roleName(inv.role);
  return inv.role_vos
    .filter((r) => r.role_id !== ASSIGNED_BY_ADMIN_ROLE_ID)
    .map(roleName)
    .join(' / ');
}

function LinkDetails({ inv }: { inv: Invitation }) {
  const { t, i18n } = useTranslation();
  const link = invitationLink(inv.invite_code);
  const [manual, setManual] = useState<string>();
  const copy = async (text: string, done: string) => {
    if (await copyText(text)) showToast(done);
    else setManual(text);
  };
  const share = async () => {
    const outcome = await shareOut(
      {
        title: inv.book_info.book_name,
        text: t('invitations.invitedBy', { name: shownNickname(inv.inviter.nickname, i18n.language) }),
        url: link,
      },
      'invitation',
    );
    if (outcome === 'shared') showToast(t('invitations.shared'));
    if (outcome === 'copied') showToast(t('invitations.linkCopied'));
    if (outcome === 'failed') await copy(link, t('invitations.linkCopied'));
  };
  const code = inv.audit_type === 'NoReviewRoleCode' ? inv.role_code : undefined;
  return (
    <>
      <div className="invite-link-row">
        <InviteGlyph name="link" />
        <span className="invite-link" data-testid="invite-link">
          {link}
        </span>
      </div>
      <div className="share-actions">
        <Button
          block
          fill="outline"
          color="primary"
          data-testid="invite-copy-link"
          onClick={() => void copy(link, t('invitations.linkCopied'))}
        >
          <InviteGlyph name="copy" /> {t('invitations.copyLink')}
        </Button>
        {(canShare() || knownHostEnv() !== 'browser') && (
          <Button block color="primary" data-testid="invite-share-link" onClick={() => void share()}>
            <InviteGlyph name="share" /> {t('invitations.share')}
          </Button>
        )}
      </div>
      {manual && (
        <p className="share-manual" data-testid="invite-manual">
          <span className="muted">{t('invitations.copyFailed')}</span>
          <span className="share-manual-text">{manual}</span>
        </p>
      )}
      <div className="qr-box">
        <QrCode text={link} />
        <div className="muted">{t('invitations.qrHint')}</div>
      </div>
      <dl className="invite-facts">
        <div>
          <dt>{t('invitations.joinWay')}</dt>
          <dd data-testid="invite-audit-type">{t(`invitations.auditTypes.${inv.audit_type}`)}</dd>
        </div>
        <div>
          <dt>{t('invitations.roles')}</dt>
          <dd data-testid="invite-role">{linkRoles(inv) || t('invitations.assignedByAdmin')}</dd>
        </div>
        <div>
          <dt>{t('invitations.validity')}</dt>
          <dd data-testid="invite-expiry">{expiryLabel(inv.expire_at)}</dd>
        </div>
      </dl>
      {code && (
        <div className="invite-code-box">
          <div className="field-label">{t('invitations.code')}</div>
          <div className="invite-code" data-testid="invite-code">
            {code}
          </div>
          <div className="muted">{t('invitations.codeHint')}</div>
          <Button
            size="small"
            fill="outline"
            color="primary"
            data-testid="invite-copy-code"
            onClick={() => void copy(code, t('invitations.codeCopied'))}
          >
            <InviteGlyph name="copy" /> {t('invitations.copyCode')}
          </Button>
        </div>
      )}
    </>
  );
}

/** The invitation link just made (or opened again): link, copy, QR code, what it allows and, for a code link, the code. */
export function InvitationShare({ code }: { code: string }) {
  const { t } = useTranslation();
  const inv = useInvitation(code);
  return (
    <section className="section padded invite-share" aria-labelledby="invite-share-title" data-testid="invite-share">
      <h2 id="invite-share-title" className="invite-section-title">
        {t('invitations.invitationTitle')}
      </h2>
      {inv.isPending && <Skeleton.Paragraph lineCount={5} animated />}
      {inv.isError &&
        (isLinkGone(inv.error) ? (
          <EmptyState
            kind="notFound"
            testId="invite-gone"
            title={inv.error.status === 404 ? t('invitations.linkNotFound') : t('invitations.linkExpired')}
            description={inv.error.message}
          />
        ) : (
          <LoadFailed onRetry={inv.refetch} />
        ))}
      {inv.data && <LinkDetails inv={inv.data} />}
    </section>
  );
}
