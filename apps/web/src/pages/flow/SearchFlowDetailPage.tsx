// The area's texts (search, and the flow's rows it lists) load with this page.
import '../../i18n/flow-search.ts';
import '../../i18n/flow.ts';
import { RequireLogin } from '../../app/RequireLogin.tsx';
import { BookSearchFrame } from '../../features/search/components/BookSearchFrame.tsx';
import { KeywordBar } from '../../features/search/components/KeywordBar.tsx';
import { SearchResults } from '../../features/search/components/SearchResults.tsx';
import { useKeywordInput } from '../../features/search/hooks.ts';
import { searchParams } from '../../features/search/query.ts';
import { useBookSearch } from '../../features/search/useBookSearch.ts';
import { useTranslation } from '../../i18n/index.ts';

/**
 * flow/pages/search-flow-detail?bookId=&keyword=&year=&groupKey=&groupId=&label=: a
 * search's results in one book. The keyword can be changed here (the tag stays), the
 * year with its chips; the address follows, so back leaves the results page.
 */
function Detail() {
  const { t } = useTranslation();
  const s = useBookSearch();
  const [keyword, setKeyword] = useKeywordInput(s.search.keyword);
  const title = s.search.keyword || s.search.tag?.label || t('flowSearch.resultsTitle');
  return (
    <BookSearchFrame bookId={s.bookId} title={title} testId="page-search-flow-detail">
      {(book) => (
        <>
          <KeywordBar
            value={keyword}
            onChange={setKeyword}
            onSearch={(k) => {
              s.remember(k);
              s.setParams(searchParams(s.bookId, { ...s.search, keyword: k }), { replace: true });
            }}
            placeholder={t('flowSearch.placeholder')}
          />
          <SearchResults bookId={s.bookId} book={book} search={s.search} onYear={(y) => s.setYear(y)} />
        </>
      )}
    </BookSearchFrame>
  );
}

export default function SearchFlowDetailPage() {
  return (
    <RequireLogin>
      <Detail />
    </RequireLogin>
  );
}
