import { z } from 'zod';
import { dataOf } from './common.ts';

/** The outside pages the operator lets CAB open (CAB_WEBVIEW_ALLOW), and the two the app links to. */
export const Webviews = z.object({
  /** Prefixes `https://host[:port]/path`, as webviewPrefix writes them. */
  allow: z.array(z.string()),
  /** 联系客服: null when the operator has set none. */
  customer_service_url: z.string().nullable(),
  /** 关注我们: null when the operator has set none. */
  follow_url: z.string().nullable(),
});
export type Webviews = z.infer<typeof Webviews>;

export const WebviewsResponse = dataOf(Webviews);
export type WebviewsResponse = z.infer<typeof WebviewsResponse>;
