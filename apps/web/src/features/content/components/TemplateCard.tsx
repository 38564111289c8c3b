import type { TemplateSummary } from '@cab/contracts/client';
import { useNavigate } from '../../../lib/hash-router.tsx';
import { useTranslation } from '../../../i18n/index.ts';
import { templateText } from '../../books/queries.ts';
import { ContentGlyph } from './glyphs.tsx';

/**
 * An article's template (content_category '1': its trading_entity is a template that
 * opens a book): the template at a glance and the way to it in the market.
 */
export function TemplateCard({ templateId, template }: { templateId: string; template: TemplateSummary | null }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const text = template ? templateText(template, i18n.language) : undefined;
  return (
    <section className="content-template" data-testid="content-template" aria-labelledby="content-template-title">
      <h2 id="content-template-title" className="content-section-title">
        {t('content.detail.template')}
      </h2>
      {template && text && (
        <div className="content-template-info">
          <span className="content-template-cover" style={{ backgroundImage: template.cover ? `url(${template.cover})` : undefined }} />
          <span className="content-template-main">
            <span className="content-template-name">{text.name}</span>
            {text.description && <span className="content-template-desc">{text.description}</span>}
            <span className="content-template-users">{t('content.detail.templateUsers', { count: template.use_count })}</span>
          </span>
        </div>
      )}
      <button
        type="button"
        className="content-template-use"
        data-testid="content-use-template"
        onClick={() => navigate(`/pages/market/detail?id=${encodeURIComponent(templateId)}`)}
      >
        {t('content.detail.useTemplate')}
        <ContentGlyph name="next" size={16} />
      </button>
    </section>
  );
}
