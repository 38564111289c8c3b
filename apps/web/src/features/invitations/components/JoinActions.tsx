import { ASSIGNED_BY_ADMIN_ROLE_ID, type Invitation } from '@cab/contracts/client';
import { Button, Checkbox } from 'antd-mobile';
import { Suspense, lazy, useEffect, useState } from 'react';
import { useSubmitGuard } from '../../../app/form.tsx';
import { useTranslation } from '../../../i18n/index.ts';
import { whenIdle } from '../../../lib/idle.ts';
import { useApply, type ApplyResult } from '../api.ts';
import type { JoinChoice } from './JoinDialog.tsx';
import '../../../i18n/invitations.ts';

// The dialog carries antd-mobile's popup and animation code: its own chunk, fetched once
// the page is drawn and the browser is idle, so the page comes first and a tap opens it at once.
const loadJoinDialog = () => import('./JoinDialog.tsx');
const JoinDialog = lazy(() => loadJoinDialog().then((m) => ({ default: m.JoinDialog })));

/**
 * Joining when not in the book yet, by the link's audit type (SPEC 2): apply with a role
 * and a remark (NeedToBeReviewed), accept the given role (NoReviewDesignatedRole), or
 * pick a role and type the code (NoReviewRoleCode). The subscribe choice goes with each.
 */
export function JoinActions({ inv, onDone }: { inv: Invitation; onDone: (result: ApplyResult) => void }) {
  const { t } = useTranslation();
  const apply = useApply(inv.invite_code);
  const guard = useSubmitGuard();
  const [subscribe, setSubscribe] = useState(true);
  const [dialog, setDialog] = useState(false);
  const [opened, setOpened] = useState(false);
  if (dialog && !opened) setOpened(true);
  const needsDialog = inv.audit_type !== 'NoReviewDesignatedRole';
  useEffect(() => {
    if (needsDialog) whenIdle(() => void loadJoinDialog().catch(() => undefined));
  }, [needsDialog]);

  const send = async (choice: JoinChoice) => {
    const result = await apply.mutateAsync({
      invite_code: inv.invite_code,
      role_id: choice.roleId,
      ...(choice.remark !== undefined ? { remark: choice.remark } : {}),
      ...(choice.roleCode ? { role_code: choice.roleCode } : {}),
      subscribe,
    });
    setDialog(false);
    onDone(result);
  };

  const designated = inv.role ?? inv.role_vos.find((r) => r.role_id !== ASSIGNED_BY_ADMIN_ROLE_ID);
  const roles = inv.audit_type === 'NeedToBeReviewed' ? inv.role_vos : inv.role_vos.filter((r) => r.role_id !== ASSIGNED_BY_ADMIN_ROLE_ID);

  let action;
  if (inv.audit_type === 'NoReviewDesignatedRole')
    action = (
      <Button
        block
        color="primary"
        data-testid="join-accept"
        disabled={!designated}
        loading={apply.isPending}
        onClick={() => designated && guard(() => send({ roleId: designated.role_id }))}
      >
        {t('invitations.accept')}
      </Button>
    );
  else
    action = (
      <Button
        block
        color="primary"
        data-testid={inv.audit_type === 'NeedToBeReviewed' ? 'join-apply' : 'join-with-code'}
        onClick={() => setDialog(true)}
      >
        {inv.audit_type === 'NeedToBeReviewed' ? t('invitations.apply') : t('invitations.joinWithCode')}
      </Button>
    );

  return (
    <section className="section padded join-actions" data-testid="join-actions">
      <Checkbox checked={subscribe} onChange={setSubscribe} data-testid="join-subscribe">
        {t('invitations.subscribe')}
      </Checkbox>
      {action}
      {needsDialog && opened && (
        <Suspense fallback={null}>
          <JoinDialog
            mode={inv.audit_type === 'NeedToBeReviewed' ? 'review' : 'code'}
            visible={dialog}
            inviteCode={inv.invite_code}
            roles={roles}
            busy={apply.isPending}
            onClose={() => setDialog(false)}
            onSubmit={send}
          />
        </Suspense>
      )}
    </section>
  );
}
