import type { LabelKind } from '@cab/contracts';
import type { Database } from '../../platform/db/index.ts';
import { LABEL_KIND, type DimensionsRepository, type RefRow } from './dimensions.repository.ts';

export interface RefAccount {
  id: string;
  name: string;
  currency: string;
}
export interface RefCategory {
  id: string;
  name: string;
  icon: string;
  type: string;
  parent_id: string | null;
  parent_name: string | null;
}
export interface RefLabel {
  id: string;
  kind: string;
  name: string;
}

/** The names a record's view shows beside its ids (TransactionView's, filled in by `BookRefs.name`). */
export interface TransactionNames {
  account_name: string | null;
  account_currency: string | null;
  to_account_name: string | null;
  to_account_currency: string | null;
  category_name: string | null;
  category_icon: string | null;
  category_type: string | null;
  category_parent_name: string | null;
  member_name: string | null;
  merchant_name: string | null;
  project_name: string | null;
  recorder_name: string;
}

/** What a record's view names: its ids, and the names `BookRefs.name` fills in. */
export interface Nameable extends TransactionNames {
  account_id: string | null;
  to_account_id: string | null;
  category_id: string | null;
  member_id: string | null;
  merchant_id: string | null;
  project_id: string | null;
}

/** What a write names, by kind of dimension. */
export interface RefIds {
  accounts?: Iterable<string | undefined>;
  categories?: Iterable<string | undefined>;
  labels?: Iterable<string | undefined>;
}

const ID = /^[1-9][0-9]{0,18}$/;

/**
 * The dimensions one write refers to, and its recorder, read once per request: a write's
 * accounts, categories, members, merchants and projects, the recorder's nickname and
 * whether anyone else is in the book all come from one statement (`load`), and they are
 * what the rules check and what the answer names, so nothing is read twice. An id the
 * load did not find is unknown (the rules refuse it).
 */
export class BookRefs {
  private readonly accounts = new Map<string, RefAccount | null>();
  private readonly categories = new Map<string, RefCategory | null>();
  private readonly labels = new Map<string, RefLabel | null>();
  private who: { nickname: string; others: boolean } | undefined;

  constructor(
    private readonly repo: DimensionsRepository,
    private readonly db: Database,
    readonly bookId: string,
    private readonly userId: string,
  ) {}

  async load(ids: RefIds): Promise<void> {
    const wanted = (all: Iterable<string | undefined> | undefined, kept: Map<string, unknown>) => {
      const out = new Set<string>();
      for (const id of all ?? []) if (id !== undefined && !kept.has(id)) out.add(id);
      // Ids that are not numbers are unknown without asking (the database would refuse them).
      for (const id of out) if (!ID.test(id)) kept.set(id, null);
      return [...out].filter((id) => ID.test(id));
    };
    const asked = {
      accounts: wanted(ids.accounts, this.accounts),
      categories: wanted(ids.categories, this.categories),
      labels: wanted(ids.labels, this.labels),
    };
    const recorder = this.who ? undefined : this.userId;
    if (!asked.accounts.length && !asked.categories.length && !asked.labels.length && recorder === undefined) return;
    const rows = await this.repo.refs(this.bookId, { ...asked, recorder }, this.db);
    for (const id of asked.accounts) this.accounts.set(id, null);
    for (const id of asked.categories) this.categories.set(id, null);
    for (const id of asked.labels) this.labels.set(id, null);
    for (const r of rows) this.keep(r);
  }

  private keep(r: RefRow): void {
    if (r.kind === 'a') this.accounts.set(r.id, { id: r.id, name: r.name, currency: r.extra ?? '' });
    else if (r.kind === 'c') {
      this.categories.set(r.id, {
        id: r.id,
        name: r.name,
        icon: r.extra ?? '',
        type: r.type ?? '',
        parent_id: r.parent_id,
        parent_name: r.parent_name,
      });
    } else if (r.kind === 'l') this.labels.set(r.id, { id: r.id, kind: r.extra ?? '', name: r.name });
    else this.who = { nickname: r.name, others: r.extra === 'true' };
  }

  /** What `load` read of an id: the rules call these without waiting. An id never asked for is a mistake of the caller's. */
  private known<T>(kept: Map<string, T | null>, id: string): T | undefined {
    const row = kept.get(id);
    if (row === undefined) throw new Error(`${id} was not read before the rules (BookRefs.load)`);
    return row ?? undefined;
  }

  account(id: string): RefAccount | undefined {
    return this.known(this.accounts, id);
  }

  category(id: string): RefCategory | undefined {
    return this.known(this.categories, id);
  }

  label(kind: LabelKind, id: string): RefLabel | undefined {
    const row = this.known(this.labels, id);
    return row && row.kind === LABEL_KIND[kind] ? row : undefined;
  }

  /** The recorder's nickname and whether the book has other members (to tell of new records). */
  async recorder(): Promise<{ nickname: string; others: boolean }> {
    if (!this.who) await this.load({});
    return this.who ?? { nickname: '', others: false };
  }

  /**
   * Rows as written, with the names of what they point at from what the rules read (the
   * answer of a create): no statement. The names go into the rows themselves, whose
   * every name field is there already (TransactionsRepository.record).
   */
  name<V extends Nameable>(views: V[], recorderName: string): V[] {
    const account = (id: string | null) => (id === null ? undefined : this.accounts.get(id));
    const label = (id: string | null) => (id === null ? null : (this.labels.get(id)?.name ?? null));
    for (const v of views) {
      const a = account(v.account_id);
      const ta = account(v.to_account_id);
      const c = v.category_id === null ? undefined : this.categories.get(v.category_id);
      v.account_name = a?.name ?? null;
      v.account_currency = a?.currency ?? null;
      v.to_account_name = ta?.name ?? null;
      v.to_account_currency = ta?.currency ?? null;
      v.category_name = c?.name ?? null;
      v.category_icon = c?.icon ?? null;
      v.category_type = c?.type ?? null;
      v.category_parent_name = c?.parent_name ?? null;
      v.member_name = label(v.member_id);
      v.merchant_name = label(v.merchant_id);
      v.project_name = label(v.project_id);
      v.recorder_name = recorderName;
    }
    return views;
  }
}
