/**
 * The languages of the message catalogue and the shape of one of its entries. The
 * domain catalogues (messages-*.ts) write their entries in this shape and the
 * aggregator (messages.ts) gathers them: both import it, so neither imports the other.
 */
import type { ErrorCodeValue } from './errors.ts';

export type Locale = 'zh-CN' | 'en';
export const LOCALES: readonly Locale[] = ['zh-CN', 'en'];
/** Chinese unless the client asks for English. */
export const DEFAULT_LOCALE: Locale = 'zh-CN';

export type LocalizedText = { readonly [L in Locale]: string };
export interface MessageDef extends LocalizedText {
  /** The error code this message is answered with (its status comes from `errorStatus`). */
  readonly code: ErrorCodeValue;
}
