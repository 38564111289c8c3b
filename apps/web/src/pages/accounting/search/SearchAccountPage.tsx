import { SearchPage } from './SearchPage.tsx';

/** accounting/pages/search-account */
export default function SearchAccountPage() {
  return <SearchPage kind="account" />;
}
