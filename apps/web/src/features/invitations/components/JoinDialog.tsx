import { APPLY_REMARK_MAX, INVITATION_CODE_LENGTH, type RoleRef } from '@cab/contracts/client';
import { Button, Popup, Selector, TextArea, Input } from 'antd-mobile';
import { useState } from 'react';
import { ApiError } from '../../../api/request.ts';
import { Counter, FieldError, useField, useSubmitGuard, textInput } from '../../../app/form.tsx';
import { useTranslation } from '../../../i18n/index.ts';
import { checkInvitationCode } from '../api.ts';
import { roleName } from '../labels.ts';
import '../../../i18n/invitations.ts';

/** Letters and digits only, upper case, no longer than a code (docs/ui.md: an input takes only what it can accept). */
export const codeFilter = (v: string): string =>
  v
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '')
    .slice(0, INVITATION_CODE_LENGTH);

export interface JoinChoice {
  roleId: string;
  remark?: string;
  roleCode?: string;
}

/**
 * The role selection dialog of the join page (SPEC 2): a role from the link's list and,
 * for a review link, a remark for the approvers; for a code link, the code, checked
 * before joining (`invitationRoles`) so a wrong one is said under its field.
 */
export function JoinDialog({
  mode,
  visible,
  inviteCode,
  roles,
  busy,
  onClose,
  onSubmit,
}: {
  mode: 'review' | 'code';
  visible: boolean;
  inviteCode: string;
  roles: RoleRef[];
  busy: boolean;
  onClose: () => void;
  onSubmit: (choice: JoinChoice) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const guard = useSubmitGuard();
  const [roleId, setRoleId] = useState<string>();
  const [roleError, setRoleError] = useState<string>();
  const [checking, setChecking] = useState(false);
  const remark = useField('', { filter: textInput(APPLY_REMARK_MAX) });
  const code = useField('', {
    filter: codeFilter,
    validate: (v) => (v.length === INVITATION_CODE_LENGTH ? undefined : t('invitations.codeLength', { length: INVITATION_CODE_LENGTH })),
  });

  const submit = () => {
    const roleOk = Boolean(roleId);
    if (!roleOk) setRoleError(t('invitations.roleRequired'));
    const codeOk = mode !== 'code' || code.check();
    if (!roleId || !codeOk) return;
    guard(async () => {
      if (mode === 'review') return onSubmit({ roleId, remark: remark.value.trim() });
      setChecking(true);
      let allowed: RoleRef[];
      try {
        allowed = await checkInvitationCode(inviteCode, code.value);
      } catch (err) {
        // A wrong code, or too many tries: the server's words under the field.
        if (err instanceof ApiError) code.setError(err.message);
        return;
      } finally {
        setChecking(false);
      }
      if (!allowed.some((r) => r.role_id === roleId)) return setRoleError(t('invitations.codeRoleMismatch'));
      return onSubmit({ roleId, roleCode: code.value });
    });
  };

  return (
    <Popup
      visible={visible}
      onMaskClick={onClose}
      onClose={onClose}
      bodyClassName="invite-popup"
      bodyStyle={{ borderTopLeftRadius: 12, borderTopRightRadius: 12, maxHeight: '88vh', overflowY: 'auto' }}
    >
      <div className="invite-form" data-testid={`join-dialog-${mode}`}>
        <h2 className="invite-popup-title" id="join-roles">
          {t('invitations.pickRole')}
        </h2>
        <Selector<string>
          columns={1}
          aria-labelledby="join-roles"
          data-testid="join-roles"
          value={roleId ? [roleId] : []}
          options={roles.map((r) => ({ label: roleName(r), value: r.role_id, ...(r.role_desc ? { description: r.role_desc } : {}) }))}
          onChange={(v) => {
            setRoleId(v[0]);
            setRoleError(undefined);
          }}
        />
        <FieldError error={roleError} testId="join-roles-error" />
        {mode === 'review' ? (
          <>
            <label className="field-label" htmlFor="join-remark">
              {t('invitations.applyRemark')}
            </label>
            <div className="field-row">
              <TextArea
                id="join-remark"
                data-testid="join-remark"
                value={remark.value}
                onChange={remark.onChange}
                placeholder={t('invitations.applyRemarkPlaceholder')}
                autoSize={{ minRows: 2, maxRows: 4 }}
              />
              <Counter value={remark.value} max={APPLY_REMARK_MAX} />
            </div>
          </>
        ) : (
          <>
            <label className="field-label" htmlFor="join-code">
              {t('invitations.codeInput')}
            </label>
            <div className="field-row">
              <Input
                id="join-code"
                data-testid="join-code"
                className="join-code-input"
                value={code.value}
                onChange={code.onChange}
                placeholder={t('invitations.codePlaceholder', { length: INVITATION_CODE_LENGTH })}
                autoComplete="one-time-code"
                autoCapitalize="characters"
                onEnterPress={submit}
              />
              <Counter value={code.value} max={INVITATION_CODE_LENGTH} />
            </div>
            <FieldError error={code.error} testId="join-code-error" />
          </>
        )}
        <div className="join-dialog-actions">
          <Button block onClick={onClose} disabled={busy || checking}>
            {t('invitations.cancel')}
          </Button>
          <Button block color="primary" data-testid="join-submit" loading={busy || checking} onClick={submit}>
            {mode === 'review' ? t('invitations.submit') : t('invitations.join')}
          </Button>
        </div>
      </div>
    </Popup>
  );
}
