import { shownNickname, Permission } from '@cab/contracts/client';
import { useQuery } from '@tanstack/react-query';
import { Button, List } from 'antd-mobile';
import { useNavigate } from '../../lib/hash-router.tsx';
import { LoadFailed } from '../../app/LoadFailed.tsx';
import { PageBar } from '../../app/PageBar.tsx';
import { RequireLogin } from '../../app/RequireLogin.tsx';
import { memberQueries } from '../../features/members/api.ts';
import { Avatar } from '../../features/members/components/Avatar.tsx';
import { ListSkeleton, MembersState } from '../../features/members/components/MembersState.tsx';
import { RoleGone, isRoleGone } from '../../features/members/components/RoleGone.tsx';
import { allowedTree, rolePriceText } from '../../features/members/roles.ts';
import { useMembersBook, withBook } from '../../features/members/useMembersBook.ts';
import { useTranslation } from '../../i18n/index.ts';
import '../../i18n/members.ts';

/**
 * A role (SPEC 2, role-detail-info; `role_id`): its description and price, the members
 * holding it (when the caller may see members), and its permissions by name (the
 * permission-config tree's, in the reader's language).
 */
function RoleDetailInfo() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const m = useMembersBook();
  const { bookId, perms } = m;
  const roleId = m.params.get('role_id') ?? '';
  const ready = Boolean(m.book.data && perms.data);
  const canSeeMembers = perms.allowed(Permission.MEMBER_BASIC_DETAIL);
  const canEdit = perms.allowed(Permission.ROLE_EDIT);
  const role = useQuery({ ...memberQueries.role(bookId, roleId), enabled: ready && Boolean(roleId) });
  const found = Boolean(role.data);
  const tree = useQuery({ ...memberQueries.tree(bookId, roleId), enabled: found });
  const users = useQuery({ ...memberQueries.bookUsers(bookId), enabled: found && canSeeMembers });
  const list = useQuery({ ...memberQueries.roles(bookId), enabled: found && canEdit });
  const r = role.data;

  const body = () => {
    if (!roleId || (role.isError && isRoleGone(role.error))) return <RoleGone bookId={bookId} />;
    if (role.isError) return <LoadFailed full onRetry={role.refetch} />;
    if (!r) return <ListSkeleton />;
    const holders = users.data?.bookkeepers.filter((u) => u.role.role_id === r.role_id);
    const held = tree.data && allowedTree(tree.data);
    const editable = r.role_code !== 'owner' && canEdit && (r.editable || list.data?.find((x) => x.role_id === r.role_id)?.editable);
    return (
      <>
        <div className="section">
          <List>
            <List.Item description={r.role_desc || t('members.roles.noDesc')}>
              <span className="role-card-name" data-testid="role-detail-name">
                {r.role_name}
              </span>
            </List.Item>
            <List.Item extra={<span data-testid="role-detail-price">{rolePriceText(r.role_info)}</span>}>
              {t('members.roleDetail.price')}
            </List.Item>
          </List>
        </div>
        {canSeeMembers && (
          <section className="section" data-testid="role-detail-members">
            <h2 className="members-section-title">
              {t('members.roleDetail.members')}
              <span className="muted">{t('members.roles.count', { count: holders?.length ?? r.member_count })}</span>
            </h2>
            {users.isPending && <ListSkeleton rows={2} />}
            {users.isError && <LoadFailed onRetry={users.refetch} />}
            {holders?.length === 0 && <div className="members-empty-line">{t('members.roleDetail.noMembers')}</div>}
            {holders?.map((u) => (
              <div key={u.user_id} className="member-row" data-testid={`holder-${u.user_id}`}>
                <Avatar url={u.avatar_url} size={32} />
                <div className="member-main">
                  <div className="member-name">
                    <span className="text">{shownNickname(u.nickname, i18n.language)}</span>
                    {u.is_me && <span className="member-tag plain">{t('members.me')}</span>}
                  </div>
                </div>
              </div>
            ))}
          </section>
        )}
        <section className="section" data-testid="role-detail-permissions">
          <h2 className="members-section-title">{t('members.roleDetail.permissions')}</h2>
          {r.role_code === 'owner' && <div className="members-empty-line">{t('members.roleInfo.ownerHint')}</div>}
          {tree.isPending && <ListSkeleton rows={3} />}
          {tree.isError && <LoadFailed onRetry={tree.refetch} />}
          {held?.length === 0 && <div className="members-empty-line">{t('members.roleDetail.noPermissions')}</div>}
          {held?.map((g) => (
            <div key={g.code} className="perm-group" data-testid={`held-${g.code}`}>
              <div className="perm-row group">{g.name}</div>
              {g.children.length > 0 && (
                <ul className="perm-list">
                  {g.children.map((c) => (
                    <li key={c.code}>{c.name}</li>
                  ))}
                </ul>
              )}
            </div>
          ))}
        </section>
        {editable && (
          <div className="members-bar">
            <Button
              block
              color="primary"
              fill="outline"
              data-testid="role-detail-edit"
              onClick={() => navigate(withBook('/roleSetting/pages/role-info', bookId, { role_id: r.role_id }))}
            >
              {t('members.roleDetail.editPermissions')}
            </Button>
          </div>
        )}
      </>
    );
  };

  return (
    <div className="page" data-testid="page-role-detail-info">
      <PageBar title={t('members.roleDetail.title')} />
      <MembersState m={m} />
      {ready && body()}
    </div>
  );
}

export default function RoleDetailInfoPage() {
  return (
    <RequireLogin>
      <RoleDetailInfo />
    </RequireLogin>
  );
}
