import { Permission } from '@cab/contracts/client';
import { useQuery } from '@tanstack/react-query';
import { EmptyState } from '../../app/EmptyState.tsx';
import { LoadFailed } from '../../app/LoadFailed.tsx';
import { PageBar } from '../../app/PageBar.tsx';
import { RequireLogin } from '../../app/RequireLogin.tsx';
import { memberQueries } from '../../features/members/api.ts';
import { ListSkeleton, MembersState } from '../../features/members/components/MembersState.tsx';
import { RoleEditor } from '../../features/members/components/RoleEditor.tsx';
import { RoleGone, isRoleGone } from '../../features/members/components/RoleGone.tsx';
import { useMembersBook } from '../../features/members/useMembersBook.ts';
import { useTranslation } from '../../i18n/index.ts';
import '../../i18n/members.ts';

/**
 * A role's permissions (SPEC 2, role-info; `role_id`): the permission-config tree as
 * groups of checkboxes, editable when the role is and the caller holds 03000205.
 */
function RoleInfo() {
  const { t } = useTranslation();
  const m = useMembersBook();
  const { bookId, perms } = m;
  const roleId = m.params.get('role_id') ?? '';
  const ready = Boolean(m.book.data && perms.data);
  const role = useQuery({ ...memberQueries.role(bookId, roleId), enabled: ready && Boolean(roleId) });
  const tree = useQuery({ ...memberQueries.tree(bookId, roleId), enabled: ready && Boolean(roleId) });
  const canEdit = perms.allowed(Permission.ROLE_EDIT);
  // Whether the caller may edit this role (one above their own they may not) comes with the book's role list.
  const list = useQuery({ ...memberQueries.roles(bookId), enabled: ready && canEdit });
  const r = role.data;
  const listed = list.data?.find((x) => x.role_id === roleId);
  const editable = Boolean(r && r.role_code !== 'owner' && canEdit && (r.editable || listed?.editable));

  const body = () => {
    if (!roleId || (role.isError && isRoleGone(role.error))) return <RoleGone bookId={bookId} />;
    if (role.isError || tree.isError) return <LoadFailed full onRetry={() => (role.isError ? role.refetch() : tree.refetch())} />;
    if (!r || !tree.data || (canEdit && list.isPending)) return <ListSkeleton rows={8} />;
    if (tree.data.length === 0) return <EmptyState kind="empty" full title={t('members.roleInfo.empty')} />;
    // Drawn afresh whenever the server's answer changes (after a save, the set it completed).
    return <RoleEditor key={`${r.role_id}:${tree.dataUpdatedAt}`} bookId={bookId} role={r} tree={tree.data} editable={editable} />;
  };

  return (
    <div className="page" data-testid="page-role-info">
      <PageBar title={r ? t('members.roleInfo.titleOf', { name: r.role_name }) : t('members.roleInfo.title')} />
      <MembersState m={m} />
      {ready && body()}
    </div>
  );
}

export default function RoleInfoPage() {
  return (
    <RequireLogin>
      <RoleInfo />
    </RequireLogin>
  );
}
