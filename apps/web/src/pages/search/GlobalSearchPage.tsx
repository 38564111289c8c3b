// The area's texts (search, and the flow's rows it lists) load with this page.
import '../../i18n/flow-search.ts';
import '../../i18n/flow.ts';
import { RequireLogin } from '../../app/RequireLogin.tsx';
import { AcrossBooksSearch } from '../../features/search/components/AcrossBooksSearch.tsx';

/** search/pages/global-search?keyword=: one keyword over everything: my books, their flows, and the market's templates, articles and videos. */
export default function GlobalSearchPage() {
  return (
    <RequireLogin>
      <AcrossBooksSearch scope="global" />
    </RequireLogin>
  );
}
