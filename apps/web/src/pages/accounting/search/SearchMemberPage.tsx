import { SearchPage } from './SearchPage.tsx';

/** accounting/pages/search-member */
export default function SearchMemberPage() {
  return <SearchPage kind="member" />;
}
