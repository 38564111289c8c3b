import { Permission, type Member } from '@cab/contracts/client';
import { useQuery } from '@tanstack/react-query';
import { Button, List } from 'antd-mobile';
import { useState } from 'react';
import { useNavigate } from '../../lib/hash-router.tsx';
import { LoadFailed } from '../../app/LoadFailed.tsx';
import { PageBar } from '../../app/PageBar.tsx';
import { RequireLogin } from '../../app/RequireLogin.tsx';
import { memberQueries } from '../../features/members/api.ts';
import { MemberGlyph } from '../../features/members/components/glyphs.tsx';
import { MemberList } from '../../features/members/components/MemberList.tsx';
import { MemberPopup, usePrefetchMemberPopups } from '../../features/members/components/lazy.tsx';
import { ListSkeleton, MembersState } from '../../features/members/components/MembersState.tsx';
import { PendingRequests } from '../../features/members/components/PendingRequests.tsx';
import { useMembersBook, withBook } from '../../features/members/useMembersBook.ts';
import { AddByPhonePopup } from '../../features/invitations/components/lazy.tsx';
import { useTranslation } from '../../i18n/index.ts';
import '../../i18n/invitations.ts';
import '../../i18n/members.ts';

/**
 * Members and roles (SPEC 2, roleSetting/index): how many have joined and the invite
 * button, the applications to approve, the members with their roles (a tap opens one),
 * and the ways to the roles, the invitation defaults and the activity log. What the
 * caller's role may not do is not offered (SPEC 6, members-page abilities).
 */
function RoleSetting() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const m = useMembersBook();
  const { bookId, perms } = m;
  const ready = Boolean(m.book.data && perms.data);
  const canSee = perms.allowed(Permission.MEMBER_BASIC_DETAIL);
  const canApprove = perms.allowed(Permission.MEMBER_APPROVAL);
  const canInvite = perms.allowed(Permission.ADD_MEMBER);
  const users = useQuery({ ...memberQueries.bookUsers(bookId), enabled: ready && canSee });
  const requests = useQuery({ ...memberQueries.requests(bookId), enabled: ready && canApprove });
  const [open, setOpen] = useState<Member>();
  const [adding, setAdding] = useState(false);
  usePrefetchMemberPopups(Boolean(users.data || requests.data), 'members');
  const joined = users.data?.joined_number ?? requests.data?.joined_number ?? m.book.data?.member_count;

  return (
    <div className="page" data-testid="page-role-setting">
      <PageBar title={t('members.title')} />
      <MembersState m={m} />
      {ready && (
        <>
          <div className="section members-head">
            <span className="members-count" data-testid="members-joined">
              {joined !== undefined && t('members.joined', { count: joined })}
            </span>
            {canInvite && (
              <span className="members-head-actions">
                <Button size="small" data-testid="members-add-phone" onClick={() => setAdding(true)}>
                  {t('invitations.addByPhone.open')}
                </Button>
                <Button
                  size="small"
                  color="primary"
                  data-testid="members-invite"
                  onClick={() => navigate(withBook('/share/index', bookId, { invite: '1' }))}
                >
                  <MemberGlyph name="invite" /> {t('members.invite')}
                </Button>
              </span>
            )}
          </div>
          {canApprove && <PendingRequests bookId={bookId} requests={requests} canAssign={canInvite} />}
          {canSee &&
            (users.isPending ? (
              <ListSkeleton />
            ) : users.isError ? (
              <LoadFailed onRetry={users.refetch} />
            ) : (
              <MemberList users={users.data} showWaiting={!canApprove} onOpen={setOpen} />
            ))}
          {!canSee && !canApprove && (
            <div className="section members-empty-line" data-testid="members-no-access">
              {t('members.noAccessHint')}
            </div>
          )}
          <div className="section">
            <List header={t('members.sections.manage')}>
              <List.Item
                prefix={<MemberGlyph name="shield" />}
                data-testid="entry-roles"
                onClick={() => navigate(withBook('/roleSetting/pages/role-management', bookId))}
              >
                {t('members.entries.roles')}
              </List.Item>
              {canInvite && (
                <List.Item
                  prefix={<MemberGlyph name="link" />}
                  data-testid="entry-invite-setting"
                  onClick={() => navigate(withBook('/defaultInviteSetting/index', bookId))}
                >
                  {t('members.entries.inviteSetting')}
                </List.Item>
              )}
              {perms.allowed(Permission.SENSITIVE) && (
                <List.Item
                  prefix={<MemberGlyph name="clock" />}
                  data-testid="entry-activity"
                  onClick={() => navigate(withBook('/roleSetting/pages/activity', bookId))}
                >
                  {t('members.entries.activity')}
                </List.Item>
              )}
            </List>
          </div>
        </>
      )}
      {canInvite && <AddByPhonePopup bookId={bookId} visible={adding} onClose={() => setAdding(false)} />}
      {open && <MemberPopup bookId={bookId} member={open} allowed={perms.allowed} onClose={() => setOpen(undefined)} />}
    </div>
  );
}

export default function RoleSettingPage() {
  return (
    <RequireLogin>
      <RoleSetting />
    </RequireLogin>
  );
}
