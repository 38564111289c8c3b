import type { HomeTag } from '@cab/contracts/client';
import { Selector } from 'antd-mobile';
import { useTranslation } from '../../../i18n/index.ts';
import { ALL_TAGS } from '../api.ts';
import { tagName } from '../format.ts';
import { ContentGlyph } from './glyphs.tsx';

/**
 * The info flow's filter (docs/market.md, "The home info flow"): 全部 and the tags the
 * user has chosen, one active at a time (chips filter a list, docs/ui.md), and a button
 * that opens the choice of tags.
 */
export function TagRow({
  tags,
  active,
  onPick,
  onManage,
}: {
  tags: readonly HomeTag[];
  active: string;
  onPick: (code: string) => void;
  onManage: (() => void) | undefined;
}) {
  const { t, i18n } = useTranslation();
  const options = [
    { value: ALL_TAGS, label: <span data-testid="flow-tag-all">{t('content.tags.all')}</span> },
    ...tags.map((tag) => ({
      value: tag.tagCode,
      label: <span data-testid={`flow-tag-${tag.tagCode}`}>{tagName(tag, i18n.language)}</span>,
    })),
  ];
  return (
    <div className="flow-tag-row">
      <div className="flow-tag-chips" role="group" aria-label={t('content.tags.label')}>
        <Selector<string> value={[active]} onChange={(v) => v[0] !== undefined && onPick(v[0])} options={options} showCheckMark={false} />
      </div>
      {onManage && (
        <button
          type="button"
          className="flow-tag-manage"
          data-testid="flow-tags-manage"
          aria-label={t('content.tags.manage')}
          onClick={onManage}
        >
          <ContentGlyph name="tune" size={20} />
        </button>
      )}
    </div>
  );
}
