import type { Operation } from '@cab/contracts/client';
import { useTranslation } from '../../../i18n/index.ts';
import { appUrl, operationLink, operationText } from '../operations.ts';
import { ContentGlyph } from './glyphs.tsx';
import { useFollowLink } from './useFollowLink.ts';

/**
 * An operator's card in the info flow (SPEC 3: link, style, image, show, shareData,
 * style items). 'banner' is a full-width picture; any other style is a text card with
 * an optional thumbnail. A tap follows the link; shareData adds a share button.
 */
export function OperationCard({ operation: o }: { operation: Operation }) {
  const { t, i18n } = useTranslation();
  const follow = useFollowLink();
  const { title, text } = operationText(o, i18n.language);
  const linked = operationLink(o.link) !== undefined;
  const share = o.shareData;
  const banner = o.style === 'banner' && Boolean(o.image);
  const main = banner ? (
    <img className="operation-banner-image" src={o.image} alt={title} loading="lazy" decoding="async" />
  ) : (
    <>
      {o.image && <img className="operation-thumb" src={o.image} alt="" loading="lazy" decoding="async" />}
      <span className="operation-body">
        <span className="operation-title">
          <span className="operation-badge">{t('content.operation.ad')}</span>
          {title}
        </span>
        {text && <span className="operation-text">{text}</span>}
      </span>
    </>
  );
  return (
    <article
      className={banner ? 'operation-card banner' : 'operation-card'}
      data-testid={`operation-${o.code}`}
      data-position={o.position}
      aria-label={title}
    >
      {linked ? (
        <button type="button" className="operation-main" onClick={() => follow(o.link)}>
          {main}
        </button>
      ) : (
        <div className="operation-main">{main}</div>
      )}
      {share && (
        <button
          type="button"
          className="operation-share"
          data-testid={`operation-share-${o.code}`}
          aria-label={t('content.operation.share')}
          // The share code (and its dialog for copying by hand) loads when first used.
          onClick={() =>
            void import('../share.tsx').then((m) =>
              m.shareAppLink({ title: share.title || title, text: text || title, url: appUrl(share.path || o.link) }),
            )
          }
        >
          <ContentGlyph name="share" size={18} />
        </button>
      )}
    </article>
  );
}
