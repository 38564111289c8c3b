import { shownNickname, type Member } from '@cab/contracts/client';
import { useTranslation } from '../../../i18n/index.ts';
import type { BookUsers } from '../types.ts';
import { Avatar } from './Avatar.tsx';
import { MemberGlyph } from './glyphs.tsx';
import '../../../i18n/members.ts';

/**
 * The book's members with their roles (the owner first, then by joining), its virtual
 * members (member labels without a user), and, for those who do not approve, who is
 * still waiting to join.
 */
export function MemberList({
  users,
  showWaiting,
  onOpen,
}: {
  users: BookUsers;
  showWaiting: boolean;
  onOpen: ((m: Member) => void) | undefined;
}) {
  const { t, i18n } = useTranslation();
  const members = [...users.bookkeepers].sort((a, b) => Number(b.is_owner) - Number(a.is_owner) || a.joined_at - b.joined_at);
  return (
    <>
      <section className="section" data-testid="member-list">
        <h2 className="members-section-title">
          {t('members.sections.members')}
          <span className="muted">{members.length}</span>
        </h2>
        {members.map((m) => {
          const body = (
            <>
              <Avatar url={m.avatar_url} />
              <div className="member-main">
                <div className="member-name">
                  <span className="text">{shownNickname(m.nickname, i18n.language)}</span>
                  {m.is_me && <span className="member-tag plain">{t('members.me')}</span>}
                </div>
                <div className="member-sub">{m.role.role_name}</div>
              </div>
              {onOpen && (
                <span className="member-side">
                  <MemberGlyph name="next" size={16} />
                </span>
              )}
            </>
          );
          return onOpen ? (
            <button key={m.user_id} type="button" className="member-row" data-testid={`member-${m.user_id}`} onClick={() => onOpen(m)}>
              {body}
            </button>
          ) : (
            <div key={m.user_id} className="member-row" data-testid={`member-${m.user_id}`}>
              {body}
            </div>
          );
        })}
        {members.length <= 1 && (
          <div className="members-empty-line" data-testid="members-alone">
            {t('members.alone')}
          </div>
        )}
      </section>
      {showWaiting && users.pending_users.length > 0 && (
        <section className="section" data-testid="waiting-users">
          <h2 className="members-section-title">{t('members.sections.waiting')}</h2>
          {users.pending_users.map((p) => (
            <div key={p.id} className="member-row">
              <Avatar url={p.user.avatar_url} size={32} />
              <div className="member-main">
                <div className="member-name">
                  <span className="text">{shownNickname(p.user.nickname, i18n.language)}</span>
                </div>
                {p.role && <div className="member-sub">{p.role.role_name}</div>}
              </div>
              <span className="member-tag plain">{t(`members.status.${p.status}`)}</span>
            </div>
          ))}
        </section>
      )}
      {users.member_list.length > 0 && (
        <section className="section" data-testid="virtual-members">
          <h2 className="members-section-title">
            {t('members.sections.virtual')}
            <span className="muted">{users.member_list.length}</span>
          </h2>
          <div className="member-sub members-hint">{t('members.sections.virtualHint')}</div>
          {users.member_list.map((v) => (
            <div key={v.id} className="member-row" data-testid={`virtual-${v.id}`}>
              <Avatar url="" size={32} />
              <div className="member-main">
                <div className="member-name">
                  <span className="text">{v.name}</span>
                </div>
              </div>
            </div>
          ))}
        </section>
      )}
    </>
  );
}
