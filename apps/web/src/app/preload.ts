import { createContext, useContext } from 'react';

/** Starts loading the code of the pages that usually come next. */
export type PreloadNext = () => void;

const PreloadNextContext = createContext<PreloadNext>(() => undefined);

/**
 * SPEC 2: home preloads the dashboard; the dashboard preloads accounting and flow. Which
 * pages come next is the page registry's to say (app/pages.ts names them beside each
 * page); a page only says when, once it is drawn. The registry hands each page its own
 * through this context, so no page imports the registry that imports it. Outside the
 * registry (a page drawn alone, in a test) it does nothing.
 */
export const PreloadNextProvider = PreloadNextContext.Provider;

export function usePreloadNext(): PreloadNext {
  return useContext(PreloadNextContext);
}
