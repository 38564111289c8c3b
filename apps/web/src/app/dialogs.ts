/**
 * The open imperative dialogs (confirmations, alerts) and the page each was opened on.
 * They live outside React's tree, so nothing unmounts them with their page: the shell
 * closes, on every change of page, the ones opened on another (docs/ui.md, "Sheets").
 */
const open = new Map<() => void, string>();

/** The page a dialog belongs to: the hash route without its query. */
const pageOf = (hash: string) => hash.replace(/^#/, '').split('?')[0] ?? '';

/** Keeps a dialog's close until it closes (call the answer then). */
export function registerDialog(close: () => void): () => void {
  open.set(close, pageOf(window.location.hash));
  return () => open.delete(close);
}

/** Closes every dialog opened on a page other than `pathname` (the page shown now). */
export function closeDialogsNotOn(pathname: string): void {
  for (const [close, page] of [...open]) {
    if (page === pathname) continue;
    open.delete(close);
    close();
  }
}

/** How many are open (for tests). */
export const openDialogCount = (): number => open.size;
