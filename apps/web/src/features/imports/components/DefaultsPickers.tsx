import type { ImportView } from '@cab/contracts/client';
import { FieldError } from '../../../app/form.tsx';
import { Icon } from '../../../app/icons.tsx';
import { useTranslation } from '../../../i18n/index.ts';
import type { DefaultField, PickedDefaults } from '../choices.ts';
import type { PickerRequest } from './ItemPicker.tsx';
import '../../../i18n/imports.ts';

const FIELDS: ReadonlyArray<{ field: DefaultField; need: keyof NonNullable<ImportView['defaults']>['needs'] }> = [
  { field: 'account', need: 'account' },
  { field: 'expense', need: 'expense_category' },
  { field: 'income', need: 'income_category' },
];

/**
 * The defaults for rows that name no account, or no category of their tree, shown only
 * when some rows need them (`needs`); they start as the server suggests. A needed one left
 * empty is said under it.
 */
export function DefaultsPickers({
  needs,
  picked,
  missing,
  onPick,
  openPicker,
}: {
  needs: NonNullable<ImportView['defaults']>['needs'];
  picked: PickedDefaults;
  missing: ReadonlySet<DefaultField>;
  onPick: (field: DefaultField, item: { id: string; name: string }) => void;
  openPicker: (r: PickerRequest) => void;
}) {
  const { t } = useTranslation();
  const shown = FIELDS.filter((f) => needs[f.need]);
  if (!shown.length) return null;
  return (
    <section className="section import-card" data-testid="import-defaults" aria-labelledby="import-defaults-title">
      <h2 className="import-section-title" id="import-defaults-title">
        {t('imports.defaults.title')}
      </h2>
      <p className="import-text">{t('imports.defaults.hint')}</p>
      <ul className="import-names">
        {shown.map(({ field }) => {
          const label = t(`imports.defaults.${field}`);
          const now = picked[field];
          return (
            <li key={field}>
              <button
                type="button"
                className="import-name"
                data-testid={`import-default-${field}`}
                aria-invalid={missing.has(field) || undefined}
                onClick={() =>
                  openPicker({
                    title: label,
                    kind: field === 'account' ? 'account' : 'category',
                    trade: field === 'account' ? null : field === 'income' ? 'Income' : 'Expense',
                    current: now?.id,
                    extra: [],
                    onPick: (c) => c.name !== undefined && onPick(field, { id: c.to, name: c.name }),
                  })
                }
              >
                <span className="import-name-file">
                  <span className="import-name-text">{label}</span>
                </span>
                <span
                  className={now ? 'import-name-to import-to-item' : 'import-name-to import-to-unset'}
                  data-testid="import-default-value"
                >
                  {now?.name ?? t('imports.defaults.pick')}
                </span>
                <Icon name="back" className="import-chevron" />
              </button>
              <FieldError
                error={missing.has(field) ? t(`imports.defaults.missing.${field}`) : undefined}
                testId={`import-default-${field}-error`}
              />
            </li>
          );
        })}
      </ul>
    </section>
  );
}
