import { shownNickname, Permission, type Member } from '@cab/contracts/client';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, List, Popup, Skeleton } from 'antd-mobile';
import { useState } from 'react';
import { confirmDestructive } from '../../../app/confirm.tsx';
import { useSubmitGuard } from '../../../app/form.tsx';
import { LoadFailed } from '../../../app/LoadFailed.tsx';
import { showToast } from '../../../app/toast.ts';
import { useTranslation } from '../../../i18n/index.ts';
import { memberKeys, memberQueries, useChangeMemberRole, useRemoveMember } from '../api.ts';
import { useBookZone } from '../../books/clock.ts';
import { formatDate, formatDateTime } from '../format.ts';
import { isPaidRole, type MemberDetail, type RoleChoiceItem } from '../types.ts';
import { PaidRoleQuote } from './PaidRoleQuote.tsx';
import { Avatar } from './Avatar.tsx';
import { RolePicker } from './RolePicker.tsx';
import '../../../i18n/members.ts';

const isDetail = (m: Member | MemberDetail): m is MemberDetail => 'phone' in m;

/**
 * A member: the full detail with 03000201 (masked phone, records, member label), the
 * basic one otherwise; changing their role (03000105) and removing them (03000103),
 * never for the owner or oneself.
 */
export function MemberPopup({
  bookId,
  member,
  allowed,
  onClose,
}: {
  bookId: string;
  member: Member;
  allowed: (code: string) => boolean;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const qc = useQueryClient();
  const detail = allowed(Permission.MEMBER_DETAIL);
  const change = useChangeMemberRole(bookId);
  const remove = useRemoveMember(bookId);
  // Once they are being removed, their detail is not asked again (it would answer 404).
  const q = useQuery({ ...memberQueries.member(bookId, member.user_id, detail), enabled: remove.isIdle || remove.isError });
  const zone = useBookZone(bookId);
  const guard = useSubmitGuard();
  const [picking, setPicking] = useState(false);
  // A paid role (SPEC 3) is bought for the member: its quote, then pay-for-assign (commerce).
  const [quoting, setQuoting] = useState<RoleChoiceItem>();
  // The role last quoted stays in the closing sheet, so it does not go blank while it slides away.
  const [quoted, setQuoted] = useState<RoleChoiceItem>();
  if (quoting && quoting !== quoted) setQuoted(quoting);
  const m = q.data ?? member;
  const untouchable = member.is_owner || member.is_me;
  const canChange = !untouchable && allowed(Permission.EDIT_MEMBER);
  const canRemove = !untouchable && allowed(Permission.DELETE_MEMBER);

  const onRemove = () =>
    guard(async () => {
      if (
        !(await confirmDestructive(
          t('members.member.removeConfirm', { name: shownNickname(m.nickname, i18n.language) }),
          t('members.member.remove'),
        ))
      )
        return;
      await remove.mutateAsync(member.user_id);
      showToast(t('members.member.removed'));
      onClose();
      qc.removeQueries({ queryKey: memberKeys.member(bookId, member.user_id, detail) });
    });

  return (
    <Popup visible onMaskClick={onClose} onClose={onClose} bodyStyle={{ borderTopLeftRadius: 12, borderTopRightRadius: 12 }}>
      <div className="member-popup" data-testid="member-popup" role="dialog" aria-label={t('members.member.title')}>
        <div className="member-popup-head">
          <Avatar url={m.avatar_url} size={48} />
          <div style={{ minWidth: 0 }}>
            <div className="member-popup-name">{shownNickname(m.nickname, i18n.language)}</div>
            <div className="member-sub" data-testid="member-popup-role">
              {m.role.role_name}
            </div>
          </div>
        </div>
        {q.isError && <LoadFailed onRetry={q.refetch} />}
        {q.isPending && <Skeleton.Paragraph lineCount={3} animated />}
        {q.data && (
          <List>
            <List.Item extra={formatDate(m.joined_at, zone)}>{t('members.member.joinedAt')}</List.Item>
            {isDetail(q.data) && (
              <>
                <List.Item extra={<span data-testid="member-phone">{q.data.phone || t('members.member.none')}</span>}>
                  {t('members.member.phone')}
                </List.Item>
                <List.Item extra={t('members.member.recordCount', { count: q.data.record_count })}>{t('members.member.records')}</List.Item>
                <List.Item extra={q.data.last_recorded_at ? formatDateTime(q.data.last_recorded_at, zone) : t('members.member.none')}>
                  {t('members.member.lastRecorded')}
                </List.Item>
                <List.Item extra={<span className="row-value">{q.data.member_label?.name ?? t('members.member.none')}</span>}>
                  {t('members.member.label')}
                </List.Item>
              </>
            )}
          </List>
        )}
        <div className="member-popup-actions">
          {canChange && (
            <Button block color="primary" fill="outline" data-testid="member-change-role" onClick={() => setPicking(true)}>
              {t('members.member.changeRole')}
            </Button>
          )}
          {canRemove && (
            <Button block color="danger" fill="outline" loading={remove.isPending} data-testid="member-remove" onClick={onRemove}>
              {t('members.member.remove')}
            </Button>
          )}
          <Button block onClick={onClose}>
            {t('members.member.close')}
          </Button>
        </div>
      </div>
      <RolePicker
        bookId={bookId}
        assignable={allowed(Permission.ADD_MEMBER)}
        visible={picking}
        title={t('members.member.pickRole', { name: shownNickname(m.nickname, i18n.language) })}
        current={m.role.role_id}
        onClose={() => setPicking(false)}
        onPick={(role) => {
          setPicking(false);
          if (isPaidRole(role)) {
            setQuoting(role);
            return;
          }
          guard(async () => {
            await change.mutateAsync({ userId: member.user_id, roleId: role.role_id });
            showToast(t('members.member.roleChanged'));
          });
        }}
      />
      <PaidRoleQuote
        bookId={bookId}
        userId={member.user_id}
        memberName={shownNickname(m.nickname, i18n.language)}
        roleId={quoted?.role_id ?? ''}
        roleName={quoted?.role_name ?? ''}
        visible={Boolean(quoting)}
        onClose={() => setQuoting(undefined)}
        onAssigned={() => void qc.invalidateQueries({ queryKey: memberKeys.book(bookId) })}
      />
    </Popup>
  );
}
