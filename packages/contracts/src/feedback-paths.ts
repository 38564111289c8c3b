/** Feedback from the mine page (意见反馈; ours: SPEC names the entry, not its call). */
export const FEEDBACK_PATHS = {
  /** POST {content, contact?}: a logged-in user's feedback, read by an operator (`npm run cab -- feedback list`). */
  submit: '/cab-user-ws/v1/feedback',
} as const;

/** The feedback's length, counted in graphemes (graphemeLength) on both sides. */
export const FEEDBACK_CONTENT_MAX = 500;
/** An optional way to reach the sender: a phone, an email, a WeChat id. */
export const FEEDBACK_CONTACT_MAX = 60;
/** Feedback one user may send in a window. */
export const FEEDBACK_PER_WINDOW = 5;
export const FEEDBACK_WINDOW_MS = 60 * 60_000;
