import { Button } from 'antd-mobile';
import { useNavigate } from '../../../lib/hash-router.tsx';
import { EmptyState } from '../../../app/EmptyState.tsx';
import { ApiError } from '../../../api/request.ts';
import { useTranslation } from '../../../i18n/index.ts';
import { withBook } from '../useMembersBook.ts';
import '../../../i18n/members.ts';

export const isRoleGone = (err: unknown) => err instanceof ApiError && (err.status === 404 || err.status === 400);

/** A role page opened for a role that is not there (deleted, or a wrong link). */
export function RoleGone({ bookId }: { bookId: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <EmptyState
      kind="notFound"
      full
      testId="role-gone"
      title={t('members.roleInfo.gone')}
      description={t('members.roleInfo.goneHint')}
      action={
        <Button color="primary" onClick={() => navigate(withBook('/roleSetting/pages/role-management', bookId), { replace: true })}>
          {t('members.roleInfo.toList')}
        </Button>
      }
    />
  );
}
