import {
  APPLY_REMARK_MAX,
  AUDIT_TYPES,
  LINK_VALIDITY_DAYS,
  type AuditType,
  type Invitation,
  type LinkValidity,
  type Role,
} from '@cab/contracts/client';
import { Button, Input, Selector } from 'antd-mobile';
import { useState } from 'react';
import { Counter, FieldError, useField, useSubmitGuard, textInput } from '../../../app/form.tsx';
import { showToast } from '../../../app/toast.ts';
import { useTranslation } from '../../../i18n/index.ts';
import { useCreateInvitation, type InviteSetting } from '../api.ts';
import { priceLabel, roleName, validityLabel } from '../labels.ts';
import '../../../i18n/invitations.ts';

/**
 * What a new link allows: how people join (review, a given role, or a code), the roles,
 * how long the link lasts and a note. It starts from the book's defaults.
 */
export function InviteForm({
  bookId,
  setting,
  roles,
  onCreated,
}: {
  bookId: string;
  setting: InviteSetting;
  roles: Role[];
  onCreated: (invitation: Invitation) => void;
}) {
  const { t } = useTranslation();
  const create = useCreateInvitation(bookId);
  const guard = useSubmitGuard();
  const [audit, setAudit] = useState<AuditType>(setting.audit_type);
  const [validity, setValidity] = useState<LinkValidity>(setting.link_validity);
  const [roleIds, setRoleIds] = useState<string[]>([]);
  const [roleError, setRoleError] = useState<string>();
  const remark = useField('', { filter: textInput(APPLY_REMARK_MAX) });
  const single = audit === 'NoReviewDesignatedRole';
  const needsRole = audit !== 'NeedToBeReviewed';

  const chooseAudit = (next: AuditType) => {
    setAudit(next);
    setRoleError(undefined);
    if (next === 'NoReviewDesignatedRole') setRoleIds((ids) => ids.slice(0, 1));
  };
  const submit = () => {
    if (needsRole && roleIds.length === 0) return setRoleError(t('invitations.roleRequired'));
    guard(async () => {
      const invitation = await create.mutateAsync({
        audit_type: audit,
        link_validity: validity,
        ...(roleIds.length ? { role_ids: roleIds } : {}),
        ...(remark.value.trim() ? { remark: remark.value.trim() } : {}),
      });
      showToast(t('invitations.created'));
      onCreated(invitation);
    });
  };

  return (
    <div className="invite-form" data-testid="invite-form">
      <div className="field-label" id="invite-way">
        {t('invitations.way')}
      </div>
      <Selector<AuditType>
        columns={3}
        aria-labelledby="invite-way"
        data-testid="invite-audit"
        showCheckMark={false}
        value={[audit]}
        options={AUDIT_TYPES.map((a) => ({ label: t(`invitations.auditTypes.${a}`), value: a }))}
        onChange={(v) => v[0] && chooseAudit(v[0])}
      />
      <div className="muted invite-hint" data-testid="invite-audit-hint">
        {t(`invitations.auditHints.${audit}`)}
      </div>

      <div className="field-label" id="invite-roles">
        {t('invitations.roles')}
      </div>
      <div className="muted invite-hint">{t(`invitations.roleHints.${audit}`)}</div>
      {roles.length === 0 ? (
        <div className="muted" data-testid="invite-no-roles">
          {t('invitations.noRoles')}
        </div>
      ) : (
        <Selector<string>
          columns={2}
          multiple={!single}
          aria-labelledby="invite-roles"
          data-testid="invite-roles"
          value={roleIds}
          options={roles.map((r) => ({ label: roleName(r), value: r.role_id, description: priceLabel(r) }))}
          onChange={(v) => {
            setRoleIds(single ? v.slice(-1) : v);
            setRoleError(undefined);
          }}
        />
      )}
      <FieldError error={roleError} testId="invite-roles-error" />

      <div className="field-label" id="invite-validity">
        {t('invitations.validity')}
      </div>
      <Selector<LinkValidity>
        columns={4}
        aria-labelledby="invite-validity"
        data-testid="invite-validity"
        showCheckMark={false}
        value={[validity]}
        options={LINK_VALIDITY_DAYS.map((d) => ({ label: validityLabel(d), value: d }))}
        onChange={(v) => v[0] !== undefined && setValidity(v[0])}
      />

      <label className="field-label" htmlFor="invite-remark">
        {t('invitations.remark')}
      </label>
      <div className="field-row">
        <Input
          id="invite-remark"
          data-testid="invite-remark"
          value={remark.value}
          onChange={remark.onChange}
          placeholder={t('invitations.remarkPlaceholder')}
          clearable
        />
        <Counter value={remark.value} max={APPLY_REMARK_MAX} />
      </div>

      <Button
        block
        color="primary"
        className="invite-submit"
        data-testid="invite-create"
        loading={create.isPending}
        disabled={roles.length === 0 && needsRole}
        onClick={submit}
      >
        {t('invitations.create')}
      </Button>
    </div>
  );
}
