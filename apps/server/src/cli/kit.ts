import type { Config } from '../config.ts';
import type { DatabaseHandle } from '../platform/db/index.ts';

/** A mistake in how the command was typed: exit status 2, with the usage to mend it. */
export class UsageError extends Error {}

/** The command was understood but could not be done (no such book, a bad file...): exit status 1. */
export class CommandFailed extends Error {}

/** Everything a subcommand may touch of the world; tests hand in their own (a migrated database, captured output). */
export interface CliContext {
  out(line: string): void;
  err(line: string): void;
  config: Config;
  /** Where the operator typed the command: relative files are theirs (npm runs scripts in apps/server). */
  cwd: string;
  /** --yes: destructive work goes ahead without asking. */
  yes: boolean;
  /** Whether someone sits at a terminal to answer a question. */
  interactive: boolean;
  ask(question: string): Promise<string>;
  /** The server's database (DATABASE_URL, else the embedded one in CAB_DATA_DIR), migrated unless `raw`. */
  openDatabase(o?: { raw?: boolean; purpose?: string }): Promise<DatabaseHandle>;
  now(): Date;
}

export type Options = Readonly<Record<string, string>>;

export interface Subcommand {
  /** '' for a command that is its group's only verb (`cab backup <file>`). */
  name: string;
  /** The arguments as usage shows them: `<required>`, `[optional]`, `<name>...` for one or more. */
  args?: string;
  summary: string;
  /** `--name value` options it takes, with what they mean. */
  options?: Readonly<Record<string, string>>;
  run(args: readonly string[], ctx: CliContext, options: Options): Promise<void>;
}

export interface CommandGroup {
  name: string;
  summary: string;
  subcommands: readonly Subcommand[];
  /** The subcommand run when none is named (the listing, as the old scripts did). */
  byDefault?: string;
  /** A paragraph printed by `<group> help`: where the docs are, what it needs. */
  notes?: string;
}

/** Runs fn on the server's database and closes it, whatever happens. */
export async function withDatabase<T>(
  ctx: CliContext,
  fn: (h: DatabaseHandle) => Promise<T>,
  o?: { raw?: boolean; purpose?: string },
): Promise<T> {
  const handle = await ctx.openDatabase(o);
  try {
    return await fn(handle);
  } finally {
    await handle.close();
  }
}

/** A positive bigint id as the API takes them, or a usage error naming what it should have been. */
export function idArg(value: string | undefined, what: string): string {
  if (!value || !/^[1-9][0-9]{0,18}$/.test(value) || BigInt(value) > 9223372036854775807n) {
    throw new UsageError(`not a ${what}: ${value ?? '(none)'}`);
  }
  return value;
}

/** A whole number in [min, max], or a usage error. */
export function intArg(value: string | undefined, what: string, min: number, max: number): number {
  const n = value !== undefined && /^[0-9]{1,9}$/.test(value) ? Number(value) : NaN;
  if (!(n >= min && n <= max)) throw new UsageError(`${what} must be a whole number from ${min} to ${max}, not ${value ?? '(none)'}`);
  return n;
}

/**
 * Destructive work (it takes away what the command cannot give back) goes ahead only
 * with --yes, or when the operator answers yes at a terminal; a script without --yes is
 * refused before anything changes.
 */
export async function confirm(ctx: CliContext, what: string): Promise<void> {
  if (ctx.yes) return;
  if (!ctx.interactive) throw new UsageError(`${what} cannot be undone: run it at a terminal to confirm, or add --yes`);
  const answer = (await ctx.ask(`${what} cannot be undone. Go ahead? [y/N] `)).trim().toLowerCase();
  if (answer !== 'y' && answer !== 'yes') throw new CommandFailed('cancelled: nothing changed');
}
