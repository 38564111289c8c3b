// The area's texts (search, and the flow's rows it lists) load with this page.
import '../../i18n/flow-search.ts';
import '../../i18n/flow.ts';
import { RequireLogin } from '../../app/RequireLogin.tsx';
import { BookSearchFrame } from '../../features/search/components/BookSearchFrame.tsx';
import { KeywordBar } from '../../features/search/components/KeywordBar.tsx';
import { SearchGuide } from '../../features/search/components/SearchGuide.tsx';
import { SearchResults } from '../../features/search/components/SearchResults.tsx';
import { useKeywordInput } from '../../features/search/hooks.ts';
import { hasCriteria, searchParams } from '../../features/search/query.ts';
import { useBookSearch } from '../../features/search/useBookSearch.ts';
import { useTranslation } from '../../i18n/index.ts';

/**
 * search/pages/book-search?bookId=: everything of a search in one book on one page:
 * the keyword, history, year and tags before searching, the results in their place
 * after. Each search is an address of its own, so back returns to where it started.
 */
function BookSearch() {
  const { t } = useTranslation();
  const s = useBookSearch();
  const [keyword, setKeyword] = useKeywordInput(s.search.keyword);
  const searching = hasCriteria(s.search);
  return (
    <BookSearchFrame bookId={s.bookId} title={t('flowSearch.bookTitle')} testId="page-book-search">
      {(book) => (
        <>
          <KeywordBar
            value={keyword}
            onChange={setKeyword}
            onSearch={(k) => s.setParams(searchParams(s.bookId, s.forKeyword(k)))}
            placeholder={t('flowSearch.placeholder')}
            autoFocus={!searching}
          />
          {searching ? (
            <SearchResults bookId={s.bookId} book={book} search={s.search} onYear={(y) => s.setYear(y)} />
          ) : (
            <SearchGuide
              bookId={s.bookId}
              year={s.search.year}
              onYear={(y) => s.setYear(y)}
              onKeyword={(k) => s.setParams(searchParams(s.bookId, s.forKeyword(k)))}
              onTag={(tag) => s.setParams(searchParams(s.bookId, s.forTag(tag, keyword)))}
            />
          )}
        </>
      )}
    </BookSearchFrame>
  );
}

export default function BookSearchPage() {
  return (
    <RequireLogin>
      <BookSearch />
    </RequireLogin>
  );
}
