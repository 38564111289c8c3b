import { useEffect, useRef, useState } from 'react';
import { hostErrorMessage } from './messages.ts';

export type Opening = { state: 'opening' } | { state: 'opened' } | { state: 'failed'; message: string };

/**
 * A host call that opens something of the host's (its webview, its map): made once on
 * arrival and again on request, its failure in SPEC 8's words. One call per attempt:
 * React's development double run of effects must not open it twice.
 */
export function useHostOpening(open: () => Promise<unknown>): { opening: Opening; again: () => void } {
  const [attempt, setAttempt] = useState(0);
  const [opening, setOpening] = useState<Opening>({ state: 'opening' });
  const asked = useRef(-1);
  const mounted = useRef(false);
  const latest = useRef(open);
  useEffect(() => {
    latest.current = open;
  });
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  useEffect(() => {
    if (asked.current === attempt) return;
    asked.current = attempt;
    latest.current().then(
      () => mounted.current && setOpening({ state: 'opened' }),
      (err: unknown) => mounted.current && setOpening({ state: 'failed', message: hostErrorMessage(err) }),
    );
  }, [attempt]);
  const again = () => {
    setOpening({ state: 'opening' });
    setAttempt((a) => a + 1);
  };
  return { opening, again };
}
