import { Button } from 'antd-mobile';
import { PageBar } from '../../app/PageBar.tsx';
import { BookIcon } from '../../features/books/components/BookIcon.tsx';
import { templateText } from '../../features/books/queries.ts';
import { useTemplateActions } from '../../features/market/components/TemplateActions.tsx';
import { CollectButton } from '../../features/market/components/TemplateCard.tsx';
import { AccountGroups, CategoryTree, NameList } from '../../features/market/components/TemplateContents.tsx';
import { TemplateState, useTemplateOfPage } from '../../features/market/components/TemplateState.tsx';
import { useTranslation } from '../../i18n/index.ts';
import '../../features/market/market.css';
import '../../features/market/template.css';
import '../../i18n/market.ts';

/**
 * A book before it is made (SPEC 2, preview/index?id=<templateId>): everything a book
 * from this template starts with (every expense and income category with its sub
 * categories, the accounts by group, members, merchants, projects), and "use this
 * template" always in reach.
 */
export default function PreviewPage() {
  const { t, i18n } = useTranslation();
  const page = useTemplateOfPage();
  const actions = useTemplateActions();
  const tpl = page.id ? page.q.data : undefined;
  const text = tpl && templateText(tpl, i18n.language);

  return (
    <div className="page market-detail" data-testid="page-preview">
      <PageBar title={t('market.preview.title')} />
      {!tpl || !text ? (
        <TemplateState {...page} />
      ) : (
        <>
          <section className="market-section market-preview-head">
            <span className="book-cover" style={{ backgroundImage: `url(${tpl.cover})` }}>
              <BookIcon icon={tpl.icon} />
            </span>
            <div className="market-preview-title">
              <h2 className="book-name" data-testid="preview-name">
                {text.name}
              </h2>
              <p className="market-preview-hint">{t('market.preview.hint')}</p>
            </div>
          </section>
          <CategoryTree title={t('market.detail.expense')} nodes={tpl.expense_categories} testId="preview-expense" />
          <CategoryTree title={t('market.detail.income')} nodes={tpl.income_categories} testId="preview-income" />
          <AccountGroups accounts={tpl.accounts} />
          <NameList title={t('market.detail.members')} names={tpl.members} none={t('market.preview.noMembers')} testId="preview-members" />
          <NameList
            title={t('market.preview.merchants')}
            names={tpl.merchants}
            none={t('market.preview.noMerchants')}
            testId="preview-merchants"
          />
          <NameList
            title={t('market.preview.projects')}
            names={tpl.projects}
            none={t('market.preview.noProjects')}
            testId="preview-projects"
          />
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
