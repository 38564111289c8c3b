import type { SearchTag } from '@cab/contracts/client';
import { useTranslation } from '../../../i18n/index.ts';
import { HistoryChips } from './HistoryChips.tsx';
import { SearchTags } from './SearchTags.tsx';
import { YearChips } from './YearChips.tsx';

/** What a book's search offers before a keyword: the history, the year filter and the group tags. */
export function SearchGuide({
  bookId,
  year,
  onYear,
  onKeyword,
  onTag,
}: {
  bookId: string;
  year: number;
  onYear: (year: number) => void;
  onKeyword: (keyword: string) => void;
  onTag: (tag: SearchTag) => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="search-guide" data-testid="search-guide">
      <HistoryChips onPick={onKeyword} />
      <section className="search-block" aria-labelledby="search-year-title">
        <div className="search-block-head">
          <h2 id="search-year-title">{t('flowSearch.year')}</h2>
        </div>
        <YearChips bookId={bookId} value={year} onChange={onYear} />
      </section>
      <SearchTags bookId={bookId} onPick={onTag} />
    </div>
  );
}
