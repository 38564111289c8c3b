/**
 * The operator's command (docs/operations.md): `npm run cab -- help` lists every
 * subcommand, `npm run cab -- <command> help` one command's usage. Exit status 0 done,
 * 1 failed, 2 usage error.
 */
import { COMMANDS } from './commands/index.ts';
import { processContext } from './context.ts';
import { runCli } from './run.ts';

process.exitCode = await runCli(COMMANDS, process.argv.slice(2), processContext());
