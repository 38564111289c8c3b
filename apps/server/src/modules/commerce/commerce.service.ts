import { BANANA_SHELL, minorToMoney, type AccountsResponse } from '@cab/contracts';
import type { LedgerService } from '../ledger/ledger.service.ts';

/** The commerce area's rules (docs/commerce.md): what the caller holds and buys, over the ledger. */
export class CommerceService {
  constructor(private readonly ledger: LedgerService) {}

  /** The caller's accounts: their banana-shell wallet, 0.00 until a first recharge makes it. */
  async accounts(userId: string): Promise<AccountsResponse['data']> {
    return [{ account_type: BANANA_SHELL, balance: minorToMoney(await this.ledger.walletBalance(userId)) }];
  }
}
