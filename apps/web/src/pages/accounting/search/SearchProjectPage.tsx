import { SearchPage } from './SearchPage.tsx';

/** accounting/pages/search-project */
export default function SearchProjectPage() {
  return <SearchPage kind="project" />;
}
