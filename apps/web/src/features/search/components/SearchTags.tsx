import { DIMENSION_NAMES, TAG_GROUP_KEYS, type SearchTag } from '@cab/contracts/client';
import { Skeleton } from 'antd-mobile';
import { useQueryClient } from '@tanstack/react-query';
import { EmptyState } from '../../../app/EmptyState.tsx';
import { LoadFailed } from '../../../app/LoadFailed.tsx';
import { useTranslation } from '../../../i18n/index.ts';
import { useSearchTags } from '../hooks.ts';
import { retryYears } from './YearChips.tsx';

/**
 * The group tags a search starts from: under 分类, 账户, 成员, 商家 and 项目 the book's
 * most used items. They come from the search store, fetched when there are none and
 * when refreshed. Headings are named in the language in use, whatever the cache holds.
 */
export function SearchTags({ bookId, onPick }: { bookId: string; onPick: (tag: SearchTag) => void }) {
  const { t, i18n } = useTranslation();
  const qc = useQueryClient();
  const { tags, isPending, isError, refreshing, refresh } = useSearchTags(bookId);
  const groups = TAG_GROUP_KEYS.map((key) => ({ key, items: (tags ?? []).filter((x) => x.group_key === key) })).filter(
    (g) => g.items.length > 0,
  );
  return (
    <section className="search-block" data-testid="search-tags" aria-labelledby="search-tags-title">
      <div className="search-block-head">
        <h2 id="search-tags-title">{t('flowSearch.tags')}</h2>
        {tags && (
          <button type="button" className="search-text-button" data-testid="search-tags-refresh" disabled={refreshing} onClick={refresh}>
            {t('flowSearch.refreshTags')}
          </button>
        )}
      </div>
      {isPending ? (
        <div className="search-tags-loading" data-testid="search-tags-loading">
          <Skeleton.Paragraph lineCount={4} animated />
        </div>
      ) : isError ? (
        <LoadFailed
          onRetry={() => {
            refresh();
            retryYears(qc, bookId);
          }}
        />
      ) : !groups.length ? (
        <EmptyState kind="empty" testId="search-tags-empty" title={t('flowSearch.noTags')} description={t('flowSearch.noTagsHint')} />
      ) : (
        groups.map((g) => (
          <div key={g.key} className="search-tag-group" data-testid={`search-tag-group-${g.key}`}>
            <h3>{DIMENSION_NAMES[g.key].heading[i18n.language]}</h3>
            <div className="search-chips">
              {g.items.map((tag) => (
                <button
                  key={tag.group_id}
                  type="button"
                  className="search-chip"
                  data-testid={`search-tag-${g.key}-${tag.group_id}`}
                  onClick={() => onPick(tag)}
                >
                  {tag.label}
                </button>
              ))}
            </div>
          </div>
        ))
      )}
    </section>
  );
}
