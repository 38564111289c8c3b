import type { MemberRequest } from '@cab/contracts/client';
import type { UseQueryResult } from '@tanstack/react-query';
import { Button } from 'antd-mobile';
import { useState } from 'react';
import { LoadFailed } from '../../../app/LoadFailed.tsx';
import { useSubmitGuard } from '../../../app/form.tsx';
import { showToast } from '../../../app/toast.ts';
import { useTranslation } from '../../../i18n/index.ts';
import { useAgreeRequest, useRejectRequest } from '../api.ts';
import { useBookZone } from '../../books/clock.ts';
import { formatDateTime } from '../format.ts';
import type { MemberRequests } from '../types.ts';
import { Avatar } from './Avatar.tsx';
import { ListSkeleton } from './MembersState.tsx';
import { RolePicker, confirmDestructive } from './lazy.tsx';
import '../../../i18n/members.ts';

const HISTORY_SHOWN = 5;

/**
 * Applications waiting for the caller's approval (03000106), oldest first, with agree
 * and reject; an applicant who left the role to the administrator gets one picked
 * first. Below them, what was decided lately.
 */
export function PendingRequests({
  bookId,
  requests,
  canAssign,
}: {
  bookId: string;
  requests: UseQueryResult<MemberRequests>;
  canAssign: boolean;
}) {
  const { t } = useTranslation();
  const agree = useAgreeRequest(bookId);
  const reject = useRejectRequest(bookId);
  const zone = useBookZone(bookId);
  const guard = useSubmitGuard();
  const [picking, setPicking] = useState<MemberRequest>();
  const [allHistory, setAllHistory] = useState(false);

  const doAgree = (r: MemberRequest, roleId?: string) =>
    guard(async () => {
      await agree.mutateAsync({ id: r.id, ...(roleId ? { roleId } : {}) });
      showToast(t('members.request.agreed'));
    });
  const onAgree = (r: MemberRequest) => (r.role ? doAgree(r) : setPicking(r));
  const onReject = (r: MemberRequest) =>
    guard(async () => {
      if (!(await confirmDestructive(t('members.request.rejectConfirm', { name: r.user.nickname }), t('members.request.reject')))) return;
      await reject.mutateAsync(r.id);
      showToast(t('members.request.rejected'));
    });

  if (requests.isPending) return <ListSkeleton rows={2} />;
  if (requests.isError) return <LoadFailed onRetry={requests.refetch} />;
  const { to_be_accepted_list: open, accepted_list: decided } = requests.data;
  const history = allHistory ? decided : decided.slice(0, HISTORY_SHOWN);
  const busy = agree.isPending || reject.isPending;

  return (
    <>
      <section className="section" data-testid="pending-requests">
        <h2 className="members-section-title">
          {t('members.sections.pending')}
          {open.length > 0 && <span className="muted">{open.length}</span>}
        </h2>
        {open.length === 0 && <div className="members-empty-line">{t('members.noPending')}</div>}
        {open.map((r) => (
          <div key={r.id} className="member-row" data-testid={`request-${r.id}`}>
            <Avatar url={r.user.avatar_url} />
            <div className="member-main">
              <div className="member-name">
                <span className="text">{r.user.nickname}</span>
              </div>
              <div className="member-sub">
                {t('members.request.role', { role: r.role ? r.role.role_name : t('members.request.byAdmin') })}
              </div>
              {r.remark && <div className="member-sub">{t('members.request.remark', { remark: r.remark })}</div>}
              <div className="member-sub">
                {formatDateTime(r.created_at, zone)}
                {r.urge_count > 0 && ` · ${t('members.request.urged', { count: r.urge_count })}`}
              </div>
              <div className="request-actions">
                <Button size="small" color="primary" disabled={busy} data-testid={`agree-${r.id}`} onClick={() => onAgree(r)}>
                  {t('members.request.agree')}
                </Button>
                <Button
                  size="small"
                  color="danger"
                  fill="outline"
                  disabled={busy}
                  data-testid={`reject-${r.id}`}
                  onClick={() => onReject(r)}
                >
                  {t('members.request.reject')}
                </Button>
              </div>
            </div>
          </div>
        ))}
      </section>
      {decided.length > 0 && (
        <section className="section" data-testid="decided-requests">
          <h2 className="members-section-title">{t('members.sections.history')}</h2>
          {history.map((r) => (
            <DecidedRow key={r.id} r={r} zone={zone} />
          ))}
          {!allHistory && decided.length > HISTORY_SHOWN && (
            <button type="button" className="members-more" onClick={() => setAllHistory(true)}>
              {t('members.showMore')}
            </button>
          )}
        </section>
      )}
      <RolePicker
        bookId={bookId}
        assignable={canAssign}
        visible={Boolean(picking)}
        title={picking ? t('members.request.pickRole', { name: picking.user.nickname }) : ''}
        onClose={() => setPicking(undefined)}
        onPick={(role) => {
          const r = picking;
          setPicking(undefined);
          if (r) doAgree(r, role.role_id);
        }}
      />
    </>
  );
}

/** The statuses that let the user in: such a row whose user is no longer in the book says so instead. */
const JOINED: ReadonlySet<MemberRequest['status']> = new Set(['Accepted', 'Agreed', 'Distributed']);

function DecidedRow({ r, zone }: { r: MemberRequest; zone: string | undefined }) {
  const { t } = useTranslation();
  const left = JOINED.has(r.status) && !r.in_book;
  const role = r.granted_role ?? r.role;
  const sub = [
    role?.role_name ?? '',
    r.decided_by ? t('members.request.decidedBy', { name: r.decided_by.nickname }) : '',
    r.decided_at !== null ? formatDateTime(r.decided_at, zone) : '',
  ].filter(Boolean);
  return (
    <div className="member-row" data-testid={`decided-${r.id}`}>
      <Avatar url={r.user.avatar_url} size={32} />
      <div className="member-main">
        <div className="member-name">
          <span className="text">{r.user.nickname}</span>
        </div>
        {sub.length > 0 && <div className="member-sub">{sub.join(' · ')}</div>}
      </div>
      {left ? (
        <span className="member-tag plain" data-testid={`decided-left-${r.id}`}>
          {t('members.status.left')}
        </span>
      ) : (
        <span className={r.status === 'Rejected' ? 'member-tag plain' : 'member-tag'}>{t(`members.status.${r.status}`)}</span>
      )}
    </div>
  );
}
