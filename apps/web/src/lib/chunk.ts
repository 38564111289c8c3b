import { useCallback, useEffect, useState } from 'react';

/**
 * A piece of a first-load page kept in a chunk of its own, drawn the moment its code has
 * arrived. Not `React.lazy`: behind a Suspense fallback React holds the arrived content
 * back until the fallback has shown for 300 ms, and on home and mine that content (the
 * info flow's cards, the banana-shell guide) is the page's largest paint
 * (docs/performance.md, issue 26).
 */
export interface Chunk<M> {
  /** Starts loading (once; again after a failure) and resolves with the module. */
  load(): Promise<M>;
  /** The module if it has arrived. */
  current(): M | undefined;
}

export function chunk<M>(importer: () => Promise<M>): Chunk<M> {
  let loaded: M | undefined;
  let pending: Promise<M> | undefined;
  return {
    load() {
      pending ??= importer().then(
        (m) => (loaded = m),
        (e: unknown) => {
          // A network failure is not kept: the next attempt asks again.
          pending = undefined;
          throw e;
        },
      );
      return pending;
    },
    current: () => loaded,
  };
}

export interface ChunkState<M> {
  module: M | undefined;
  failed: boolean;
  retry: () => void;
}

/** The chunk's module once it has arrived (at once if it already has), or that it failed, with a retry. */
export function useChunk<M>(c: Chunk<M>): ChunkState<M> {
  const [module, setModule] = useState(c.current);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (module) return;
    let live = true;
    c.load().then(
      (m) => live && setModule(() => m),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [c, module, attempt]);
  const retry = useCallback(() => {
    setFailed(false);
    setAttempt((n) => n + 1);
  }, []);
  return { module, failed, retry };
}
