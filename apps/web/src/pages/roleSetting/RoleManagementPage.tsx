import { Permission, type Role } from '@cab/contracts/client';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'antd-mobile';
import { useState } from 'react';
import { useNavigate } from '../../lib/hash-router.tsx';
import { EmptyState } from '../../app/EmptyState.tsx';
import { useSubmitGuard } from '../../app/form.tsx';
import { LoadFailed } from '../../app/LoadFailed.tsx';
import { PageBar } from '../../app/PageBar.tsx';
import { RequireLogin } from '../../app/RequireLogin.tsx';
import { showToast } from '../../app/toast.ts';
import { memberQueries, useAddRole, useDeleteRole } from '../../features/members/api.ts';
import { ListSkeleton, MembersState } from '../../features/members/components/MembersState.tsx';
import { RoleCard } from '../../features/members/components/RoleCard.tsx';
import { RoleForm, confirmDestructive, usePrefetchMemberPopups } from '../../features/members/components/lazy.tsx';
import { allowedTree } from '../../features/members/roles.ts';
import { useMembersBook, withBook } from '../../features/members/useMembersBook.ts';
import { useTranslation } from '../../i18n/index.ts';
import '../../i18n/members.ts';

/**
 * The book's roles (SPEC 2, role-management): each with its price (SPEC 3), description
 * and how many hold it; a role editor (03000205) adds roles and deletes custom ones.
 */
function RoleManagement() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const m = useMembersBook();
  const { bookId, perms } = m;
  const ready = Boolean(m.book.data && perms.data);
  const canEdit = perms.allowed(Permission.ROLE_EDIT);
  const roles = useQuery({ ...memberQueries.roles(bookId), enabled: ready });
  const add = useAddRole(bookId);
  const remove = useDeleteRole(bookId);
  const guard = useSubmitGuard();
  usePrefetchMemberPopups(Boolean(roles.data), 'roles');
  const [adding, setAdding] = useState(false);
  // A new role may hold what the caller's own role holds: its tree, the allowed part.
  const myRoleId = m.book.data?.role_list[0]?.role_id ?? '';
  const mine = useQuery({ ...memberQueries.tree(bookId, myRoleId), enabled: adding && Boolean(myRoleId) });

  const onDelete = (role: Role) =>
    guard(async () => {
      if (!(await confirmDestructive(t('members.roles.deleteConfirm', { name: role.role_name }), t('members.roles.delete')))) return;
      await remove.mutateAsync(role.role_id);
      showToast(t('members.roles.deleted'));
    });

  return (
    <div className="page" data-testid="page-role-management">
      <PageBar
        title={t('members.roles.title')}
        right={
          ready &&
          canEdit && (
            <a className="link" role="button" data-testid="role-add" onClick={() => setAdding(true)}>
              {t('members.roles.add')}
            </a>
          )
        }
      />
      <MembersState m={m} />
      {ready &&
        (roles.isPending ? (
          <ListSkeleton />
        ) : roles.isError ? (
          <LoadFailed full onRetry={roles.refetch} />
        ) : roles.data.length === 0 ? (
          <EmptyState
            kind="empty"
            full
            title={t('members.roles.empty')}
            action={
              canEdit && (
                <Button color="primary" onClick={() => setAdding(true)}>
                  {t('members.roles.add')}
                </Button>
              )
            }
          />
        ) : (
          <div className="section" data-testid="role-list">
            {roles.data.map((role) => (
              <RoleCard
                key={role.role_id}
                role={role}
                onOpen={() => navigate(withBook('/roleSetting/pages/role-detail-info', bookId, { role_id: role.role_id }))}
                onPermissions={() => navigate(withBook('/roleSetting/pages/role-info', bookId, { role_id: role.role_id }))}
                onDelete={canEdit && role.editable && role.role_code === 'custom' ? () => onDelete(role) : undefined}
              />
            ))}
          </div>
        ))}
      {adding && (
        <RoleForm
          tree={mine.data && allowedTree(mine.data)}
          treeFailed={mine.isError}
          onRetryTree={() => void mine.refetch()}
          onClose={() => setAdding(false)}
          onSave={async (role) => {
            await add.mutateAsync(role);
            showToast(t('members.roleForm.created'));
          }}
        />
      )}
    </div>
  );
}

export default function RoleManagementPage() {
  return (
    <RequireLogin>
      <RoleManagement />
    </RequireLogin>
  );
}
