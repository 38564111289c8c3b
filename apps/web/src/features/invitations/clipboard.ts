/** Copies text with the browser's clipboard; answers whether it worked (no clipboard, or refused: false). */
export async function copyText(text: string): Promise<boolean> {
  if (!navigator.clipboard) return false;
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/** Whether the system share sheet (Web Share API) is there. */
export const canShare = (): boolean => typeof navigator.share === 'function';
