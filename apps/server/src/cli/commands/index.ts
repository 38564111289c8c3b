import type { CommandGroup } from '../kit.ts';
import { backup, restore } from './backup.ts';
import { commerce } from './commerce.ts';
import { community } from './community.ts';
import { content } from './content.ts';
import { feedback } from './feedback.ts';
import { functions } from './functions.ts';
import { jobs } from './jobs.ts';
import { ledger } from './ledger.ts';
import { moderation } from './moderation.ts';
import { offers } from './offers.ts';
import { operations } from './operations.ts';
import { premium } from './premium.ts';
import { rates } from './rates.ts';
import { zones } from './zones.ts';
import { tracking } from './tracking.ts';

/** Every operator command, in the order `help` lists them; a new area adds its file here. */
export const COMMANDS: readonly CommandGroup[] = [
  premium,
  rates,
  content,
  community,
  operations,
  moderation,
  feedback,
  ledger,
  offers,
  commerce,
  functions,
  zones,
  tracking,
  jobs,
  backup,
  restore,
];
