import { DEFAULT_GUIDE_CLASSIFICATION } from '@cab/contracts/client';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../../i18n/index.ts';
import '../../../i18n/content.ts';
import { contentKeys, contentQueries, useContentUser } from '../api.ts';
import { mineInfoQuery } from '../mine-info.ts';
import { operationLink, operationText } from '../operations.ts';
import '../content.css';
import { ContentGlyph } from './glyphs.tsx';
import { FiguresSlot } from './figures-slot.tsx';
import { useFollowLink } from './useFollowLink.ts';

/**
 * The mine page's market figures on its favourites entry: favourite templates,
 * favourite contents, reviews (GET mine/info/, SPEC 7's market-info call). An empty line
 * while they load or when they fail: the entry works without them.
 */
export function MineFigures() {
  const { t } = useTranslation();
  const { uid, loggedIn } = useContentUser();
  const info = useQuery({ ...mineInfoQuery(uid), enabled: loggedIn });
  if (!info.data) return <FiguresSlot />;
  return (
    <span className="mine-figures" data-testid="mine-figures">
      {t('content.mine.figures', {
        templates: info.data.favourite_templates,
        contents: info.data.favourite_contents,
        reviews: info.data.reviews,
      })}
    </span>
  );
}

/**
 * The banana-shell guide (operationGuide, classification obtainXb) as a card the user
 * dismisses, once per user: the server answers it only until it has been shown. The
 * answer is kept for the session, so it stays until dismissed or the app is reloaded.
 */
export function ObtainXbGuide() {
  const { t, i18n } = useTranslation();
  const { uid, loggedIn } = useContentUser();
  const qc = useQueryClient();
  const follow = useFollowLink();
  const guides = useQuery({ ...contentQueries.guide(uid, DEFAULT_GUIDE_CLASSIFICATION), enabled: loggedIn });
  const guide = guides.data?.find((g) => g.show);
  if (!guide) return null;
  const { title, text } = operationText(guide, i18n.language);
  const dismiss = () => qc.setQueryData(contentKeys.guide(uid, DEFAULT_GUIDE_CLASSIFICATION), []);
  return (
    <aside className="guide-card" data-testid="guide-obtainXb" aria-labelledby="guide-obtainXb-title">
      <span className="guide-icon">
        <ContentGlyph name="coin" size={24} />
      </span>
      <div className="guide-body">
        <h2 id="guide-obtainXb-title" className="guide-title">
          {title}
        </h2>
        <p className="guide-text">{text}</p>
        <div className="guide-actions">
          {operationLink(guide.link) && (
            <button type="button" className="guide-more" data-testid="guide-more" onClick={() => follow(guide.link)}>
              {t('content.guide.more')}
            </button>
          )}
          <button type="button" className="guide-dismiss" data-testid="guide-dismiss" onClick={dismiss}>
            {t('content.guide.dismiss')}
          </button>
        </div>
      </div>
    </aside>
  );
}
