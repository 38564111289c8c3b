import fs from 'node:fs/promises';
import path from 'node:path';
import { CONTENT_TAGS } from '../../../db/seed/contents/tags.ts';
import { systemClock, type Clock } from '../../platform/clock.ts';
import type { Database } from '../../platform/db/index.ts';
import type { FileStorage } from '../../platform/storage.ts';
import { ContentPublisher, fileAssets, parseContentFile, type AssetLoader, type PublishOutcome } from './publish.ts';
import { makeSeedVideo, type SeedVideo } from './seed-video.ts';
import { SERVER_ROOT } from '../../server-root.ts';

export const SEED_CONTENT_DIR = path.join(SERVER_ROOT, 'db/seed/contents');
const GENERATED = 'generated/';

/**
 * Seeds the home tags and the market's first articles and video (db/seed/contents),
 * at every start and in the tests' template database. A content whose code is there
 * unchanged is left alone; the video and its poster are made only when the stored
 * ones are missing (making them costs about a second).
 */
export async function seedContents(db: Database, storage: FileStorage, clock: Clock = systemClock): Promise<PublishOutcome[]> {
  const files = (await fs.readdir(SEED_CONTENT_DIR)).filter((f) => f.endsWith('.md')).sort();
  // Spaced a minute apart in file order, so the last file is the newest and the order never ties.
  const start = clock.now() - files.length * 60_000;
  let index = 0;
  const publisher = new ContentPublisher(db, storage, { now: () => start + index * 60_000 });
  await publisher.repo.saveTags(CONTENT_TAGS);

  let video: Promise<SeedVideo> | undefined;
  const fromFiles = fileAssets(SEED_CONTENT_DIR);
  const load: AssetLoader = async (ref) => {
    if (!ref.startsWith(GENERATED)) return fromFiles(ref);
    const made = await (video ??= makeSeedVideo());
    return ref.endsWith('.webm') ? made.video : made.poster;
  };

  const outcomes: PublishOutcome[] = [];
  for (const [i, file] of files.entries()) {
    index = i;
    const src = parseContentFile(await fs.readFile(path.join(SEED_CONTENT_DIR, file), 'utf8'));
    const existing = await publisher.repo.byCode(src.code);
    // What the seed makes itself stays as stored while its files are there.
    if (existing && src.video?.startsWith(GENERATED) && (await publisher.present(existing.video_url))) src.video = existing.video_url;
    if (existing && src.cover?.startsWith(GENERATED) && (await publisher.present(existing.cover_url))) src.cover = existing.cover_url;
    outcomes.push(await publisher.publish(src, load));
  }
  return outcomes;
}
