// The area's texts (search, and the flow's rows it lists) load with this page.
import '../../i18n/flow-search.ts';
import '../../i18n/flow.ts';
import { RequireLogin } from '../../app/RequireLogin.tsx';
import { AcrossBooksSearch } from '../../features/search/components/AcrossBooksSearch.tsx';

/** search/pages/my-book-search?keyword=: a keyword over my books, their names and remarks and their flows. */
export default function MyBookSearchPage() {
  return (
    <RequireLogin>
      <AcrossBooksSearch scope="books" />
    </RequireLogin>
  );
}
