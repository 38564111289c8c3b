import { showToast } from '../app/toast.ts';
import { browserShareEnv, shareLink, type ShareOutcome } from '../lib/share.ts';
import { track } from '../lib/tracking.ts';
import { knownHostEnv } from '../lib/host-env.ts';
import { SHARE_BACK_HOME_SCENE } from './link-token.ts';

export interface ShareContent {
  title: string;
  text: string;
  url: string;
  image?: string;
}

/**
 * Shares through what the page runs in: the host's share sheet inside a host; the
 * system sheet (Web Share API) or a copied link in a browser. A host that fails says so
 * in SPEC 8's words; the caller shows what else happened.
 */
export async function shareOut(content: ShareContent, what: string): Promise<ShareOutcome> {
  // The bridge's code comes only inside a host: a browser's share buttons do without it.
  const host = knownHostEnv() ?? (await import('./bridge.ts').then((m) => m.hostEnv()));
  let outcome: ShareOutcome;
  if (host === 'browser') outcome = await shareLink(content, browserShareEnv());
  else {
    const [{ hostCall }, { hostErrorMessage }] = await Promise.all([import('./bridge.ts'), import('./messages.ts')]);
    try {
      outcome = (await hostCall('share.open', content)).outcome;
    } catch (err) {
      showToast(hostErrorMessage(err));
      outcome = 'failed';
    }
  }
  track(`share.${outcome}`, { classification: what });
  return outcome;
}

/** A link that brings whoever opens it back home (SPEC 9, scene 00001), with the book it was shared from. */
export function shareBackHomeLink(bookId: string, origin = window.location.origin, path = window.location.pathname): string {
  return `${origin}${path}#/pages/home/index?scene=${SHARE_BACK_HOME_SCENE}&bookId=${encodeURIComponent(bookId)}`;
}
