import type { ImportName, ImportNameKind, ImportRowKind, ImportView, TradeType } from '@cab/contracts/client';
import { useQuery } from '@tanstack/react-query';
import { Button, Skeleton } from 'antd-mobile';
import { useMemo, useState } from 'react';
import { useSubmitGuard } from '../../../app/form.tsx';
import { LoadFailed } from '../../../app/LoadFailed.tsx';
import { useTranslation } from '../../../i18n/index.ts';
import {
  choiceOf,
  commitBody,
  keyOf,
  missingDefaults,
  nameKey,
  suggestedDefaults,
  toRecord,
  type Choice,
  type DefaultField,
  type PickedDefaults,
} from '../choices.ts';
import { count } from '../format.ts';
import { useCommitImport } from '../mutations.ts';
import { importQueries } from '../queries.ts';
import { DefaultsPickers } from './DefaultsPickers.tsx';
import { Duplicates } from './Duplicates.tsx';
import type { PickerRequest } from './ItemPicker.tsx';
import { ItemPicker, RowsPopup } from './lazy.tsx';
import { NamesMapping } from './NamesMapping.tsx';
import { RowLine, type Targets } from './RowLine.tsx';
import '../../../i18n/imports.ts';

/** Rows asked for the preview: a few more than shown, since skipped duplicates are left out of it. */
const PREVIEW_ASK = 20;
const PREVIEW_SHOW = 8;

/**
 * A read import waiting for the user ('ready'): what was read (each count opens its rows),
 * the first records as they will be recorded with the choices so far, what each name of
 * the file becomes, the defaults rows need, the duplicates to keep, and the start. The
 * choices live here until the commit; a reload starts again from the server's defaults.
 */
export function ReadyView({ bookId, view, timeZone }: { bookId: string; view: ImportView; timeZone: string | undefined }) {
  const { t } = useTranslation();
  const names = useMemo(() => view.names ?? [], [view.names]);
  const [choices, setChoices] = useState<ReadonlyMap<string, Choice>>(new Map());
  const [picked, setPicked] = useState<PickedDefaults>(() => suggestedDefaults(view.defaults));
  const [included, setIncluded] = useState<ReadonlySet<number>>(new Set());
  const [missing, setMissing] = useState<ReadonlySet<DefaultField>>(new Set());
  const [rowsOf, setRowsOf] = useState<ImportRowKind>();
  const [picker, setPicker] = useState<PickerRequest>();
  const commit = useCommitImport(bookId, view.id);
  const guard = useSubmitGuard();
  const preview = useQuery(importQueries.firstRows(bookId, view.id, 'row', PREVIEW_ASK));

  const byKey = useMemo(() => new Map(names.map((n) => [keyOf(n), n])), [names]);
  const targets: Targets = {
    name: (kind: ImportNameKind, name: string, trade: TradeType | null) => {
      const n = byKey.get(nameKey(kind, name, trade));
      if (!n) return undefined;
      const c = choiceOf(n, choices);
      return c.to === 'new' ? t('imports.preview.new') : c.to === 'none' ? t('imports.preview.none') : c.name;
    },
    account: picked.account?.name,
    category: (trade) => (trade === 'Income' ? picked.income : picked.expense)?.name,
  };

  const choose = (list: readonly ImportName[], c: Choice) =>
    setChoices((m) => {
      const next = new Map(m);
      for (const n of list) next.set(keyOf(n), c);
      return next;
    });
  const total = toRecord(view, included.size);
  const start = () => {
    const needed = missingDefaults(view.defaults?.needs, picked);
    setMissing(new Set(needed));
    if (needed.length) {
      document.querySelector('[data-testid="import-defaults"]')?.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
      return;
    }
    guard(() => commit.mutateAsync(commitBody(names, choices, view.defaults?.needs, picked, included)));
  };

  const counts: ReadonlyArray<{ kind: ImportRowKind; label: string; n: number; unit: 'records' | 'lines' }> = [
    { kind: 'row', label: t('imports.summary.toRecord'), n: view.counts.read - view.counts.duplicate, unit: 'records' },
    { kind: 'duplicate', label: t('imports.summary.duplicates'), n: view.counts.duplicate - included.size, unit: 'records' },
    { kind: 'skip', label: t('imports.summary.skipped'), n: view.counts.skipped, unit: 'lines' },
    { kind: 'problem', label: t('imports.summary.problems'), n: view.counts.problem, unit: 'lines' },
  ];
  const shown = preview.data?.filter((r) => !r.duplicate || included.has(r.line)).slice(0, PREVIEW_SHOW);

  return (
    <>
      <section className="section import-card" data-testid="import-summary" aria-labelledby="import-summary-title">
        <h2 className="import-section-title" id="import-summary-title">
          {t('imports.summary.title')}
        </h2>
        <div className="import-counts">
          {counts.map((c) => (
            <button
              key={c.kind}
              type="button"
              className={`import-count import-count-${c.kind}`}
              data-testid={`import-count-${c.kind}`}
              onClick={() => setRowsOf(c.kind)}
            >
              <span className="import-count-n">{t(`imports.summary.${c.unit}`, { count: c.n, n: count(c.n) })}</span>
              <span className="import-count-label">{c.label}</span>
            </button>
          ))}
        </div>
      </section>
      <section className="section import-card" data-testid="import-preview" aria-labelledby="import-preview-title">
        <h2 className="import-section-title" id="import-preview-title">
          {t('imports.preview.title')}
        </h2>
        {preview.isPending && (
          <div className="padded">
            <Skeleton.Paragraph lineCount={4} animated />
          </div>
        )}
        {preview.isError && <LoadFailed onRetry={preview.refetch} />}
        {shown && (
          <>
            <p className="import-text">
              {shown.length ? t('imports.preview.hint', { count: shown.length, n: shown.length }) : t('imports.preview.empty')}
            </p>
            <ul className="import-rows">
              {shown.map((r) => (
                <li key={r.line}>
                  <RowLine row={r} timeZone={timeZone} targets={targets} />
                </li>
              ))}
            </ul>
          </>
        )}
      </section>
      <NamesMapping names={names} choices={choices} onChoose={(n, c) => choose([n], c)} onChooseAll={choose} openPicker={setPicker} />
      {view.defaults && (
        <DefaultsPickers
          needs={view.defaults.needs}
          picked={picked}
          missing={missing}
          onPick={(field, item) => {
            setPicked((p) => ({ ...p, [field]: item }));
            setMissing((m) => new Set([...m].filter((f) => f !== field)));
          }}
          openPicker={setPicker}
        />
      )}
      {view.counts.duplicate > 0 && (
        <Duplicates
          bookId={bookId}
          id={view.id}
          timeZone={timeZone}
          targets={targets}
          included={included}
          onToggle={(line, on) =>
            setIncluded((s) => {
              const next = new Set(s);
              if (on) next.add(line);
              else next.delete(line);
              return next;
            })
          }
        />
      )}
      <div className="import-footer">
        <Button
          block
          color="primary"
          size="large"
          data-testid="import-start"
          disabled={total <= 0}
          loading={commit.isPending}
          onClick={start}
        >
          {total > 0 ? t('imports.commit.start', { count: total, n: count(total) }) : t('imports.commit.nothing')}
        </Button>
      </div>
      <RowsPopup bookId={bookId} id={view.id} timeZone={timeZone} targets={targets} kind={rowsOf} onClose={() => setRowsOf(undefined)} />
      <ItemPicker bookId={bookId} request={picker} onClose={() => setPicker(undefined)} />
    </>
  );
}
