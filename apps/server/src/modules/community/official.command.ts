import { ThreadMessage, ThreadSubject } from '@cab/contracts';
import type { Database } from '../../platform/db/index.ts';
import { CommunityRepository } from './community.repository.ts';

/**
 * The operator's side of the official tab (`npm run cab -- community`, src/cli/commands/community.ts): announcements are Markdown
 * files whose first line is the subject ("# " optional) and the rest the message. They
 * follow the API's text rules and are stored as given (the web shows them as text).
 */
export function parseAnnouncement(text: string): { subject: string; message: string } {
  const [first = '', ...rest] = text.replace(/\r\n?/g, '\n').split('\n');
  const subject = ThreadSubject.safeParse(first.replace(/^#+\s*/, ''));
  if (!subject.success) throw new Error(`the first line must be a subject of 1 to 60 characters: ${subject.error.issues[0]?.message}`);
  const message = ThreadMessage.safeParse(rest.join('\n'));
  if (!message.success) throw new Error(`the rest must be a message of 1 to 5000 characters: ${message.error.issues[0]?.message}`);
  return { subject: subject.data, message: message.data };
}

export async function publishOfficial(db: Database, text: string, at = new Date()): Promise<string> {
  const a = parseAnnouncement(text);
  return new CommunityRepository(db).insertThread(db, { bookId: null, authorId: null, ...a, tags: [], at });
}

export const listOfficial = (db: Database) => new CommunityRepository(db).officialThreads();

export const withdrawOfficial = (db: Database, tid: string, at = new Date()) => new CommunityRepository(db).withdrawOfficial(tid, at);
