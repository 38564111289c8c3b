import { hostCall } from './bridge.ts';
import { STATUS_BAR_FALLBACK, type TopBarStyle } from './protocol.ts';

/**
 * The host's top bar (SPEC 1 and 6): inside a host the page draws its own bar in the
 * host's style, under the host's status bar. Applied once and cancelled once: the
 * applied flag keeps a second cancel (a page hidden twice) from reaching the host.
 */
let applied = false;

/** SPEC 9: the status bar's height from the host, else 20; a height no phone has is not believed. */
export function statusBarHeight(fromHost: number | undefined): number {
  return fromHost !== undefined && Number.isFinite(fromHost) && fromHost > 0 && fromHost <= 100
    ? Math.round(fromHost)
    : STATUS_BAR_FALLBACK;
}

export function showStatusBar(fromHost: number | undefined, root: HTMLElement = document.documentElement): void {
  root.style.setProperty('--cab-status-bar', `${statusBarHeight(fromHost)}px`);
}

export async function applyTopBar(style: TopBarStyle, statusBarFromHello?: number): Promise<boolean> {
  if (applied) return false;
  applied = true;
  try {
    const answer = await hostCall('topBar.apply', { style });
    showStatusBar(answer.status_bar_height ?? statusBarFromHello);
    return true;
  } catch {
    applied = false;
    return false;
  }
}

export async function cancelTopBar(): Promise<boolean> {
  if (!applied) return false;
  applied = false;
  await hostCall('topBar.cancel', {}).catch(() => undefined);
  return true;
}

export { barOpacity, TRANSPARENT_OFFSET } from './useTransparentBar.ts';

/** For tests. */
export function resetTopBarForTests(): void {
  applied = false;
}
