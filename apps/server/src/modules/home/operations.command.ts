import { z } from 'zod';
import { OperationInput, describeIssues } from './operation-input.ts';
import type { OperationRow, OperationsRepository } from './operations.repository.ts';

const USAGE = 'list, publish <file.json>, or withdraw <code>';

function state(o: OperationRow, now: Date): string {
  if (o.withdrawn_at) return 'withdrawn';
  if (o.starts_at && o.starts_at > now) return `from ${o.starts_at.toISOString()}`;
  if (o.ends_at && o.ends_at <= now) return `ended ${o.ends_at.toISOString()}`;
  return o.ends_at ? `on show until ${o.ends_at.toISOString()}` : 'on show';
}

/** One operation as the operator's listing shows it: code, where, position, state, title. */
export function operationCells(r: OperationRow, now: Date): string[] {
  return [r.code, r.classification ? `${r.placement}/${r.classification}` : r.placement, `#${r.position}`, state(r, now), r.title];
}

/**
 * The operator's command (npm run cab -- operations), apart from the process so tests drive it
 * on their database: answers the lines to print, or throws what is wrong. A file holds
 * one operation or an array of them; a file with any bad one changes nothing.
 */
export async function operationsCommand(
  repo: OperationsRepository,
  args: readonly string[],
  o: { now: Date; readFile: (file: string) => string },
): Promise<string[]> {
  const [verb, arg, extra] = args;
  if (extra !== undefined) throw new Error(`too many arguments (${USAGE})`);
  if (verb === 'list' || verb === undefined) {
    return (await repo.list()).map((r) => operationCells(r, o.now).join('  '));
  }
  if (verb === 'publish') {
    if (!arg) throw new Error('publish needs a JSON file');
    let json: unknown;
    try {
      json = JSON.parse(o.readFile(arg));
    } catch (err) {
      throw new Error(`cannot read ${arg}: ${(err as Error).message}`);
    }
    const parsed = Array.isArray(json) ? z.array(OperationInput).min(1).safeParse(json) : OperationInput.safeParse(json);
    if (!parsed.success) throw new Error(`${arg} is not valid:\n${describeIssues(parsed.error)}`);
    const ops = Array.isArray(parsed.data) ? parsed.data : [parsed.data];
    const codes = ops.map((x) => x.code);
    const twice = codes.find((c, i) => codes.indexOf(c) !== i);
    if (twice) throw new Error(`${arg} has the code ${twice} twice`);
    const done = await repo.publishAll(ops);
    return done.map((d, i) => `${d} ${codes[i]}`);
  }
  if (verb === 'withdraw') {
    if (!arg) throw new Error('withdraw needs a code');
    if (!(await repo.withdraw(arg, o.now))) throw new Error(`no operation ${arg} on show`);
    return [`withdrew ${arg}`];
  }
  throw new Error(`unknown command: ${verb} (${USAGE})`);
}
