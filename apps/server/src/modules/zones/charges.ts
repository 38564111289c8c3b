import { moneyToMinor, PRIVATE_MOVE_PRICE } from '@cab/contracts';
import { AppError } from '../../http/errors.ts';
import type { Database } from '../../platform/db/index.ts';
import { LedgerError, moveBetween, type LedgerService } from '../ledger/ledger.service.ts';
import type { MigrationRow } from './zones.repository.ts';

/**
 * The private-storage pay scheme (docs/zones.md): the first move to a private zone is free
 * (首单免费); each later one costs PRIVATE_MOVE_PRICE from the owner's wallet, one ledger
 * entry keyed by the move (a retry never charges twice), reversed when the move ends
 * without its cut-over.
 */
export class ZoneCharges {
  constructor(private readonly ledger: LedgerService) {}

  /** Pays for a move within its starting transaction; answers the ledger entry. */
  async charge(tx: Database, userId: string, migrationId: string): Promise<string> {
    const wallet = await this.ledger.wallet(tx, userId);
    const revenue = await this.ledger.platformAccount(tx, 'revenue');
    try {
      const posted = await this.ledger.post(tx, {
        key: `zone-move:${migrationId}`,
        kind: 'zone_move',
        memo: `move ${migrationId} to a private zone`,
        postings: moveBetween(wallet, revenue, moneyToMinor(PRIVATE_MOVE_PRICE)),
      });
      return posted.entryId;
    } catch (err) {
      if (err instanceof LedgerError && err.reason === 'insufficient') throw new AppError('commerce.insufficientGeneric');
      throw err;
    }
  }

  /** Gives a move's price back (it ended without its cut-over); once, whatever the number of calls. */
  async refund(tx: Database, m: MigrationRow): Promise<void> {
    if (!m.charge_entry_id) return;
    try {
      await this.ledger.reverse(tx, m.charge_entry_id, `zone-move-refund:${m.id}`, 'refund', `move ${m.id} ended without its cut-over`);
    } catch (err) {
      if (!(err instanceof LedgerError && err.reason === 'already_reversed')) throw err;
    }
  }
}
