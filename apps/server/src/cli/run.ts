import { formatTable } from './table.ts';
import { CommandFailed, UsageError, type CliContext, type CommandGroup, type Subcommand } from './kit.ts';

export const EXIT = { ok: 0, failed: 1, usage: 2 } as const;

const PROGRAM = 'npm run cab --';

function line(group: CommandGroup, sub: Subcommand): string {
  return [PROGRAM, group.name, sub.name, sub.args ?? '', ...Object.keys(sub.options ?? {}).map((o) => `[--${o} <${o}>]`)]
    .filter(Boolean)
    .join(' ');
}

function usageRows(groups: readonly CommandGroup[]): string[][] {
  return groups.flatMap((g) => g.subcommands.map((s) => [line(g, s), s.summary]));
}

export function helpText(groups: readonly CommandGroup[]): string[] {
  return [
    "cab: the operator's command. Every subcommand works on the server's database and files",
    '(DATABASE_URL, else the embedded one in CAB_DATA_DIR, default ./data; with the embedded',
    'database stop the server first: one process owns it).',
    '',
    ...formatTable(['command', 'what it does'], usageRows(groups), ''),
    '',
    ...formatTable(
      ['', ''],
      [
        [`${PROGRAM} <command> help`, "one command's usage"],
        ['--yes', 'do destructive work without asking (for scripts); without it and without a terminal, such work is refused'],
        ['exit status', '0 done, 1 failed, 2 usage error'],
      ],
      '',
    ).slice(1),
  ];
}

export function groupHelp(group: CommandGroup): string[] {
  const options = group.subcommands.flatMap((s) => Object.entries(s.options ?? {}).map(([o, what]) => [`--${o}`, what]));
  return [
    `${group.name}: ${group.summary}`,
    '',
    ...formatTable(['usage', 'what it does'], usageRows([group]), ''),
    ...(group.byDefault !== undefined ? ['', `With no subcommand: ${group.byDefault}.`] : []),
    ...(options.length ? ['', ...formatTable(['option', 'meaning'], options, '')] : []),
    ...(group.notes ? ['', group.notes] : []),
  ];
}

interface Parsed {
  positional: string[];
  options: Map<string, string | undefined>;
  yes: boolean;
  help: boolean;
}

/** Global flags anywhere; `--name value` or `--name=value`; after `--` every word is an argument. */
function parse(argv: readonly string[]): Parsed {
  const p: Parsed = { positional: [], options: new Map(), yes: false, help: false };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--') {
      p.positional.push(...argv.slice(i + 1));
      break;
    }
    if (a === '--yes' || a === '-y') p.yes = true;
    else if (a === '--help' || a === '-h') p.help = true;
    else if (a.startsWith('--')) {
      const eq = a.indexOf('=');
      if (eq > 0) p.options.set(a.slice(2, eq), a.slice(eq + 1));
      else p.options.set(a.slice(2), argv[i + 1]?.startsWith('-') ? undefined : argv[++i]);
    } else if (/^-[a-zA-Z]/.test(a)) throw new UsageError(`unknown option: ${a}`);
    else p.positional.push(a);
  }
  return p;
}

function checkArity(group: CommandGroup, sub: Subcommand, args: readonly string[]): void {
  const words = (sub.args ?? '').split(' ').filter(Boolean);
  const min = words.filter((w) => w.startsWith('<')).length;
  const max = words.some((w) => w.endsWith('...')) ? Infinity : words.length;
  const name = [group.name, sub.name].filter(Boolean).join(' ');
  if (args.length < min) throw new UsageError(`${name} needs ${words.filter((w) => w.startsWith('<')).join(' ')}: ${line(group, sub)}`);
  if (args.length > max) throw new UsageError(`too many arguments for ${name}: ${line(group, sub)}`);
}

function checkOptions(sub: Subcommand, given: Parsed['options']): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of given) {
    if (!sub.options || !(name in sub.options)) throw new UsageError(`unknown option: --${name}`);
    if (value === undefined || value === '') throw new UsageError(`--${name} needs a value`);
    out[name] = value;
  }
  return out;
}

async function dispatch(groups: readonly CommandGroup[], p: Parsed, ctx: CliContext): Promise<number> {
  const [name, ...rest] = p.positional;
  if (name === undefined || name === 'help') {
    const about = name === 'help' ? rest[0] : undefined;
    if (about !== undefined) {
      const g = groups.find((x) => x.name === about);
      if (!g) throw new UsageError(`unknown command: ${about}`);
      groupHelp(g).forEach((l) => ctx.out(l));
      return EXIT.ok;
    }
    helpText(groups).forEach((l) => (name === undefined && !p.help ? ctx.err(l) : ctx.out(l)));
    return name === undefined && !p.help ? EXIT.usage : EXIT.ok;
  }
  const group = groups.find((g) => g.name === name);
  if (!group) throw new UsageError(`unknown command: ${name}`);
  if (p.help || rest[0] === 'help') {
    groupHelp(group).forEach((l) => ctx.out(l));
    return EXIT.ok;
  }
  const only = group.subcommands.find((s) => s.name === '');
  const subName = only ? '' : (rest[0] ?? group.byDefault);
  const sub = group.subcommands.find((s) => s.name === subName);
  if (!sub) {
    const known = group.subcommands.map((s) => s.name).join(', ');
    throw new UsageError(subName === undefined ? `${name} needs a subcommand: ${known}` : `unknown command: ${name} ${subName} (${known})`);
  }
  const args = only || rest[0] === undefined ? rest : rest.slice(1);
  checkArity(group, sub, args);
  await sub.run(args, { ...ctx, yes: ctx.yes || p.yes }, checkOptions(sub, p.options));
  return EXIT.ok;
}

/**
 * Runs one command line and answers its exit status: 0 done, 1 failed, 2 usage error.
 * What went wrong is one line on stderr (an operator's mistake, not a stack).
 */
export async function runCli(groups: readonly CommandGroup[], argv: readonly string[], ctx: CliContext): Promise<number> {
  let p: Parsed | undefined;
  try {
    p = parse(argv);
    return await dispatch(groups, p, ctx);
  } catch (err) {
    if (err instanceof UsageError) {
      const group = p?.positional[0];
      ctx.err(err.message);
      ctx.err(`see: ${PROGRAM} ${group && groups.some((g) => g.name === group) ? `${group} help` : 'help'}`);
      return EXIT.usage;
    }
    ctx.err(err instanceof Error ? err.message : String(err));
    if (!(err instanceof CommandFailed) && err instanceof Error && ctx.config.logLevel === 'debug') ctx.err(err.stack ?? '');
    return EXIT.failed;
  }
}
