import { BOOK_NAME_MAX, type TemplateSummary } from '@cab/contracts/client';
import { Button, Input, Popup, Skeleton, Tabs } from 'antd-mobile';
import { useState } from 'react';
import { Counter, FieldError, useField, useSubmitGuard, nameInput, required } from '../../../app/form.tsx';
import { LoadFailed } from '../../../app/LoadFailed.tsx';
import { useTranslation } from '../../../i18n/index.ts';
import { useCreateBook } from '../mutations.ts';
import { templateText, useTemplateCategories, useTemplates } from '../queries.ts';
import { BookIcon } from './BookIcon.tsx';
import { FromBackup } from './FromBackup.tsx';

/** Names the new book (prefilled with the template's name) before creating it. */
function NameStep({
  template,
  onBack,
  onDone,
  backLabel,
}: {
  template: TemplateSummary;
  onBack: () => void;
  onDone: () => void;
  backLabel?: string | undefined;
}) {
  const { t, i18n } = useTranslation();
  const create = useCreateBook();
  const text = templateText(template, i18n.language);
  const name = useField(nameInput(BOOK_NAME_MAX)(text.name), {
    filter: nameInput(BOOK_NAME_MAX),
    validate: required(t('bookSetting.nameEmpty')),
  });
  const guard = useSubmitGuard();
  const submit = () => {
    if (!name.check()) return;
    guard(async () => {
      await create.mutateAsync({ templateId: template.id, name: name.value.trim() });
      onDone();
    });
  };
  return (
    <div className="padded" data-testid="template-name-step">
      <div className="name-step-head">
        <div className="book-cover" style={{ backgroundImage: `url(${template.cover})` }}>
          <BookIcon icon={template.icon} />
        </div>
        <div style={{ minWidth: 0 }}>
          <div className="book-name">{text.name}</div>
          <div className="muted template-desc">{text.description}</div>
        </div>
      </div>
      <label className="field-label" htmlFor="new-book-name">
        {t('books.nameIt')}
      </label>
      <div className="field-row">
        <Input
          id="new-book-name"
          data-testid="new-book-name"
          value={name.value}
          onChange={name.onChange}
          placeholder={t('bookSetting.namePlaceholder')}
          clearable
          onEnterPress={submit}
        />
        <Counter value={name.value} max={BOOK_NAME_MAX} />
      </div>
      <FieldError error={name.error} testId="new-book-name-error" />
      <div style={{ display: 'flex', gap: 12, marginTop: 16 }}>
        <Button block onClick={onBack} disabled={create.isPending}>
          {backLabel ?? t('books.otherTemplate')}
        </Button>
        <Button block color="primary" data-testid="create-book" loading={create.isPending} onClick={submit}>
          {t('books.create')}
        </Button>
      </div>
    </div>
  );
}

/**
 * Add a book from a template: pick one (by second-level category), name the book, create and open it.
 * Given a `template` (the market's "use template"), it opens at the name step for it, and its back closes.
 */
export function TemplatePopup({
  visible,
  onClose,
  template,
}: {
  visible: boolean;
  onClose: () => void;
  template?: TemplateSummary | undefined;
}) {
  const { t, i18n } = useTranslation();
  const categories = useTemplateCategories();
  const templates = useTemplates();
  const [tab, setTab] = useState('all');
  const [picked, setPicked] = useState<TemplateSummary>();
  const naming = template ?? picked;
  const subs = (categories.data ?? []).flatMap((c) => c.children);
  const shown = (templates.data ?? []).filter((x) => tab === 'all' || x.category_code === tab);
  const label = (c: { name: string; name_en: string }) => (i18n.language === 'en' ? c.name_en : c.name);
  const close = () => {
    setPicked(undefined);
    onClose();
  };
  return (
    <Popup
      visible={visible}
      onMaskClick={close}
      bodyStyle={{ borderTopLeftRadius: 12, borderTopRightRadius: 12, maxHeight: '80vh', overflowY: 'auto' }}
    >
      <div className="padded" style={{ fontWeight: 600, paddingBottom: 4 }} data-testid="template-popup">
        {naming ? t('books.nameTitle') : t('books.addFromTemplate')}
      </div>
      {naming ? (
        <NameStep
          key={naming.id}
          template={naming}
          onBack={template ? close : () => setPicked(undefined)}
          backLabel={template ? t('common.cancel') : undefined}
          onDone={close}
        />
      ) : (
        <>
          <Tabs activeKey={tab} onChange={setTab}>
            <Tabs.Tab key="all" title={t('books.all')} />
            {subs.map((c) => (
              <Tabs.Tab key={c.category_code} title={label(c)} />
            ))}
          </Tabs>
          {(templates.isPending || categories.isPending) && (
            <div className="padded">
              <Skeleton.Paragraph lineCount={5} animated />
            </div>
          )}
          {templates.isError && <LoadFailed onRetry={templates.refetch} />}
          <div className="template-grid">
            {shown.map((tpl) => {
              const text = templateText(tpl, i18n.language);
              return (
                <div key={tpl.id} className="template-card" data-testid={`template-${tpl.code}`} onClick={() => setPicked(tpl)}>
                  <div className="book-cover small" style={{ backgroundImage: `url(${tpl.cover})` }}>
                    <BookIcon icon={tpl.icon} />
                  </div>
                  <div className="book-name">{text.name}</div>
                  <div className="muted template-desc">{text.description}</div>
                </div>
              );
            })}
          </div>
          {!template && <FromBackup onDone={close} />}
        </>
      )}
    </Popup>
  );
}
