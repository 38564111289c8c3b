import { SEARCH_KEYWORD_MAX } from '@cab/contracts/client';
import { Selector, Skeleton } from 'antd-mobile';
import { useState } from 'react';
import { useSearchParams } from '../../lib/hash-router.tsx';
import { clip } from '../../app/form.tsx';
import { Icon } from '../../app/icons.tsx';
import { LoadFailed } from '../../app/LoadFailed.tsx';
import { useTemplateCategories, type TemplateCategory } from '../../features/books/queries.ts';
import { TabRow } from '../../features/market/components/TabRow.tsx';
import { useTemplateActions } from '../../features/market/components/TemplateActions.tsx';
import { CategoryTemplates, FavouriteTemplates, SearchTemplates } from '../../features/market/components/TemplateLists.tsx';
import { useTranslation } from '../../i18n/index.ts';
import '../../features/market/market.css';
import '../../i18n/market.ts';

const FAVOURITES = 'favourites';
const ALL = 'all';

/** A first- or second-level category's name in the user's language. */
const label = (c: { name: string; name_en: string }, language: string) => (language === 'en' && c.name_en) || c.name;

/** The key word box: searching puts the word in the address, so back from a template returns to the results. */
function SearchBox({ keyword, onSearch }: { keyword: string; onSearch: (k: string) => void }) {
  const { t } = useTranslation();
  const [value, setValue] = useState(keyword);
  return (
    <form
      className="market-search"
      role="search"
      onSubmit={(e) => {
        e.preventDefault();
        onSearch(value.trim());
      }}
    >
      <label className="market-search-box">
        <Icon name="search" />
        <span className="sr-only">{t('market.search.label')}</span>
        <input
          type="search"
          enterKeyHint="search"
          data-testid="market-search-input"
          value={value}
          placeholder={t('market.search.placeholder')}
          onChange={(e) => setValue(clip(SEARCH_KEYWORD_MAX)(e.target.value))}
        />
      </label>
      {keyword && (
        <button
          type="button"
          className="market-link market-search-cancel"
          data-testid="market-search-cancel"
          onClick={() => {
            setValue('');
            onSearch('');
          }}
        >
          {t('market.search.cancel')}
        </button>
      )}
    </form>
  );
}

/** The second-level categories of the chosen first-level one, as chips that filter its list (docs/ui.md). */
function SubChips({ first, value, onChange }: { first: TemplateCategory; value: string; onChange: (code: string) => void }) {
  const { t, i18n } = useTranslation();
  const options = [
    { value: ALL, label: <span data-testid="market-sub-all">{t('market.all')}</span> },
    ...first.children.map((c) => ({
      value: c.category_code,
      label: <span data-testid={`market-sub-${c.category_code}`}>{label(c, i18n.language)}</span>,
    })),
  ];
  return (
    <div className="chip-row market-chips" role="group" aria-label={t('market.subCategories')}>
      <Selector<string> value={[value]} onChange={(v) => v[0] && onChange(v[0])} options={options} showCheckMark={false} />
    </div>
  );
}

/**
 * The template market (SPEC 2, pages/market/index): the key word search, the first-level
 * categories as tabs with "my favourites" beside them, the second-level ones as chips, and
 * the chosen list. Where the user is (tab, chip, key word) lives in the address, so back
 * from a template and the way back from the login page return to it.
 */
export default function MarketPage() {
  const { t, i18n } = useTranslation();
  const [params, setParams] = useSearchParams();
  const categories = useTemplateCategories();
  const actions = useTemplateActions();
  const firsts = categories.data ?? [];
  const keyword = params.get('q')?.trim() ?? '';
  const tab = params.get('tab') || firsts[0]?.category_code || '';
  const first = firsts.find((c) => c.category_code === tab);
  const sub = first?.children.some((c) => c.category_code === params.get('sub')) ? params.get('sub')! : ALL;
  const go = (next: { tab?: string; sub?: string; q?: string }) =>
    setParams(
      (p) => {
        const out = new URLSearchParams(p);
        for (const [k, v] of Object.entries(next)) {
          if (v) out.set(k, v);
          else out.delete(k);
        }
        return out;
      },
      { replace: true },
    );

  const body = () => {
    if (keyword) return <SearchTemplates keyword={keyword} actions={actions} />;
    if (tab === FAVOURITES) return <FavouriteTemplates actions={actions} onBrowse={() => go({ tab: firsts[0]?.category_code ?? '' })} />;
    if (categories.isPending) return null;
    if (categories.isError) return <LoadFailed onRetry={categories.refetch} />;
    if (!first) return null;
    return (
      <>
        <SubChips first={first} value={sub} onChange={(code) => go({ sub: code === ALL ? '' : code })} />
        <CategoryTemplates code={sub === ALL ? first.category_code : sub} actions={actions} />
      </>
    );
  };

  return (
    <div className="page" data-testid="page-market">
      <h1 className="sr-only">{t('market.title')}</h1>
      <SearchBox keyword={keyword} onSearch={(q) => go({ q })} />
      {!keyword &&
        (categories.isPending ? (
          <div className="padded">
            <Skeleton.Title animated />
          </div>
        ) : (
          <TabRow
            label={t('market.categories')}
            testId="market-tab"
            value={tab}
            onChange={(key) => go({ tab: key, sub: '' })}
            tabs={[
              ...firsts.map((c) => ({ key: c.category_code, title: label(c, i18n.language) })),
              { key: FAVOURITES, title: t('market.favourites') },
            ]}
          />
        ))}
      {body()}
      {actions.popups}
    </div>
  );
}
