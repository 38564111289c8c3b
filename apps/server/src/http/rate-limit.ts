import type { ErrorCode, PlainMessageKeyFor } from '@cab/contracts';
import { AppError } from './errors.ts';
import type { KeyValueStore } from '../platform/kv.ts';

export interface Limit {
  key: string;
  max: number;
  windowMs: number;
  /** What the refused caller is told, in their language. */
  message: PlainMessageKeyFor<typeof ErrorCode.TOO_MANY_REQUESTS>;
}

/** Counts one hit against each limit and refuses with 429 once any is exceeded. */
export async function enforceLimits(kv: KeyValueStore, limits: Limit[]): Promise<void> {
  for (const l of limits) {
    const count = await kv.hit(`rl:${l.key}`, l.windowMs);
    if (count > l.max) throw new AppError(l.message);
  }
}
