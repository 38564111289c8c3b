import { Popup, Skeleton, Tabs } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/index.ts';
import { useCreateBook } from '../mutations.ts';
import { useTemplateCategories, useTemplates } from '../queries.ts';
import { LoadFailed } from '../../../app/LoadFailed.tsx';

/** Add a book from a template: templates grouped by second-level category; one tap creates and opens it. */
export function TemplatePopup({ visible, onClose }: { visible: boolean; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const categories = useTemplateCategories();
  const templates = useTemplates();
  const create = useCreateBook();
  const [tab, setTab] = useState('all');
  const subs = (categories.data ?? []).flatMap((c) => c.children);
  const shown = (templates.data ?? []).filter((x) => tab === 'all' || x.category_code === tab);
  const label = (c: { name: string; name_en: string }) => (i18n.language === 'en' ? c.name_en : c.name);
  return (
    <Popup visible={visible} onMaskClick={onClose} bodyStyle={{ borderTopLeftRadius: 12, borderTopRightRadius: 12, maxHeight: '80vh', overflowY: 'auto' }}>
      <div className="padded" style={{ fontWeight: 600 }} data-testid="template-popup">{t('books.addFromTemplate')}</div>
      <Tabs activeKey={tab} onChange={setTab}>
        <Tabs.Tab key="all" title={t('books.all')} />
        {subs.map((c) => <Tabs.Tab key={c.category_code} title={label(c)} />)}
      </Tabs>
      {(templates.isPending || categories.isPending) && <div className="padded"><Skeleton.Paragraph lineCount={5} animated /></div>}
      {templates.isError && <LoadFailed onRetry={templates.refetch} />}
      <div className="template-grid">
        {shown.map((tpl) => (
          <div key={tpl.id} className="template-card" data-testid={`template-${tpl.code}`} onClick={() => !create.isPending && create.mutate({ templateId: tpl.id }, { onSuccess: onClose })}>
            <div className="book-cover small" style={{ backgroundImage: `url(${tpl.cover})` }}><span className="book-icon">{tpl.icon}</span></div>
            <div className="book-name">{tpl.name}</div>
            <div className="muted template-desc">{tpl.description}</div>
          </div>
        ))}
      </div>
    </Popup>
  );
}
