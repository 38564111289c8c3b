import { FEEDBACK_PER_WINDOW, FEEDBACK_WINDOW_MS, type FeedbackRequest } from '@cab/contracts';
import { enforceLimits } from '../../http/rate-limit.ts';
import type { Clock } from '../../platform/clock.ts';
import type { KeyValueStore } from '../../platform/kv.ts';
import type { FeedbackRepository } from './feedback.repository.ts';

/** Feedback from the mine page: kept for an operator to read; a user's sends are rate limited. */
export class FeedbackService {
  constructor(
    private readonly repo: FeedbackRepository,
    private readonly kv: KeyValueStore,
    private readonly clock: Clock,
  ) {}

  async submit(userId: string, req: FeedbackRequest): Promise<{ feedback_id: string; created_at: number }> {
    await enforceLimits(this.kv, [
      { key: `feedback:${userId}`, max: FEEDBACK_PER_WINDOW, windowMs: FEEDBACK_WINDOW_MS, message: 'feedback.tooOften' },
    ]);
    const row = await this.repo.insert(userId, req.content, req.contact ?? '', new Date(this.clock.now()));
    return { feedback_id: row.id, created_at: new Date(row.created_at).getTime() };
  }
}
