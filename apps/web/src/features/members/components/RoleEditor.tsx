import { ROLE_DESC_MAX, ROLE_NAME_MAX, type PermissionNode, type Role } from '@cab/contracts/client';
import { Button, Input, TextArea } from 'antd-mobile';
import { useState } from 'react';
import { Counter, FieldError, useField, useSubmitGuard, nameInput, required, textInput } from '../../../app/form.tsx';
import { showToast } from '../../../app/toast.ts';
import { useTranslation } from '../../../i18n/index.ts';
import { useUpdateRole, type RoleUpdate } from '../api.ts';
import { allowedCodes, togglePermission, treeCodes } from '../roles.ts';
import { PermissionChecklist } from './PermissionChecklist.tsx';
import '../../../i18n/members.ts';

/**
 * A role's permissions as the config tree says (SPEC 2, role-info), and, when the
 * caller may edit it, its name and description too; saving sends only what changed
 * (operation 8). Drawn afresh from the server's answer after each save.
 */
export function RoleEditor({ bookId, role, tree, editable }: { bookId: string; role: Role; tree: PermissionNode[]; editable: boolean }) {
  const { t } = useTranslation();
  const initialCodes = allowedCodes(tree);
  const [codes, setCodes] = useState<ReadonlySet<string>>(() => new Set(initialCodes));
  const name = useField(role.role_name, { filter: nameInput(ROLE_NAME_MAX), validate: required(t('members.roleForm.nameEmpty')) });
  const desc = useField(role.role_desc, { filter: textInput(ROLE_DESC_MAX) });
  const update = useUpdateRole(bookId);
  const guard = useSubmitGuard();

  const ordered = treeCodes(tree);
  const codesChanged = codes.size !== initialCodes.length || initialCodes.some((c) => !codes.has(c));
  const nameChanged = name.value.trim() !== role.role_name;
  const descChanged = desc.value.trim() !== role.role_desc;
  const dirty = codesChanged || nameChanged || descChanged;

  const save = () => {
    if (!name.check()) return;
    const body: RoleUpdate = {
      role_id: role.role_id,
      ...(codesChanged ? { permission_codes: ordered.filter((c) => codes.has(c)) } : {}),
      ...(nameChanged ? { role_name: name.value.trim() } : {}),
      ...(descChanged ? { role_desc: desc.value.trim() } : {}),
    };
    guard(async () => {
      await update.mutateAsync(body);
      showToast(t('members.roleInfo.saved'));
    });
  };

  return (
    <>
      {editable && (
        <div className="section form-block role-form" data-testid="role-fields">
          <label className="field-label" htmlFor="role-info-name">
            {t('members.roleForm.name')}
          </label>
          <div className="field-row">
            <Input
              id="role-info-name"
              data-testid="role-info-name"
              value={name.value}
              onChange={name.onChange}
              aria-invalid={Boolean(name.error)}
              autoComplete="off"
            />
            <Counter value={name.value} max={ROLE_NAME_MAX} />
          </div>
          <FieldError error={name.error} testId="role-info-name-error" />
          <label className="field-label" htmlFor="role-info-desc">
            {t('members.roleForm.desc')}
          </label>
          <div className="field-row">
            <TextArea
              id="role-info-desc"
              data-testid="role-info-desc"
              value={desc.value}
              onChange={desc.onChange}
              autoSize={{ minRows: 1, maxRows: 3 }}
            />
            <Counter value={desc.value} max={ROLE_DESC_MAX} />
          </div>
        </div>
      )}
      <div className="notice-card" data-testid="role-info-hint">
        {role.role_code === 'owner'
          ? t('members.roleInfo.ownerHint')
          : editable
            ? t('members.roleInfo.groupHint')
            : t('members.roleInfo.readOnly')}
      </div>
      <div className="section">
        <PermissionChecklist
          nodes={tree}
          selected={codes}
          disabled={!editable}
          onToggle={(code, on) => setCodes((s) => togglePermission(s, tree, code, on))}
        />
      </div>
      {editable && (
        <div className="members-bar">
          <Button block color="primary" disabled={!dirty} loading={update.isPending} data-testid="role-info-save" onClick={save}>
            {t('members.roleInfo.save')}
          </Button>
        </div>
      )}
    </>
  );
}
