import type { Transaction } from '@cab/contracts/client';
import { Button, Popup, Skeleton } from 'antd-mobile';
import { useQuery } from '@tanstack/react-query';
import { EmptyState } from '../../../app/EmptyState.tsx';
import { LoadFailed } from '../../../app/LoadFailed.tsx';
import { useTranslation } from '../../../i18n/index.ts';
import { formatAmount } from '../../../lib/format.ts';
import { CategoryIcon } from '../icons/icons.tsx';
import { accountingQueries } from '../queries.ts';
import { Glyph } from './glyphs.tsx';
import '../../../i18n/accounting.ts';

/**
 * The template jump: save the form as a template, or fill the form from a saved one
 * (its type, category, account, labels, amount and remark).
 */
export function TemplatePopup({
  visible,
  bookId,
  canSave,
  saving,
  onSave,
  onUse,
  onClose,
}: {
  visible: boolean;
  bookId: string;
  canSave: boolean;
  saving: boolean;
  onSave: () => void;
  onUse: (t: Transaction) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const list = useQuery({ ...accountingQueries.templates(bookId), enabled: visible && Boolean(bookId) });
  return (
    <Popup
      visible={visible}
      onMaskClick={onClose}
      onClose={onClose}
      bodyClassName="pick-popup"
      bodyStyle={{ borderTopLeftRadius: 12, borderTopRightRadius: 12 }}
    >
      <div className="pick-head">
        <button type="button" className="icon-button" aria-label={t('accounting.close')} onClick={onClose}>
          <Glyph name="close" size={20} />
        </button>
        <h2 className="pick-head-title">{t('accounting.templates')}</h2>
        <span className="icon-button" />
      </div>
      <div className="padded tight">
        <Button block color="primary" fill="outline" disabled={!canSave} loading={saving} data-testid="template-save" onClick={onSave}>
          {t('accounting.saveTemplate')}
        </Button>
        {!canSave && <div className="rec-hint">{t('accounting.templateOnlyTrade')}</div>}
      </div>
      <div className="pick-body" data-testid="template-list">
        {list.isError ? (
          <LoadFailed onRetry={list.refetch} />
        ) : !list.data ? (
          <div className="padded">
            <Skeleton.Paragraph lineCount={3} animated />
          </div>
        ) : !list.data.length ? (
          <EmptyState kind="empty" title={t('accounting.noTemplates')} />
        ) : (
          <div className="pick-list">
            {list.data.map((tpl) => (
              <button key={tpl.id} type="button" className="pick-row" data-testid={`template-${tpl.id}`} onClick={() => onUse(tpl)}>
                <span className="cat-badge">
                  <CategoryIcon name={tpl.category?.icon ?? ''} size={20} />
                </span>
                <span className="pick-row-name">{[tpl.category?.name, tpl.account?.name, tpl.remark].filter(Boolean).join(' · ')}</span>
                <span className="pick-row-extra">{tpl.amount === '0.00' ? t('accounting.noAmount') : formatAmount(tpl.amount)}</span>
              </button>
            ))}
          </div>
        )}
      </div>
    </Popup>
  );
}

export default TemplatePopup;
