import { FEEDBACK_PATHS, FeedbackRequest, FeedbackResponse } from '@cab/contracts';
import type { FastifyInstance } from 'fastify';
import { requireUser } from '../../http/auth.ts';
import { defineRoute, type RegisteredRoute } from '../../http/route.ts';
import type { FeedbackService } from './feedback.service.ts';

/** The mine page's 意见反馈: a logged-in user's feedback; it touches no book. */
export function registerFeedbackRoutes(app: FastifyInstance, registry: RegisteredRoute[], feedback: FeedbackService): void {
  defineRoute(app, registry, {
    method: 'POST',
    url: FEEDBACK_PATHS.submit,
    tag: 'user',
    auth: 'user',
    answers: 'unchanged',
    status: 201,
    summary: 'Send feedback (mine page, 意见反馈); an operator reads it with `npm run cab -- feedback list`',
    body: FeedbackRequest,
    response: FeedbackResponse,
    handler: async ({ user, body }) => ({ data: await feedback.submit(requireUser(user).id, body) }),
  });
}
