import { SearchPage } from './SearchPage.tsx';

/** accounting/pages/search-category */
export default function SearchCategoryPage() {
  return <SearchPage kind="category" />;
}
