import { SearchPage } from './SearchPage.tsx';

/** accounting/pages/search-merchant */
export default function SearchMerchantPage() {
  return <SearchPage kind="merchant" />;
}
