import type { Role } from '@cab/contracts/client';
import { useTranslation } from '../../../i18n/index.ts';
import { rolePriceText } from '../roles.ts';
import { MemberGlyph } from './glyphs.tsx';
import '../../../i18n/members.ts';

/** A role in the list: name, kind, price, description, how many hold it, and what may be done with it. */
export function RoleCard({
  role,
  onOpen,
  onPermissions,
  onDelete,
}: {
  role: Role;
  onOpen: () => void;
  onPermissions: () => void;
  onDelete: (() => void) | undefined;
}) {
  const { t } = useTranslation();
  return (
    <div className="role-card" data-testid={`role-${role.role_id}`}>
      <button type="button" className="member-row role-card-open" onClick={onOpen} data-testid={`role-open-${role.role_id}`}>
        <div className="member-main">
          <div className="role-card-head">
            <span className="role-card-name">{role.role_name}</span>
            <span className={role.role_code === 'custom' ? 'member-tag' : 'member-tag plain'}>
              {role.role_code === 'custom' ? t('members.roles.custom') : t('members.roles.system')}
            </span>
          </div>
          <div className="member-sub">{role.role_desc || t('members.roles.noDesc')}</div>
          <div className="member-sub">
            <span data-testid={`role-price-${role.role_id}`}>{rolePriceText(role.role_info)}</span>
            {' · '}
            {t('members.roles.count', { count: role.member_count })}
          </div>
        </div>
        <span className="member-side">
          <MemberGlyph name="next" size={16} />
        </span>
      </button>
      <div className="role-card-actions">
        <button type="button" className="link-button" data-testid={`role-perms-${role.role_id}`} onClick={onPermissions}>
          {t('members.roles.permissions')}
        </button>
        {onDelete && (
          <button type="button" className="link-button danger-link" data-testid={`role-delete-${role.role_id}`} onClick={onDelete}>
            <MemberGlyph name="trash" /> {t('members.roles.delete')}
          </button>
        )}
      </div>
    </div>
  );
}
