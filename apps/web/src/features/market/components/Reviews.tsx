import { shownNickname, REVIEW_MAX, type TemplateReview } from '@cab/contracts/client';
import { MoreRows } from '../../../app/MoreRows.tsx';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Button, Skeleton, TextArea } from 'antd-mobile';
import { Counter, FieldError, useField, useSubmitGuard, textInput, required } from '../../../app/form.tsx';
import { Icon } from '../../../app/icons.tsx';
import { LoadFailed } from '../../../app/LoadFailed.tsx';
import { showToast } from '../../../app/toast.ts';
import { i18n, useTranslation } from '../../../i18n/index.ts';
import { formatDateTime } from '../../members/format.ts';
import { marketQueries, useMarketUser, usePostReview } from '../api.ts';
import type { TemplateActions } from './TemplateActions.tsx';
import '../../../i18n/market.ts';
import '../market.css';
import '../template.css';

/**
 * One review. The text is whatever its writer typed, HTML and script included (the
 * server stores it as given, docs/market.md): it is drawn as a text node, never as markup.
 */
export function ReviewItem({ review }: { review: TemplateReview }) {
  const { t, i18n } = useTranslation();
  return (
    <li className="market-review" data-testid={`review-${review.id}`}>
      <span className="market-avatar" aria-hidden="true">
        {review.user.avatar_url ? <img src={review.user.avatar_url} alt="" width={32} height={32} loading="lazy" /> : <Icon name="user" />}
      </span>
      <div className="market-review-main">
        <div className="market-review-head">
          <span className="market-review-name">{shownNickname(review.user.nickname, i18n.language) || t('market.reviews.someone')}</span>
          {review.mine && <span className="cab-tag">{t('market.reviews.mine')}</span>}
        </div>
        <p className="market-review-text" data-testid="review-text">
          {review.content}
        </p>
        <div className="market-review-time">
          {formatDateTime(review.lastCommentTime)}
          {review.edited && ` · ${t('market.reviews.edited')}`}
        </div>
      </div>
    </li>
  );
}

/**
 * The caller's review: empty for a first one, their own text to edit once they have
 * written one (posting again edits it and brings it to the top). Counted to REVIEW_MAX.
 */
function ReviewBox({ templateId, mine }: { templateId: string; mine: TemplateReview | undefined }) {
  const { t } = useTranslation();
  const post = usePostReview(templateId);
  const text = useField(mine?.content ?? '', {
    filter: textInput(REVIEW_MAX),
    validate: required(t('market.reviews.required')),
  });
  const guard = useSubmitGuard();
  const submit = () => {
    if (!text.check()) return;
    guard(async () => {
      await post.mutateAsync(text.value.trim());
      showToast(i18n.t(mine ? 'market.reviews.updated' : 'market.reviews.posted'));
    });
  };
  return (
    <div className="market-review-box" data-testid="review-box">
      <label className="field-label" htmlFor="market-review-input">
        {t('market.reviews.label')}
      </label>
      <TextArea
        id="market-review-input"
        data-testid="review-input"
        value={text.value}
        onChange={text.onChange}
        placeholder={t('market.reviews.placeholder')}
        autoSize={{ minRows: 2, maxRows: 6 }}
      />
      <div className="market-review-box-foot">
        <Counter value={text.value} max={REVIEW_MAX} />
        <Button size="small" color="primary" data-testid="review-submit" loading={post.isPending} onClick={submit}>
          {t(mine ? 'market.reviews.update' : 'market.reviews.submit')}
        </Button>
      </div>
      <FieldError error={text.error} testId="review-error" />
    </div>
  );
}

/** A template's reviews: the box to write one (logged in) or the way to log in, and the list, the latest first, paging as it scrolls. */
export function Reviews({ templateId, count, actions }: { templateId: string; count: number; actions: TemplateActions }) {
  const { t } = useTranslation();
  const { uid, loggedIn } = useMarketUser();
  const q = useInfiniteQuery(marketQueries.reviews(uid, templateId));
  const rows = q.data?.pages.flatMap((p) => p.data) ?? [];
  const mine = rows.find((r) => r.mine);

  return (
    <section className="market-section" data-testid="template-reviews">
      <h2 className="market-section-title" data-testid="reviews-count">
        {t('market.reviews.count', { count })}
      </h2>
      {loggedIn ? (
        // Mounted again once the caller's own review arrives, so it is there to edit.
        q.isPending ? null : (
          <ReviewBox key={mine?.id ?? 'new'} templateId={templateId} mine={mine} />
        )
      ) : (
        <button type="button" className="market-review-login" data-testid="review-login" onClick={() => actions.askLogin('review')}>
          {t('market.login.review')}
        </button>
      )}
      {q.isPending && <Skeleton.Paragraph lineCount={4} animated />}
      {q.isError && <LoadFailed onRetry={q.refetch} />}
      {q.isSuccess && rows.length === 0 && (
        <div className="market-none" data-testid="reviews-empty">
          {t('market.reviews.empty')}
        </div>
      )}
      {rows.length > 0 && (
        <>
          <ul className="market-review-list" data-testid="review-list">
            {rows.map((r) => (
              <ReviewItem key={r.id} review={r} />
            ))}
          </ul>
          <MoreRows
            next={() => q.fetchNextPage()}
            hasMore={q.hasNextPage}
            testId="reviews-more"
            className="market-more"
            buttonClassName="market-link"
            texts={{ failed: t('market.reviews.retryLoad'), loading: t('market.reviews.loadingMore'), end: t('market.reviews.noMore') }}
          />
        </>
      )}
    </section>
  );
}
