import type { ImportName } from '@cab/contracts/client';
import { useState } from 'react';
import { Icon } from '../../../app/icons.tsx';
import { useTranslation } from '../../../i18n/index.ts';
import { MAY_SKIP, NAME_GROUPS, choiceOf, groupOf, keyOf, treeOf, type Choice, type NameGroup } from '../choices.ts';
import { count } from '../format.ts';
import type { PickerRequest } from './ItemPicker.tsx';
import '../../../i18n/imports.ts';

/** A group shows this many names until the user asks for all (a bill may name hundreds of merchants). */
const FIRST = 20;

/**
 * The file's names grouped by what they are (expense and income categories, accounts,
 * members, merchants, projects), each with its rows and what it becomes; a tap opens the
 * picker. Labels a record may go without have a one-tap "import none".
 */
export function NamesMapping({
  names,
  choices,
  onChoose,
  onChooseAll,
  openPicker,
}: {
  names: readonly ImportName[];
  choices: ReadonlyMap<string, Choice>;
  onChoose: (n: ImportName, c: Choice) => void;
  onChooseAll: (group: readonly ImportName[], c: Choice) => void;
  openPicker: (r: PickerRequest) => void;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<ReadonlySet<NameGroup>>(new Set());
  const groups = NAME_GROUPS.map((g) => [g, names.filter((n) => groupOf(n) === g)] as const).filter(([, list]) => list.length);
  if (!groups.length) return null;

  const shown = (c: Choice) => (c.to === 'new' ? t('imports.preview.new') : c.to === 'none' ? t('imports.preview.none') : (c.name ?? ''));
  const pickFor = (n: ImportName) => {
    const extra: PickerRequest['extra'] = [
      ...(n.match
        ? [
            {
              choice: { to: n.match.id, name: n.match.name },
              label: t('imports.picker.match', { name: n.match.name }),
              testId: 'import-pick-match',
            },
          ]
        : []),
      { choice: { to: 'new' }, label: t('imports.picker.new', { name: n.name }), testId: 'import-pick-new' },
      ...(MAY_SKIP.has(n.kind) ? [{ choice: { to: 'none' }, label: t('imports.picker.none'), testId: 'import-pick-none' }] : []),
    ];
    openPicker({
      title: t('imports.names.choose', { name: n.name }),
      kind: n.kind,
      trade: treeOf(n),
      current: choiceOf(n, choices).to,
      extra,
      onPick: (c) => onChoose(n, c),
    });
  };

  return (
    <section className="section import-card" data-testid="import-names" aria-labelledby="import-names-title">
      <h2 className="import-section-title" id="import-names-title">
        {t('imports.names.title')}
      </h2>
      <p className="import-text">{t('imports.names.hint')}</p>
      {groups.map(([g, list]) => {
        const all = open.has(g) || list.length <= FIRST;
        const kind = list[0]!.kind;
        return (
          <div key={g} className="import-group" data-testid={`import-group-${g}`}>
            <div className="import-group-head">
              <h3 className="import-sub-title">{t(`imports.names.kinds.${g}`)}</h3>
              {MAY_SKIP.has(kind) && (
                <button
                  type="button"
                  className="import-link"
                  data-testid={`import-none-${g}`}
                  onClick={() => onChooseAll(list, { to: 'none' })}
                >
                  {t('imports.names.allNone')}
                </button>
              )}
            </div>
            <ul className="import-names">
              {(all ? list : list.slice(0, FIRST)).map((n) => {
                const c = choiceOf(n, choices);
                return (
                  <li key={keyOf(n)}>
                    <button
                      type="button"
                      className="import-name"
                      data-testid={`import-name-${n.kind}-${n.name}`}
                      onClick={() => pickFor(n)}
                    >
                      <span className="import-name-file">
                        <span className="import-name-text">{n.name}</span>
                        <span className="import-name-rows">{t('imports.names.rows', { count: n.rows, n: count(n.rows) })}</span>
                      </span>
                      <span
                        className={`import-name-to import-to-${c.to === 'new' || c.to === 'none' ? c.to : 'item'}`}
                        data-testid="import-name-to"
                      >
                        {shown(c)}
                      </span>
                      <Icon name="back" className="import-chevron" />
                    </button>
                  </li>
                );
              })}
            </ul>
            {!all && (
              <button type="button" className="import-link import-show-all" onClick={() => setOpen((o) => new Set([...o, g]))}>
                {t('imports.names.showAll', { n: count(list.length) })}
              </button>
            )}
          </div>
        );
      })}
    </section>
  );
}
