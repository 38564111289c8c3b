import fs from 'node:fs/promises';
import path from 'node:path';
import { CONTENT_TYPES } from '@cab/contracts';
import { CONTENT_TAGS } from '../../../db/seed/contents/tags.ts';
import { ContentPublisher, fileAssets, parseContentFile, PublishError } from '../../modules/content/publish.ts';
import { CatalogueRepository } from '../../modules/templates/catalogue.repository.ts';
import { systemClock } from '../../platform/clock.ts';
import { createStorage } from '../../platform/storage-create.ts';
import { CommandFailed, withDatabase, type CliContext, type CommandGroup } from '../kit.ts';
import { printTable } from '../table.ts';

/** The publisher on the server's database and storage; the tags and templates a file may name are there even before the server's first start. */
function withPublisher<T>(ctx: CliContext, fn: (publisher: ContentPublisher) => Promise<T>): Promise<T> {
  return withDatabase(ctx, async ({ db }) => {
    const storage = await createStorage(ctx.config);
    try {
      const publisher = new ContentPublisher(db, storage, systemClock);
      await new CatalogueRepository(db).seed();
      await publisher.repo.saveTags(CONTENT_TAGS);
      return await fn(publisher);
    } finally {
      storage.close();
    }
  });
}

/** An operator's mistake in a file is one line, as any command's failure. */
async function publishing<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    throw err instanceof PublishError ? new CommandFailed(err.message) : err;
  }
}

/** The market's articles and videos (docs/market.md, "Publishing articles and videos"). */
export const content: CommandGroup = {
  name: 'content',
  summary: "the market's articles and videos, published from Markdown files",
  byDefault: 'list',
  notes: 'The file format and its images and videos: docs/market.md, "Publishing articles and videos".',
  subcommands: [
    {
      name: 'list',
      summary: 'every content: id, code, kind, state, times kept, title',
      run: (_args, ctx) =>
        withPublisher(ctx, async (publisher) => {
          const rows = (await publisher.repo.list()).map((c) => [
            c.id,
            c.code,
            c.type === CONTENT_TYPES.video ? 'video' : 'article',
            c.withdrawn_at ? 'withdrawn' : c.published_at ? `published ${new Date(c.published_at).toISOString()}` : 'draft',
            String(c.collect_count),
            c.title,
          ]);
          printTable(ctx.out, ['id', 'code', 'kind', 'state', 'kept', 'title'], rows, 'no contents');
        }),
    },
    {
      name: 'publish',
      args: '<file.md>',
      summary: "create, or update by the file's code (and put back on the market)",
      run: async ([file], ctx) => {
        const full = path.resolve(ctx.cwd, file!);
        const text = await fs.readFile(full, 'utf8').catch(() => {
          throw new CommandFailed(`cannot read ${file}`);
        });
        await withPublisher(ctx, async (publisher) => {
          const done = await publishing(() => publisher.publish(parseContentFile(text), fileAssets(path.dirname(full))));
          ctx.out(`${done.status} ${done.code} (id ${done.id})`);
        });
      },
    },
    {
      name: 'withdraw',
      args: '<code>',
      summary: 'take it off the market (publish again to bring it back)',
      run: ([code], ctx) =>
        withPublisher(ctx, async (publisher) => {
          if (!(await publishing(() => publisher.withdraw(code!)))) {
            throw new CommandFailed(`no content on the market has the code ${code}`);
          }
          ctx.out(`withdrew ${code}`);
        }),
    },
  ],
};
