import type { ImportNameKind, TradeType } from '@cab/contracts/client';
import { Popup, Skeleton } from 'antd-mobile';
import { useState } from 'react';
import { Icon, PathIcon } from '../../../app/icons.tsx';
import { LoadFailed } from '../../../app/LoadFailed.tsx';
import { useCloseOnLeave } from '../../../app/Sheet.tsx';
import { useTranslation } from '../../../i18n/index.ts';
import type { Choice } from '../choices.ts';
import { useBookItems } from '../useBookItems.ts';
import { CLOSE } from './glyphs.ts';
import '../../../i18n/imports.ts';

/** A list longer than this gets a search box. */
const SEARCH_FROM = 10;

export interface PickerRequest {
  title: string;
  kind: ImportNameKind;
  trade: TradeType | null;
  /** The choice now, marked in the list. */
  current: string | undefined;
  /** Choices above the book's items: the match, 新建, 不导入 (a name's); none for a default. */
  extra: ReadonlyArray<{ choice: Choice; label: string; testId: string }>;
  onPick: (c: Choice) => void;
}

/** A choice in the list: a button whose current state is said (aria-pressed) and marked. */
function Option({ label, chosen, testId, onClick }: { label: string; chosen: boolean; testId: string; onClick: () => void }) {
  return (
    <li>
      <button type="button" className="import-option" aria-pressed={chosen} data-testid={testId} onClick={onClick}>
        <span className="import-option-name">{label}</span>
        {chosen && <Icon name="check" className="import-option-mark" />}
      </button>
    </li>
  );
}

/**
 * Picks what a name of the file becomes (or a default): the choices of the name first,
 * then the book's dimensions of that kind (categories of the name's tree), searchable when
 * there are many. The list loads when the picker opens.
 */
export function ItemPicker({ bookId, request, onClose }: { bookId: string; request: PickerRequest | undefined; onClose: () => void }) {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const items = useBookItems(bookId, request?.kind ?? 'category', request?.trade ?? null, request !== undefined);
  useCloseOnLeave(request !== undefined, onClose);
  const close = () => {
    setQuery('');
    onClose();
  };
  const pick = (c: Choice) => {
    request?.onPick(c);
    close();
  };
  const words = query.trim().toLocaleLowerCase();
  const shown = items.items?.filter((i) => !words || i.name.toLocaleLowerCase().includes(words));
  return (
    <Popup
      visible={request !== undefined}
      onMaskClick={close}
      onClose={close}
      bodyClassName="import-rows-popup"
      bodyStyle={{ borderTopLeftRadius: 12, borderTopRightRadius: 12 }}
    >
      {request && (
        <div data-testid="import-picker">
          <div className="import-popup-bar">
            <h2 className="import-popup-title">{request.title}</h2>
            <button type="button" className="import-icon-button" aria-label={t('imports.close')} onClick={close}>
              <PathIcon d={CLOSE} size={20} />
            </button>
          </div>
          <div className="import-rows-scroll">
            {request.extra.length > 0 && (
              <ul className="import-options">
                {request.extra.map((e) => (
                  <Option
                    key={e.testId}
                    label={e.label}
                    chosen={request.current === e.choice.to}
                    testId={e.testId}
                    onClick={() => pick(e.choice)}
                  />
                ))}
              </ul>
            )}
            <h3 className="import-sub-title">{t('imports.picker.book', { kind: t(`imports.columns.fields.${request.kind}`) })}</h3>
            {items.isError && <LoadFailed onRetry={items.refetch} />}
            {!items.isError && !items.items && (
              <div className="padded">
                <Skeleton.Paragraph lineCount={3} animated />
              </div>
            )}
            {items.items && items.items.length > SEARCH_FROM && (
              <div className="import-field">
                <input
                  className="import-input"
                  type="search"
                  aria-label={t('imports.picker.search')}
                  placeholder={t('imports.picker.search')}
                  data-testid="import-picker-search"
                  value={query}
                  onChange={(e) => setQuery(e.target.value)}
                />
              </div>
            )}
            {shown && (
              <ul className="import-options" data-testid="import-picker-items">
                {shown.map((i) => (
                  <Option
                    key={i.id}
                    label={i.name}
                    chosen={request.current === i.id}
                    testId={`import-pick-${i.id}`}
                    onClick={() => pick({ to: i.id, name: i.name })}
                  />
                ))}
              </ul>
            )}
            {shown && !shown.length && <p className="import-note">{t('imports.picker.noMatch')}</p>}
          </div>
        </div>
      )}
    </Popup>
  );
}
