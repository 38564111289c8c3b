import type { Invitation } from '@cab/contracts/client';
import { useQuery } from '@tanstack/react-query';
import { Popup, Skeleton } from 'antd-mobile';
import { useNavigate } from '../../../lib/hash-router.tsx';
import { LoadFailed } from '../../../app/LoadFailed.tsx';
import { useTranslation } from '../../../i18n/index.ts';
import { useInvitePermission } from '../../books/invite-permission.ts';
import { invitationQueries } from '../api.ts';
import { InviteForm } from './InviteForm.tsx';
import { InviteGlyph } from './glyphs.tsx';
import '../invitations.css';
import '../../../i18n/invitations.ts';

export interface InvitePopupProps {
  bookId: string;
  bookName: string;
  visible: boolean;
  onClose: () => void;
  /** What follows a created link; by default the share page shows it. */
  onCreated?: (invitation: Invitation) => void;
}

/** The form once the caller may invite; the book's defaults and the roles they may give come first. */
function InviteBody({ bookId, onCreated }: { bookId: string; onCreated: (invitation: Invitation) => void }) {
  const { t } = useTranslation();
  const allowed = useInvitePermission(bookId);
  const setting = useQuery({ ...invitationQueries.setting(bookId), enabled: allowed.data === true });
  const roles = useQuery({ ...invitationQueries.roles(bookId), enabled: allowed.data === true });
  if (allowed.isError) return <LoadFailed onRetry={allowed.refetch} />;
  if (allowed.data === false)
    return (
      <div className="notice-card" data-testid="invite-forbidden">
        <InviteGlyph name="review" /> {t('invitations.noPermission')}
      </div>
    );
  if (setting.isError || roles.isError)
    return (
      <LoadFailed
        onRetry={() => {
          if (setting.isError) void setting.refetch();
          if (roles.isError) void roles.refetch();
        }}
      />
    );
  if (!setting.data || !roles.data)
    return (
      <div className="padded" data-testid="invite-loading">
        <Skeleton.Paragraph lineCount={6} animated />
      </div>
    );
  return <InviteForm bookId={bookId} setting={setting.data} roles={roles.data} onCreated={onCreated} />;
}

/**
 * The invite popup of the book lists and the share page (SPEC 2): by review, by a given
 * role or by an invitation code, with the link's validity and roles. Offered to those
 * whose role holds 03000102; others are told why not.
 */
export default function InvitePopup({ bookId, bookName, visible, onClose, onCreated }: InvitePopupProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const created =
    onCreated ??
    ((inv: Invitation) => {
      onClose();
      navigate(`/share/index?bookId=${encodeURIComponent(bookId)}&code=${encodeURIComponent(inv.invite_code)}`);
    });
  return (
    <Popup
      visible={visible}
      onMaskClick={onClose}
      onClose={onClose}
      destroyOnClose
      bodyClassName="invite-popup"
      bodyStyle={{ borderTopLeftRadius: 12, borderTopRightRadius: 12, maxHeight: '88vh', overflowY: 'auto' }}
    >
      <div className="invite-popup-head" data-testid="invite-popup">
        <InviteGlyph name="userAdd" size={20} />
        <h2 className="invite-popup-title">{t('invitations.inviteTitle', { name: bookName })}</h2>
      </div>
      <InviteBody bookId={bookId} onCreated={created} />
    </Popup>
  );
}
