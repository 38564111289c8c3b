import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from '../../../i18n/index.ts';
import '../flows.css';
import '../../../i18n/flow.ts';

/** How far the list must be pulled (after damping) to refresh, and how far it can go. */
const THRESHOLD = 56;
const MAX = 96;
const HOLD = 48;

type Phase = 'idle' | 'pulling' | 'release' | 'refreshing' | 'done';

/**
 * Pull to refresh, for a page that scrolls with the window. antd-mobile's PullToRefresh
 * brings react-spring and @use-gesture (23 KB gzip), which alone would put the flow
 * page over its first-load budget; this does the same with touch events and a CSS
 * transition. The status is announced to screen readers.
 */
export function PullRefresh({ onRefresh, children }: { onRefresh: () => Promise<unknown>; children: ReactNode }) {
  const { t } = useTranslation();
  const root = useRef<HTMLDivElement>(null);
  const [pull, setPull] = useState(0);
  const [phase, setPhase] = useState<Phase>('idle');
  const refresh = useRef(onRefresh);
  useEffect(() => {
    refresh.current = onRefresh;
  });

  useEffect(() => {
    const el = root.current;
    if (!el) return;
    let start: number | undefined;
    let distance = 0;
    let busy = false;
    const show = (d: number, p: Phase) => {
      distance = d;
      setPull(d);
      setPhase(p);
    };
    const onStart = (e: TouchEvent) => {
      start = !busy && window.scrollY <= 0 && e.touches.length === 1 ? e.touches[0]?.clientY : undefined;
    };
    const onMove = (e: TouchEvent) => {
      if (start === undefined) return;
      const dy = (e.touches[0]?.clientY ?? start) - start;
      if (dy <= 0 || window.scrollY > 0) return show(0, 'idle');
      // The page is at its top and pulled down: this is ours, not the browser's overscroll.
      if (e.cancelable) e.preventDefault();
      const d = Math.min(MAX, dy * 0.5);
      show(d, d >= THRESHOLD ? 'release' : 'pulling');
    };
    const onEnd = () => {
      if (start === undefined) return;
      start = undefined;
      if (distance < THRESHOLD) return show(0, 'idle');
      busy = true;
      show(HOLD, 'refreshing');
      void refresh
        .current()
        .catch(() => undefined)
        .finally(() => {
          setPhase('done');
          setTimeout(() => {
            busy = false;
            show(0, 'idle');
          }, 500);
        });
    };
    el.addEventListener('touchstart', onStart, { passive: true });
    el.addEventListener('touchmove', onMove, { passive: false });
    el.addEventListener('touchend', onEnd);
    el.addEventListener('touchcancel', onEnd);
    return () => {
      el.removeEventListener('touchstart', onStart);
      el.removeEventListener('touchmove', onMove);
      el.removeEventListener('touchend', onEnd);
      el.removeEventListener('touchcancel', onEnd);
    };
  }, []);

  const text = phase === 'idle' ? '' : t(`flow.pull.${phase === 'pulling' ? 'pulling' : phase === 'release' ? 'release' : phase}`);
  return (
    <div ref={root} className="flow-pull" data-testid="pull-refresh">
      <div
        className={phase === 'pulling' || phase === 'release' ? 'flow-pull-head dragging' : 'flow-pull-head'}
        style={{ height: pull }}
        aria-live="polite"
      >
        {pull > 16 && <span className="flow-pull-text">{text}</span>}
      </div>
      {children}
    </div>
  );
}
