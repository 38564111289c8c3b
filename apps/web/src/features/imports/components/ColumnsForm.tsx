import { AMOUNT_SIGNS, ErrorCode, IMPORT_DATE_FORMATS, type ImportView, type MappedField } from '@cab/contracts/client';
import { Button } from 'antd-mobile';
import { useState } from 'react';
import { ApiError } from '../../../api/request.ts';
import { FieldError, useSubmitGuard } from '../../../app/form.tsx';
import { showToast } from '../../../app/toast.ts';
import { useTranslation } from '../../../i18n/index.ts';
import { OPTIONAL_FIELDS, guessMapping, missingFields, requiredFields, toMapping, type MappingDraft } from '../mapping.ts';
import { useMapColumns } from '../mutations.ts';
import { refusalText } from '../useImportFile.ts';
import { PasswordPopup } from './lazy.tsx';
import '../../../i18n/imports.ts';

/** The sheet's first rows shown: enough to tell the columns apart without a long scroll. */
const SAMPLE_ROWS = 5;

/** The sheet's header and first rows, scrolling sideways, so the user sees what each column holds. */
function Sample({ columns }: { columns: NonNullable<ImportView['columns']> }) {
  const { t } = useTranslation();
  return (
    <figure className="import-sample" data-testid="import-sample">
      <figcaption className="import-sample-caption">
        {t('imports.columns.sample')} · {t('imports.columns.headerLine', { line: columns.header_line })}
      </figcaption>
      {/* Focusable, so the sideways scroll also works from a keyboard. */}
      <div className="import-sample-scroll" tabIndex={0} role="region" aria-label={t('imports.columns.sample')}>
        <table>
          <thead>
            <tr>
              {columns.header.map((h, i) => (
                <th key={i} scope="col">
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {columns.rows.slice(0, SAMPLE_ROWS).map((r, i) => (
              <tr key={i}>
                {columns.header.map((_, j) => (
                  <td key={j}>{r[j] ?? ''}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}

/**
 * A sheet of any shape (source 'table', status 'columns'): the user says which column is
 * the date and the amount (by the way amounts say expense or income) and, if they like,
 * the others; then the server reads the rows. The header's words give a first guess.
 */
export function ColumnsForm({ bookId, view }: { bookId: string; view: ImportView }) {
  const { t } = useTranslation();
  const sample = view.columns ?? { header: [], header_line: 1, rows: [] };
  const [draft, setDraft] = useState<MappingDraft>(() => guessMapping(sample.header));
  const [errors, setErrors] = useState<ReadonlySet<MappedField>>(new Set());
  const [locked, setLocked] = useState<{ wrong?: string | undefined }>();
  const map = useMapColumns(bookId, view.id);
  const guard = useSubmitGuard();
  // Empty header cells cannot be named in a mapping (the server wants a column's name).
  const names = [...new Set(sample.header.filter((h) => h.trim()))];

  const setColumn = (f: MappedField, column: string) => {
    setDraft((d) => ({ ...d, columns: { ...d.columns, [f]: column || undefined } }));
    setErrors((e) => new Set([...e].filter((x) => x !== f)));
  };
  const send = (password?: string) =>
    map.mutateAsync({ mapping: toMapping(draft), ...(password ? { password } : {}) }).then(
      () => setLocked(undefined),
      (err: unknown) => {
        // The zip it came in needs its password again (the server never keeps it).
        if (err instanceof ApiError && err.code === ErrorCode.IMPORT_PASSWORD) setLocked({ wrong: password ? err.message : undefined });
        else showToast(refusalText(err));
      },
    );
  const submit = () => {
    const missing = missingFields(draft);
    setErrors(new Set(missing));
    if (missing.length) return;
    guard(() => send());
  };

  const select = (f: MappedField, needed: boolean) => (
    <div className="import-field" key={f}>
      <label className="import-label" htmlFor={`import-col-${f}`}>
        {t(`imports.columns.fields.${f}`)}
        {needed && <span className="import-needed">{t('imports.columns.required')}</span>}
      </label>
      <select
        id={`import-col-${f}`}
        className="import-select"
        data-testid={`import-col-${f}`}
        value={draft.columns[f] ?? ''}
        aria-invalid={errors.has(f) || undefined}
        onChange={(e) => setColumn(f, e.target.value)}
      >
        <option value="">{t('imports.columns.unset')}</option>
        {names.map((h) => (
          <option key={h} value={h}>
            {h}
          </option>
        ))}
      </select>
      <FieldError
        error={errors.has(f) ? t('imports.columns.missing', { field: t(`imports.columns.fields.${f}`) }) : undefined}
        testId={`import-col-${f}-error`}
      />
    </div>
  );

  return (
    <section className="section import-card" data-testid="import-columns">
      <h2 className="import-section-title">{t('imports.columns.title')}</h2>
      <p className="import-text">{t('imports.columns.hint')}</p>
      <Sample columns={sample} />
      <form
        className="import-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <fieldset className="import-signs">
          <legend className="import-label">{t('imports.columns.sign')}</legend>
          {AMOUNT_SIGNS.map((s) => (
            <label key={s} className="import-radio">
              <input
                type="radio"
                name="import-sign"
                value={s}
                data-testid={`import-sign-${s}`}
                checked={draft.sign === s}
                onChange={() => {
                  setDraft((d) => ({ ...d, sign: s }));
                  setErrors(new Set());
                }}
              />
              <span>{t(`imports.columns.signs.${s}`)}</span>
            </label>
          ))}
        </fieldset>
        {requiredFields(draft.sign).map((f) => select(f, true))}
        <div className="import-field">
          <label className="import-label" htmlFor="import-date-format">
            {t('imports.dateFormat.label')}
          </label>
          <select
            id="import-date-format"
            className="import-select"
            data-testid="import-date-format"
            value={draft.dateFormat}
            onChange={(e) => setDraft((d) => ({ ...d, dateFormat: IMPORT_DATE_FORMATS.find((x) => x === e.target.value) ?? 'auto' }))}
          >
            {IMPORT_DATE_FORMATS.map((f) => (
              <option key={f} value={f}>
                {t(`imports.dateFormat.${f}`)}
              </option>
            ))}
          </select>
        </div>
        <h3 className="import-sub-title">{t('imports.columns.optional')}</h3>
        {OPTIONAL_FIELDS.map((f) => select(f, false))}
        <Button block color="primary" type="submit" loading={map.isPending} data-testid="import-columns-submit">
          {t('imports.columns.submit')}
        </Button>
      </form>
      <PasswordPopup
        visible={locked !== undefined}
        wrong={locked?.wrong}
        busy={map.isPending}
        onSubmit={send}
        onClose={() => setLocked(undefined)}
      />
    </section>
  );
}
