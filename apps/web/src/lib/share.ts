export type ShareOutcome = 'shared' | 'copied' | 'cancelled' | 'failed';

interface ShareEnv {
  share?: (data: ShareData) => Promise<void>;
  canShare?: (data: ShareData) => boolean;
  copy?: (text: string) => Promise<void>;
}

/**
 * Shares a link the way the device can: the system share sheet (Web Share API)
 * where there is one, otherwise by copying the link. Says what happened, so the
 * caller can tell the user.
 */
export async function shareLink(data: { title: string; text: string; url: string }, env: ShareEnv): Promise<ShareOutcome> {
  if (env.share && (!env.canShare || env.canShare(data))) {
    try {
      await env.share(data);
      return 'shared';
    } catch (err) {
      if (err instanceof Error && err.name === 'AbortError') return 'cancelled';
      // a share sheet that failed for another reason: fall back to copying
    }
  }
  if (!env.copy) return 'failed';
  try {
    await env.copy(data.url);
    return 'copied';
  } catch {
    return 'failed';
  }
}

/** The browser's own share and clipboard. */
export function browserShareEnv(): ShareEnv {
  return {
    ...(typeof navigator.share === 'function' ? { share: (d: ShareData) => navigator.share(d) } : {}),
    ...(typeof navigator.canShare === 'function' ? { canShare: (d: ShareData) => navigator.canShare(d) } : {}),
    ...(navigator.clipboard ? { copy: (text: string) => navigator.clipboard.writeText(text) } : {}),
  };
}
