import { useQuery } from '@tanstack/react-query';
import { Icon } from '../../../app/icons.tsx';
import { Sheet } from '../../../app/Sheet.tsx';
import { Spinner } from '../../../app/Spinner.tsx';
import { useTranslation } from '../../../i18n/index.ts';
import { memberQueries } from '../api.ts';
import { rolePriceText } from '../roles.ts';
import { isPaidRole, type RoleChoiceItem } from '../types.ts';
import '../../../i18n/members.ts';

/**
 * The roles the caller may give: the assignable roles when they may add members
 * (03000102), otherwise the book's roles but the owner's (the server still refuses
 * a role above the caller's own).
 */
export function useRoleChoices(bookId: string, assignable: boolean, enabled: boolean) {
  const fromAssignable = useQuery({ ...memberQueries.assignable(bookId), enabled: enabled && assignable });
  const fromRoles = useQuery({ ...memberQueries.roles(bookId), enabled: enabled && !assignable });
  const q = assignable ? fromAssignable : fromRoles;
  const choices: RoleChoiceItem[] | undefined = q.data?.filter((r) => r.role_code !== 'owner');
  return { choices, isPending: q.isPending, isError: q.isError, refetch: q.refetch };
}

/** A sheet of roles to give someone; the current one is marked. */
export function RolePicker({
  bookId,
  assignable,
  visible,
  title,
  current,
  onPick,
  onClose,
}: {
  bookId: string;
  assignable: boolean;
  visible: boolean;
  title: string;
  current?: string | undefined;
  onPick: (role: RoleChoiceItem) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const roles = useRoleChoices(bookId, assignable, visible);
  const actions = roles.isError
    ? [{ key: 'retry', text: t('common.loadFailed'), description: t('common.retry'), onClick: () => void roles.refetch() }]
    : roles.choices?.length === 0
      ? [{ key: 'none', text: t('members.member.noRoles'), disabled: true }]
      : (roles.choices ?? []).map((r) => ({
          key: r.role_id,
          text: (
            <span
              className={r.role_id === current ? 'sheet-choice chosen' : 'sheet-choice'}
              data-testid={`pick-role-${r.role_id}`}
              aria-current={r.role_id === current ? 'true' : undefined}
            >
              {r.role_name}
              {r.role_id === current && <Icon name="check" />}
            </span>
          ),
          // A paid role says its price (SPEC 3), so the cost is known before the quote.
          description:
            [r.role_desc, r.role_info && isPaidRole(r) ? rolePriceText(r.role_info) : ''].filter(Boolean).join(' · ') || undefined,
          onClick: () => (r.role_id === current ? onClose() : onPick(r)),
        }));
  return (
    <Sheet
      visible={visible}
      onClose={onClose}
      label={title}
      title={
        <>
          {title}
          {roles.isPending && visible && (
            <div>
              <Spinner />
            </div>
          )}
        </>
      }
      actions={actions}
    />
  );
}
