import { useSearchParams } from '../../../lib/hash-router.tsx';
import { EmptyState } from '../../../app/EmptyState.tsx';
import { PageBar } from '../../../app/PageBar.tsx';
import { useTranslation } from '../../../i18n/index.ts';
import { useHistory, useKeywordInput } from '../hooks.ts';
import { keywordFilter } from '../query.ts';
import { BookFlowHits } from './BookFlowHits.tsx';
import { BookHits } from './BookHits.tsx';
import { HistoryChips } from './HistoryChips.tsx';
import { KeywordBar } from './KeywordBar.tsx';
import { MarketHits } from './MarketHits.tsx';
import '../search.css';

/**
 * A keyword over my books (my-book-search) or over everything (global-search, which
 * adds the market's templates, articles and videos): the books it names, and the
 * matching flows of every book.
 * The keyword is in the address (`?keyword=`), so the my-books tab can hand it over.
 */
export function AcrossBooksSearch({ scope }: { scope: 'books' | 'global' }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const submitted = keywordFilter(params.get('keyword') ?? '').trim();
  const [keyword, setKeyword] = useKeywordInput(submitted);
  const history = useHistory();
  const search = (k: string) => {
    history.remember(k);
    setKeyword(k);
    setParams({ keyword: k }, { replace: true });
  };
  const global = scope === 'global';
  return (
    <div className="page search-page" data-testid={global ? 'page-global-search' : 'page-my-book-search'}>
      <PageBar title={global ? t('flowSearch.title') : t('flowSearch.myBooksTitle')} />
      <KeywordBar
        value={keyword}
        onChange={setKeyword}
        onSearch={search}
        placeholder={global ? t('books.searchEverything') : t('flowSearch.booksPlaceholder')}
        autoFocus={!submitted}
      />
      {!submitted ? (
        <>
          <HistoryChips onPick={search} />
          {!history.list.length && (
            <EmptyState kind="empty" testId="search-start" title={t('flowSearch.start')} description={t('flowSearch.startHint')} />
          )}
        </>
      ) : (
        <>
          <BookHits keyword={submitted} />
          <BookFlowHits keyword={submitted} />
          {global && <MarketHits keyword={submitted} />}
        </>
      )}
    </div>
  );
}
