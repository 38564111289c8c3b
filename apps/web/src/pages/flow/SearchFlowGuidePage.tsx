// The area's texts (search, and the flow's rows it lists) load with this page.
import '../../i18n/flow-search.ts';
import '../../i18n/flow.ts';
import { useState } from 'react';
import { useNavigate } from '../../lib/hash-router.tsx';
import { RequireLogin } from '../../app/RequireLogin.tsx';
import { BookSearchFrame } from '../../features/search/components/BookSearchFrame.tsx';
import { KeywordBar } from '../../features/search/components/KeywordBar.tsx';
import { SearchGuide } from '../../features/search/components/SearchGuide.tsx';
import { searchDetailPath, type BookSearch } from '../../features/search/query.ts';
import { useBookSearch } from '../../features/search/useBookSearch.ts';
import { useTranslation } from '../../i18n/index.ts';

/**
 * flow/pages/search-flow-guide?bookId=: where a search of the flow starts (from the
 * flow page's search icon): the keyword, the history, the year and the group tags.
 * A keyword or a tag opens the results.
 */
function Guide() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const s = useBookSearch();
  const [keyword, setKeyword] = useState('');
  const go = (search: BookSearch) => navigate(searchDetailPath(s.bookId, search));
  return (
    <BookSearchFrame bookId={s.bookId} title={t('flowSearch.title')} testId="page-search-flow-guide">
      {() => (
        <>
          <KeywordBar
            value={keyword}
            onChange={setKeyword}
            onSearch={(k) => go(s.forKeyword(k))}
            placeholder={t('flowSearch.placeholder')}
            autoFocus
          />
          <SearchGuide
            bookId={s.bookId}
            year={s.search.year}
            onYear={(y) => s.setYear(y)}
            onKeyword={(k) => go(s.forKeyword(k))}
            onTag={(tag) => go(s.forTag(tag, keyword))}
          />
        </>
      )}
    </BookSearchFrame>
  );
}

export default function SearchFlowGuidePage() {
  return (
    <RequireLogin>
      <Guide />
    </RequireLogin>
  );
}
