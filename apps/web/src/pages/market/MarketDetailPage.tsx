import { Button } from 'antd-mobile';
import { useNavigate } from '../../lib/hash-router.tsx';
import { PageBar } from '../../app/PageBar.tsx';
import { BookIcon } from '../../features/books/components/BookIcon.tsx';
import { templateText } from '../../features/books/queries.ts';
import { MarketGlyph } from '../../features/market/components/glyphs.tsx';
import { Reviews } from '../../features/market/components/Reviews.tsx';
import { useTemplateActions } from '../../features/market/components/TemplateActions.tsx';
import { CollectButton, TemplateFigures } from '../../features/market/components/TemplateCard.tsx';
import { AccountGroups, CategorySummary, NameList } from '../../features/market/components/TemplateContents.tsx';
import { TemplateState, useTemplateOfPage } from '../../features/market/components/TemplateState.tsx';
import { useTranslation } from '../../i18n/index.ts';
import '../../features/market/market.css';
import '../../features/market/template.css';
import '../../i18n/market.ts';

/**
 * A template (SPEC 2, pages/market/detail?id=): what a book made from it holds, in
 * summary (the full list is its preview), how many use it, the heart, "use this
 * template", and its reviews with the caller's own to write or edit.
 */
export default function MarketDetailPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const page = useTemplateOfPage();
  const actions = useTemplateActions();
  const tpl = page.id ? page.q.data : undefined;
  const text = tpl && templateText(tpl, i18n.language);

  return (
    <div className="page market-detail" data-testid="page-market-detail">
      <PageBar title={text?.name ?? t('market.detail.title')} />
      {!tpl || !text ? (
        <TemplateState {...page} />
      ) : (
        <>
          <div className="market-hero" style={{ backgroundImage: `url(${tpl.cover})` }}>
            <BookIcon icon={tpl.icon} size={32} />
          </div>
          <section className="market-section market-head" data-testid="template-head">
            <h2 className="book-name market-head-name" data-testid="template-name">
              {text.name}
            </h2>
            <p className="market-head-desc">{text.description}</p>
            <TemplateFigures template={tpl} />
            <button
              type="button"
              className="market-preview-link"
              data-testid="template-preview"
              onClick={() => navigate(`/preview/index?id=${encodeURIComponent(tpl.id)}`)}
            >
              <MarketGlyph name="preview" />
              <span>{t('market.detail.preview')}</span>
              <MarketGlyph name="next" />
            </button>
          </section>
          <CategorySummary title={t('market.detail.expense')} nodes={tpl.expense_categories} testId="template-expense" />
          <CategorySummary title={t('market.detail.income')} nodes={tpl.income_categories} testId="template-income" />
          <AccountGroups accounts={tpl.accounts} />
          <NameList title={t('market.detail.members')} names={tpl.members} none={t('market.preview.noMembers')} testId="template-members" />
          <Reviews templateId={tpl.id} count={tpl.review_count} actions={actions} />
          <div className="market-sticky-bar">
            <CollectButton template={tpl} actions={actions} withText />
            <Button block color="primary" data-testid="use-this-template" onClick={() => actions.use(tpl)}>
              {t('market.useThis')}
            </Button>
          </div>
        </>
      )}
      {actions.popups}
    </div>
  );
}
