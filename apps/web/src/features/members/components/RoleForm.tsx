import { BILLING_TYPES, ROLE_DESC_MAX, ROLE_NAME_MAX, type BillingType, type PermissionNode, ALWAYS_HELD } from '@cab/contracts/client';
import { Button, Input, Popup, Selector, Skeleton, TextArea } from 'antd-mobile';
import { useState } from 'react';
import { AmountInput, useAmountField } from '../../../app/AmountInput.tsx';
import { typedToWire } from '../../../app/amount-rules.ts';
import { Counter, FieldError, useField, useSubmitGuard, nameInput, required, textInput } from '../../../app/form.tsx';
import { useTranslation } from '../../../i18n/index.ts';
import type { NewRole } from '../api.ts';
import { togglePermission, treeCodes } from '../roles.ts';
import { PermissionChecklist } from './PermissionChecklist.tsx';
import '../../../i18n/members.ts';

/** The highest role price, in minor units of banana shell (1,000,000.00). */
const PRICE_MAX_MINOR = 100_000_000n;

/**
 * A new role (operation 9): its name and description with their counts, its price in
 * banana shell and how it is billed (SPEC 3), and its permissions, chosen among those
 * the caller holds (`tree`: nobody hands out more than they hold).
 */
export function RoleForm({
  tree,
  treeFailed,
  onRetryTree,
  onSave,
  onClose,
}: {
  tree: PermissionNode[] | undefined;
  treeFailed: boolean;
  onRetryTree: () => void;
  onSave: (role: NewRole) => Promise<unknown>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const name = useField('', { filter: nameInput(ROLE_NAME_MAX), validate: required(t('members.roleForm.nameEmpty')) });
  const desc = useField('', { filter: textInput(ROLE_DESC_MAX) });
  // Empty means free, as the placeholder says.
  const price = useAmountField('0', { zero: true, maxMinor: PRICE_MAX_MINOR });
  const [billing, setBilling] = useState<BillingType>('PerDay');
  const [codes, setCodes] = useState<ReadonlySet<string>>(() => new Set(ALWAYS_HELD));
  const [saving, setSaving] = useState(false);
  const guard = useSubmitGuard();
  const save = () => {
    if (![name.check(), price.value === '' || price.check()].every(Boolean)) return;
    guard(async () => {
      setSaving(true);
      try {
        await onSave({
          role_name: name.value.trim(),
          role_desc: desc.value.trim(),
          permission_codes: treeCodes(tree ?? []).filter((c) => codes.has(c)),
          price: price.value ? typedToWire(price.value) : '0',
          billing_type: billing,
        });
        onClose();
      } finally {
        setSaving(false);
      }
    });
  };
  return (
    <Popup visible onMaskClick={onClose} onClose={onClose} bodyStyle={{ borderTopLeftRadius: 12, borderTopRightRadius: 12 }}>
      <div className="member-popup role-form" data-testid="role-form" role="dialog" aria-label={t('members.roleForm.title')}>
        <div className="member-popup-name">{t('members.roleForm.title')}</div>
        <label className="field-label" htmlFor="role-name">
          {t('members.roleForm.name')}
        </label>
        <div className="field-row">
          <Input
            id="role-name"
            data-testid="role-name-input"
            value={name.value}
            onChange={name.onChange}
            placeholder={t('members.roleForm.namePlaceholder')}
            aria-invalid={Boolean(name.error)}
            autoComplete="off"
          />
          <Counter value={name.value} max={ROLE_NAME_MAX} />
        </div>
        <FieldError error={name.error} testId="role-name-error" />
        <label className="field-label" htmlFor="role-desc">
          {t('members.roleForm.desc')}
        </label>
        <div className="field-row">
          <TextArea
            id="role-desc"
            data-testid="role-desc-input"
            value={desc.value}
            onChange={desc.onChange}
            placeholder={t('members.roleForm.descPlaceholder')}
            autoSize={{ minRows: 1, maxRows: 3 }}
          />
          <Counter value={desc.value} max={ROLE_DESC_MAX} />
        </div>
        <label className="field-label" htmlFor="role-price">
          {t('members.roleForm.price')}
        </label>
        <AmountInput
          id="role-price"
          testId="role-price-input"
          errorTestId="role-price-error"
          field={price}
          placeholder={t('members.roleForm.pricePlaceholder')}
        />
        <div className="field-label" id="role-billing">
          {t('members.roleForm.billing')}
        </div>
        <div role="group" aria-labelledby="role-billing" data-testid="role-billing">
          <Selector<BillingType>
            value={[billing]}
            showCheckMark={false}
            onChange={(v) => v[0] && setBilling(v[0])}
            options={BILLING_TYPES.map((b) => ({ value: b, label: t(`members.roleForm.billingTypes.${b}`) }))}
          />
        </div>
        <div className="field-label">{t('members.roleForm.permissions')}</div>
        <div className="muted">{t('members.roleInfo.groupHint')}</div>
        {tree ? (
          <PermissionChecklist
            nodes={tree}
            selected={codes}
            disabled={false}
            onToggle={(code, on) => setCodes((s) => togglePermission(s, tree, code, on))}
          />
        ) : treeFailed ? (
          <button type="button" className="link-button" data-testid="role-form-tree-retry" onClick={onRetryTree}>
            {t('members.retryLoad')}
          </button>
        ) : (
          <Skeleton.Paragraph lineCount={4} animated />
        )}
        <div className="role-form-buttons">
          <Button block onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button block color="primary" loading={saving} data-testid="role-form-save" onClick={save}>
            {t('members.roleForm.create')}
          </Button>
        </div>
      </div>
    </Popup>
  );
}
