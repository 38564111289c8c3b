import { DEFAULT_BOOK_PREFERENCE } from '@cab/contracts';
import { AppError } from '../../http/errors.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Database } from '../../platform/db/index.ts';
import type { BooksService } from './books.service.ts';
import { USER_LEVEL, type PreferencesRepository } from './preferences.repository.ts';

type Config = { key: string; value: string };

/** Key/value preferences, user-wide or for one book (the Trading-Entity). */
export class PreferencesService {
  constructor(
    private readonly db: Database,
    private readonly repo: PreferencesRepository,
    private readonly books: BooksService,
    private readonly clock: Clock,
  ) {}

  get(userId: string, keys: string[] | undefined): Promise<Config[]> {
    return this.repo.list(userId, USER_LEVEL, keys);
  }

  async patch(userId: string, configs: Config[], level: 'user' | 'book', bookId: string | undefined): Promise<Config[]> {
    let scope = USER_LEVEL;
    if (level === 'book') {
      if (!bookId) throw new AppError('book.preferenceNeedsBook');
      await this.books.view(userId, bookId);
      scope = bookId;
    }
    const chosen = configs.find((c) => c.key === DEFAULT_BOOK_PREFERENCE);
    // The default book must be one the user can open.
    if (chosen) await this.books.view(userId, chosen.value);
    await this.db.transaction().execute((tx) => this.repo.upsert(tx, userId, scope, configs, new Date(this.clock.now())));
    return this.repo.list(
      userId,
      scope,
      configs.map((c) => c.key),
    );
  }

  async levels(userId: string, bookId: string | undefined): Promise<{ user: Config[]; book: Config[] }> {
    const user = await this.repo.list(userId, USER_LEVEL);
    if (!bookId) return { user, book: [] };
    await this.books.view(userId, bookId);
    return { user, book: await this.repo.list(userId, bookId) };
  }
}
