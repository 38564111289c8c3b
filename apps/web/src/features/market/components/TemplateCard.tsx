import type { TemplateSummary } from '@cab/contracts/client';
import { Button, Skeleton } from 'antd-mobile';
import { useNavigate } from '../../../lib/hash-router.tsx';
import { useTranslation } from '../../../i18n/index.ts';
import { BookIcon } from '../../books/components/BookIcon.tsx';
import { templateText } from '../../books/queries.ts';
import type { TemplateActions } from './TemplateActions.tsx';
import { Heart, MarketGlyph } from './glyphs.tsx';
import '../../../i18n/market.ts';
import '../market.css';

/** The heart of a template: a named toggle (its state is announced), red when kept. */
export function CollectButton({
  template,
  actions,
  withText = false,
}: {
  template: TemplateSummary;
  actions: TemplateActions;
  withText?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const name = templateText(template, i18n.language).name;
  return (
    <button
      type="button"
      className={template.collected ? 'market-heart on' : 'market-heart'}
      aria-pressed={template.collected}
      aria-label={withText ? undefined : t(template.collected ? 'market.uncollectName' : 'market.collectName', { name })}
      data-testid={`collect-${template.id}`}
      data-collected={template.collected ? '1' : '0'}
      disabled={actions.collecting === template.id}
      onClick={(e) => {
        e.stopPropagation();
        actions.toggleCollect(template);
      }}
    >
      <Heart on={template.collected} size={20} />
      {withText && <span>{t(template.collected ? 'market.collected' : 'market.collect')}</span>}
    </button>
  );
}

/** How many made a book from it and how many reviewed it. */
export function TemplateFigures({ template }: { template: TemplateSummary }) {
  const { t } = useTranslation();
  return (
    <div className="market-figures">
      <span data-testid={`use-count-${template.id}`}>
        <MarketGlyph name="users" /> {t('market.useCount', { count: template.use_count })}
      </span>
      <span data-testid={`review-count-${template.id}`}>
        <MarketGlyph name="review" /> {t('market.reviewCount', { count: template.review_count })}
      </span>
    </div>
  );
}

/** A template in a list: a tap opens it; the heart keeps it; "use template" makes a book from it. */
export function TemplateCard({ template, actions }: { template: TemplateSummary; actions: TemplateActions }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const text = templateText(template, i18n.language);
  return (
    <div className="market-card" data-testid={`market-template-${template.code}`}>
      <button
        type="button"
        className="market-card-open"
        data-testid={`open-template-${template.id}`}
        onClick={() => navigate(`/pages/market/detail?id=${encodeURIComponent(template.id)}`)}
      >
        <span className="book-cover market-card-cover" style={{ backgroundImage: `url(${template.cover})` }}>
          <BookIcon icon={template.icon} />
        </span>
        <span className="market-card-body">
          <span className="book-name market-card-name">{text.name}</span>
          <span className="market-card-desc">{text.description}</span>
        </span>
      </button>
      <div className="market-card-foot">
        <TemplateFigures template={template} />
        <CollectButton template={template} actions={actions} />
        <Button size="mini" color="primary" data-testid={`use-template-${template.id}`} onClick={() => actions.use(template)}>
          {t('market.use')}
        </Button>
      </div>
    </div>
  );
}

/** A list of templates: the shape of what is coming while it loads. */
export function TemplateListSkeleton({ rows = 3 }: { rows?: number }) {
  return (
    <div data-testid="market-skeleton">
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className="market-card">
          <Skeleton.Paragraph lineCount={3} animated />
        </div>
      ))}
    </div>
  );
}

export function TemplateList({ templates, actions }: { templates: TemplateSummary[]; actions: TemplateActions }) {
  return (
    <div className="market-list" data-testid="market-list">
      {templates.map((tpl) => (
        <TemplateCard key={tpl.id} template={tpl} actions={actions} />
      ))}
    </div>
  );
}
