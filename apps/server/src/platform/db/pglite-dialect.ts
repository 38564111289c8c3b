import type { PGlite } from '@electric-sql/pglite';
import {
  CompiledQuery,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
} from 'kysely';

/**
 * Kysely over embedded PGlite. PGlite is one session, so the driver hands out its
 * single connection to one holder at a time: a transaction keeps it until commit or
 * rollback and every other query waits, which is what keeps transactions isolated.
 */
class Lock {
  private tail: Promise<void> = Promise.resolve();

  /**
   * Waits for the connection. A query issued outside its own open transaction would
   * wait forever on a single connection; the time limit turns that bug into an error.
   */
  async acquire(timeoutMs = 30_000): Promise<() => void> {
    let release!: () => void;
    const next = new Promise<void>((resolve) => (release = resolve));
    const previous = this.tail;
    this.tail = this.tail.then(() => next);
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), timeoutMs);
      timer.unref();
    });
    const outcome = await Promise.race([previous.then(() => 'ready' as const), timedOut]);
    clearTimeout(timer);
    if (outcome === 'timeout') {
      // Give the slot back once our turn comes, so the queue keeps moving.
      void previous.then(release);
      throw new Error('waited 30 s for the embedded database connection (a query outside its transaction?)');
    }
    return release;
  }
}

class PGliteConnection implements DatabaseConnection {
  constructor(private readonly pg: PGlite) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    // Migrations are many statements in one text, which only the simple protocol takes.
    const multi = query.parameters.length === 0 && query.sql.trim().replace(/;\s*$/, '').includes(';');
    const res = multi
      ? ((await this.pg.exec(query.sql)).at(-1) ?? { rows: [] as R[], affectedRows: 0 })
      : await this.pg.query<R>(query.sql, [...query.parameters]);
    const affected = res.affectedRows;
    const isWrite = /^\s*(insert|update|delete|merge)/i.test(query.sql);
    return {
      rows: res.rows as R[],
      ...(isWrite && affected !== undefined ? { numAffectedRows: BigInt(affected) } : {}),
    };
  }

  // eslint-disable-next-line require-yield
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('streaming is not supported on PGlite');
  }
}

class PGliteDriver implements Driver {
  private readonly lock = new Lock();
  private readonly releases = new WeakMap<DatabaseConnection, () => void>();
  private readonly connection: PGliteConnection;

  constructor(private readonly pg: PGlite) {
    this.connection = new PGliteConnection(pg);
  }

  async init(): Promise<void> {
    await this.pg.waitReady;
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const release = await this.lock.acquire();
    this.releases.set(this.connection, release);
    return this.connection;
  }

  async beginTransaction(conn: DatabaseConnection): Promise<void> {
    await conn.executeQuery(CompiledQuery.raw('begin'));
  }

  async commitTransaction(conn: DatabaseConnection): Promise<void> {
    await conn.executeQuery(CompiledQuery.raw('commit'));
  }

  async rollbackTransaction(conn: DatabaseConnection): Promise<void> {
    await conn.executeQuery(CompiledQuery.raw('rollback'));
  }

  async releaseConnection(conn: DatabaseConnection): Promise<void> {
    const release = this.releases.get(conn);
    this.releases.delete(conn);
    release?.();
  }

  async destroy(): Promise<void> {
    // Closing is the owner's job (db/index.ts), after the last query has finished.
  }
}

export class PGliteDialect implements Dialect {
  constructor(private readonly pg: PGlite) {}
  createAdapter() {
    return new PostgresAdapter();
  }
  createDriver(): Driver {
    return new PGliteDriver(this.pg);
  }
  createQueryCompiler() {
    return new PostgresQueryCompiler();
  }
  createIntrospector(db: Kysely<unknown>) {
    return new PostgresIntrospector(db);
  }
}
