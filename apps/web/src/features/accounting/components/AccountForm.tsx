import { ACCOUNT_TYPES, DEFAULT_CURRENCY, DIMENSION_NAME_MAX, type AccountType, type CreateAccountRequest } from '@cab/contracts/client';
import { Button, Input, Popup } from 'antd-mobile';
import { useState } from 'react';
import { Counter, FieldError, useField, useSubmitGuard, nameInput, required } from '../../../app/form.tsx';
import { useTranslation } from '../../../i18n/index.ts';
import '../../../i18n/accounting.ts';

/** Three capital letters, as the server takes a currency code. */
const currencyFilter = (v: string) =>
  v
    .toUpperCase()
    .replace(/[^A-Z]/g, '')
    .slice(0, 3);

/**
 * A new account: its name (with its count), its group (an existing one or a new 其他),
 * its type and its currency (the book's by default; the server refuses a code it has no rate for).
 */
export function AccountForm({
  groups,
  currency: bookCurrency,
  onSave,
  onClose,
}: {
  groups: string[];
  currency?: string;
  onSave: (body: CreateAccountRequest) => Promise<unknown>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const name = useField('', { filter: nameInput(DIMENSION_NAME_MAX), validate: required(t('search.nameEmpty')) });
  const choices = groups.includes(t('manage.newGroup')) ? groups : [...groups, t('manage.newGroup')];
  const [group, setGroup] = useState(choices[0] ?? t('manage.newGroup'));
  const [type, setType] = useState<AccountType>('Cash');
  const currency = useField(bookCurrency || DEFAULT_CURRENCY, {
    filter: currencyFilter,
    validate: (v) => (v.length === 3 ? undefined : t('manage.currencyInvalid')),
  });
  const [saving, setSaving] = useState(false);
  const guard = useSubmitGuard();
  const save = () => {
    if (![name.check(), currency.check()].every(Boolean)) return;
    guard(async () => {
      setSaving(true);
      try {
        await onSave({ name: name.value.trim(), group_name: group, type, currency: currency.value });
        onClose();
      } finally {
        setSaving(false);
      }
    });
  };
  const chips = <T extends string>(label: string, values: readonly T[], value: T, set: (v: T) => void, text: (v: T) => string) => (
    <div className="account-form-block" role="group" aria-label={label}>
      <div className="field-label">{label}</div>
      <div className="chip-wrap">
        {values.map((v) => (
          <button
            key={v}
            type="button"
            className={v === value ? 'choice-chip selected' : 'choice-chip'}
            aria-pressed={v === value}
            onClick={() => set(v)}
          >
            {text(v)}
          </button>
        ))}
      </div>
    </div>
  );
  return (
    <Popup
      visible
      onMaskClick={onClose}
      bodyClassName="account-form"
      bodyStyle={{ borderTopLeftRadius: 12, borderTopRightRadius: 12, padding: 16 }}
    >
      <div className="account-form-title">{t('search.addTitle.accounts')}</div>
      <div className="account-form-block">
        <label className="field-label" htmlFor="account-name">
          {t('manage.accountName')}
        </label>
        <div className="field-row">
          <Input
            id="account-name"
            data-testid="account-name-input"
            value={name.value}
            onChange={name.onChange}
            placeholder={t('search.namePlaceholder', { n: DIMENSION_NAME_MAX })}
            aria-invalid={Boolean(name.error)}
          />
          <Counter value={name.value} max={DIMENSION_NAME_MAX} />
        </div>
        <FieldError error={name.error} testId="account-name-error" />
      </div>
      {chips(t('manage.group'), choices, group, setGroup, (g) => g)}
      {chips(t('manage.type'), ACCOUNT_TYPES, type, setType, (v) => t(`manage.accountTypes.${v}`))}
      <div className="account-form-block">
        <label className="field-label" htmlFor="account-currency">
          {t('manage.currency')}
        </label>
        <div className="field-row">
          <Input
            id="account-currency"
            data-testid="account-currency-input"
            value={currency.value}
            onChange={currency.onChange}
            aria-invalid={Boolean(currency.error)}
          />
        </div>
        <FieldError error={currency.error} testId="account-currency-error" />
      </div>
      <div className="account-form-actions">
        <Button block onClick={onClose}>
          {t('common.cancel')}
        </Button>
        <Button block color="primary" loading={saving} data-testid="account-save" onClick={save}>
          {t('manage.save')}
        </Button>
      </div>
    </Popup>
  );
}
