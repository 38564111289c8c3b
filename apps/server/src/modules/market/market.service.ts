import { REVIEW_EDITS_PER_WINDOW, REVIEW_WINDOW_MS, type TemplateReview, type TemplateReviewsPage } from '@cab/contracts';
import { AppError } from '../../http/errors.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Database } from '../../platform/db/index.ts';
import type { KeyValueStore } from '../../platform/kv.ts';
import { enforceLimits } from '../../http/rate-limit.ts';
import { templateSummary } from '../templates/templates.service.ts';
import type { MarketRepository, ReviewRow } from './market.repository.ts';

const present = (r: ReviewRow, viewer: string | undefined): TemplateReview => ({
  id: r.id,
  template_id: r.template_id,
  content: r.content,
  user: { user_id: r.user_id, nickname: r.nickname, avatar_url: r.avatar_url },
  created_at: new Date(r.created_at).getTime(),
  lastCommentTime: new Date(r.updated_at).getTime(),
  edited: new Date(r.updated_at).getTime() !== new Date(r.created_at).getTime(),
  mine: r.user_id === viewer,
});

/** The market's own rules: favourite templates and reviews (docs/market.md). */
export class MarketService {
  constructor(
    private readonly db: Database,
    private readonly repo: MarketRepository,
    private readonly kv: KeyValueStore,
    private readonly clock: Clock,
  ) {}

  private async known(templateId: string): Promise<void> {
    if (!(await this.repo.templateExists(templateId))) throw new AppError('template.notFound');
  }

  /** Keeps (or lets go of) a template; doing it twice changes nothing. */
  async collect(userId: string, templateId: string, keep: boolean) {
    await this.known(templateId);
    if (keep) await this.repo.collect(userId, templateId, new Date(this.clock.now()));
    else await this.repo.uncollect(userId, templateId);
    return { template_id: templateId, collected: keep };
  }

  async collected(userId: string) {
    return (await this.repo.collected(userId)).map((t) => ({
      ...templateSummary(t, true),
      collected_at: new Date(t.collected_at).getTime(),
    }));
  }

  async reviews(
    q: { templateId: string; pageSize: number; lastCommentTime?: number | undefined; lastId?: string | undefined },
    viewer: string | undefined,
  ): Promise<TemplateReviewsPage> {
    await this.known(q.templateId);
    const after = q.lastCommentTime === undefined ? undefined : { time: new Date(q.lastCommentTime), id: q.lastId };
    const rows = await this.repo.reviews(q.templateId, q.pageSize + 1, after);
    const more = rows.length > q.pageSize;
    const page = rows.slice(0, q.pageSize).map((r) => present(r, viewer));
    const last = page.at(-1);
    return { data: page, paging: { has_more: more, last_comment_time: last?.lastCommentTime ?? null, last_id: last?.id ?? null } };
  }

  /** One review per user and template: a second post edits the first. A user's posts are bounded per window. */
  async review(userId: string, templateId: string, content: string): Promise<TemplateReview> {
    await this.known(templateId);
    await enforceLimits(this.kv, [
      { key: `template-review:${userId}`, max: REVIEW_EDITS_PER_WINDOW, windowMs: REVIEW_WINDOW_MS, message: 'template.reviewTooOften' },
    ]);
    const at = new Date(this.clock.now());
    return this.db.transaction().execute(async (tx) => {
      const id = await this.repo.saveReview(tx, templateId, userId, content, at);
      return present(await this.repo.review(tx, id), userId);
    });
  }
}
