import type { LabelKind } from '@cab/contracts';
import type { Database } from '../../platform/db/index.ts';
import type { AccountRow, CategoryRow, DimensionsRepository, LabelRow } from './dimensions.repository.ts';

/**
 * The dimensions one write refers to, each looked up once per request (a batch of a
 * thousand records names the same few accounts and categories again and again).
 */
export class BookRefs {
  private readonly accounts = new Map<string, Promise<AccountRow | undefined>>();
  private readonly categories = new Map<string, Promise<CategoryRow | undefined>>();
  private readonly labels = new Map<string, Promise<LabelRow | undefined>>();

  constructor(
    private readonly repo: DimensionsRepository,
    private readonly db: Database,
    readonly bookId: string,
  ) {}

  /**
   * Reads the categories and accounts a batch names in two statements instead of one per
   * id. Ids that are not numbers are left to the one-by-one lookup, which refuses them.
   */
  async preload(ids: { categories: Iterable<string>; accounts: Iterable<string> }): Promise<void> {
    const wanted = (all: Iterable<string>, kept: Map<string, unknown>) =>
      [...new Set(all)].filter((id) => /^[1-9][0-9]{0,18}$/.test(id) && !kept.has(id));
    const categories = wanted(ids.categories, this.categories);
    const accounts = wanted(ids.accounts, this.accounts);
    const [cats, accs] = await Promise.all([
      categories.length ? this.repo.categoriesIn(this.bookId, categories, this.db) : [],
      accounts.length ? this.repo.accountsIn(this.bookId, accounts, this.db) : [],
    ]);
    const found = <R extends { id: string }>(rows: R[], asked: string[], into: Map<string, Promise<R | undefined>>) => {
      const byId = new Map(rows.map((r) => [r.id, r]));
      for (const id of asked) into.set(id, Promise.resolve(byId.get(id)));
    };
    found(cats, categories, this.categories);
    found(accs, accounts, this.accounts);
  }

  account(id: string): Promise<AccountRow | undefined> {
    let p = this.accounts.get(id);
    if (!p) {
      p = this.repo.account(this.bookId, id, this.db);
      this.accounts.set(id, p);
    }
    return p;
  }

  /** Forgets an account's row after its balance changed, so a later balance entry reads the new one. */
  forgetAccount(id: string): void {
    this.accounts.delete(id);
  }

  category(id: string): Promise<CategoryRow | undefined> {
    let p = this.categories.get(id);
    if (!p) {
      p = this.repo.category(this.bookId, id, this.db);
      this.categories.set(id, p);
    }
    return p;
  }

  label(kind: LabelKind, id: string): Promise<LabelRow | undefined> {
    const key = `${kind}:${id}`;
    let p = this.labels.get(key);
    if (!p) {
      p = this.repo.label(this.bookId, kind, id, this.db);
      this.labels.set(key, p);
    }
    return p;
  }
}
