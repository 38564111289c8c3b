import { STATISTICS_LIMITS } from '@cab/contracts/client';
import { Button, SearchBar } from 'antd-mobile';
import { useTranslation } from '../../../i18n/index.ts';
import { charCount } from '../../../app/form.tsx';
import { keywordFilter } from '../query.ts';

/**
 * The keyword input of every search page: it takes what the statistics calls accept
 * (no control characters, at most keywordMax, counted), and searches on the keyboard's
 * search key or the button beside it.
 */
export function KeywordBar({
  value,
  onChange,
  onSearch,
  placeholder,
  autoFocus,
}: {
  value: string;
  onChange: (v: string) => void;
  onSearch: (keyword: string) => void;
  placeholder: string;
  autoFocus?: boolean;
}) {
  const { t } = useTranslation();
  const max = STATISTICS_LIMITS.keywordMax;
  const submit = () => {
    const k = value.trim();
    if (k) onSearch(k);
  };
  return (
    <div className="search-bar-row" role="search">
      <SearchBar
        className="search-bar-input"
        data-testid="search-keyword"
        aria-label={t('flowSearch.input')}
        placeholder={placeholder}
        value={value}
        autoFocus={autoFocus}
        // antd-mobile's clear icon is a labelled <div> (axe: a prohibited aria-label).
        clearable={false}
        onChange={(v) => onChange(keywordFilter(v))}
        onSearch={submit}
      />
      {value && <span className="search-char-count" aria-hidden="true">{`${charCount(value)}/${max}`}</span>}
      <Button size="small" fill="none" className="search-submit" data-testid="search-submit" disabled={!value.trim()} onClick={submit}>
        {t('flowSearch.submit')}
      </Button>
    </div>
  );
}
