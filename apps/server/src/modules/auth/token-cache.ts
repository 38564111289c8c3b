import type { Broadcast } from '../../platform/broadcast.ts';

export interface KnownToken {
  user_id: string;
  family_id: string;
  expires_at: Date;
}

const CHANNEL = 'tokens';
const MAX_TOKENS = 50_000;

/**
 * Access tokens already found valid, by hash, so a signed-in call needs no query to know
 * its user. A token stops being valid only by its time (checked on every use) or by its
 * sign-in being revoked (signing out, a refresh token used twice): every revocation, on
 * any instance, empties this memory everywhere before the revoking call answers.
 */
export class TokenCache {
  private readonly known = new Map<string, KnownToken>();
  /** Moves with every revocation: a token read before one is not kept after it. */
  private generation = 0;

  constructor(private readonly broadcast: Broadcast) {
    broadcast.subscribe(CHANNEL, () => this.forget());
  }

  /** Take before reading a token from the database, and hand to `set`. */
  get current(): number {
    return this.generation;
  }

  get(hash: string): KnownToken | undefined {
    return this.known.get(hash);
  }

  set(hash: string, token: KnownToken, generation: number): void {
    if (generation !== this.generation) return;
    if (this.known.size >= MAX_TOKENS) this.known.clear();
    this.known.set(hash, token);
  }

  /** Resolves once every instance has been told: the revoking call answers after that. */
  revoked(): Promise<void> {
    this.forget();
    return this.broadcast.publish(CHANNEL, 'revoked');
  }

  private forget(): void {
    this.generation++;
    this.known.clear();
  }
}
