import { type ShareApply, type ShareBooks, type ShareRelation, type ShareStateInfo } from '@cab/contracts';
import { AppError } from '../../http/errors.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Database } from '../../platform/db/index.ts';
import type { NewMessage, Notifier } from '../messages/notify.ts';
import type { ShareRepository, ShareView } from './share.repository.ts';
import type { SpaceRepository } from './space.repository.ts';
import type { SpaceService } from './space.service.ts';

const MB = 1024 * 1024;
const mb = (bytes: number) => (bytes / MB).toFixed(2);

const present = (s: ShareView): ShareApply => ({
  id: s.id,
  main_book: { id: s.main_book_id, name: s.main_book_name },
  book: { id: s.book_id, name: s.book_name },
  status: s.status,
  applicant_name: s.applicant_name,
  created_at: s.created_at.getTime(),
  decided_at: s.decided_at ? s.decided_at.getTime() : null,
});

/** Whether a user is a member of a book (the membership lookup of the book pipeline). */
export type IsMember = (userId: string, bookId: string) => Promise<boolean>;

/**
 * Books sharing one main book's rented space (docs/cloud.md, "Sharing space between
 * books"). A book applies from its own side, the main book's side agrees or rejects, and
 * either side unties. Every change locks both books' rows (the uploads' space lock), so an
 * upload is checked against the relation as it stands.
 */
export class ShareService {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly repo: ShareRepository,
    private readonly spaceRepo: SpaceRepository,
    private readonly space: SpaceService,
    private readonly notifier: Notifier,
    private readonly isMember: IsMember,
  ) {}

  private now(): Date {
    return new Date(this.clock.now());
  }

  async state(bookId: string): Promise<ShareStateInfo> {
    const open = await this.repo.openOf(this.db, bookId);
    if (open)
      return {
        state: open.status === 'active' ? 'sharing' : 'applied',
        main_book: { id: open.main_book_id, name: open.main_book_name },
        apply_id: open.id,
        sharing_count: 0,
      };
    const n = await this.repo.countActive(this.db, bookId);
    return { state: n > 0 ? 'main' : 'alone', main_book: null, apply_id: null, sharing_count: n };
  }

  async books(userId: string, bookId: string): Promise<ShareBooks> {
    const [sharing, applications, open, state] = await Promise.all([
      this.repo.ofMain(this.db, bookId, 'active'),
      this.repo.ofMain(this.db, bookId, 'applied'),
      this.repo.openOf(this.db, bookId),
      this.repo.countActive(this.db, bookId),
    ]);
    const alone = !open && state === 0;
    const candidates = alone ? await this.repo.candidates(this.db, userId, bookId, this.now()) : [];
    return {
      sharing: sharing.map(present),
      applications: applications.map(present),
      can_apply: candidates.map((c) => ({ id: c.id, name: c.name, rented_mb: Number(c.rented_mb) })),
    };
  }

  /** PUT main-book/apply: `bookId` (the caller's, under permission 13) asks to share `mainBookId`'s space. */
  async apply(userId: string, bookId: string, mainBookId: string): Promise<ShareApply> {
    if (mainBookId === bookId) throw new AppError('cloud.shareSelf');
    // Another user's book, or one that does not exist, reads alike: not found.
    if (!(await this.isMember(userId, mainBookId))) throw new AppError('book.notFound');
    const id = await this.db.transaction().execute(async (tx) => {
      await this.spaceRepo.lockBooks(tx, [bookId, mainBookId]);
      if (await this.repo.openOf(tx, bookId)) throw new AppError('cloud.shareExists');
      if ((await this.repo.countActive(tx, bookId)) > 0) throw new AppError('cloud.shareMainBusy');
      if (await this.repo.openOf(tx, mainBookId)) throw new AppError('cloud.shareTargetSharing');
      const now = this.now();
      if ((await this.spaceRepo.rentedMb(tx, [mainBookId], now)) === 0) throw new AppError('cloud.shareNoSpace');
      const id = await this.repo.insert(tx, { mainBookId, bookId, applicantId: userId, at: now });
      const row = await this.mustFind(tx, id);
      await this.tell(tx, row, 'share.applied', [await this.spaceRepo.ownerOf(tx, mainBookId)], userId);
      return id;
    });
    return present(await this.mustFind(this.db, id));
  }

  /** agree / reject, by the main book's side (`mainBookId`, under permission 13). */
  async decide(userId: string, mainBookId: string, id: string, to: 'active' | 'rejected'): Promise<ShareApply> {
    await this.db.transaction().execute(async (tx) => {
      const row = await this.repo.byId(tx, id);
      if (row?.main_book_id !== mainBookId || row.status !== 'applied') throw new AppError('cloud.applyNotFound');
      await this.spaceRepo.lockBooks(tx, [row.main_book_id, row.book_id]);
      // The main book may have gone to share another's space since the application.
      if (to === 'active' && (await this.repo.openOf(tx, mainBookId))) throw new AppError('cloud.shareMainBusy');
      if (!(await this.repo.decide(tx, { id, mainBookId, to, by: userId, at: this.now() }))) throw new AppError('cloud.applyNotFound');
      const owner = await this.spaceRepo.ownerOf(tx, row.book_id);
      await this.tell(tx, row, to === 'active' ? 'share.agreed' : 'share.rejected', [row.applicant_id, owner], userId);
    });
    return present(await this.mustFind(this.db, id));
  }

  /**
   * untie: a sharing book ends its relation (or withdraws its application); a main book
   * names the book it lets go. Each book is back on its own space; no image is touched.
   */
  async untie(userId: string, bookId: string, otherBookId: string | undefined): Promise<ShareApply> {
    const sharingBookId = otherBookId ?? bookId;
    const id = await this.db.transaction().execute(async (tx) => {
      const row = await this.repo.openOf(tx, sharingBookId);
      const mine = row && (sharingBookId === bookId || row.main_book_id === bookId);
      if (!row || !mine || (row.status === 'applied' && sharingBookId !== bookId)) throw new AppError('cloud.notTied');
      await this.spaceRepo.lockBooks(tx, [row.main_book_id, row.book_id]);
      if (!(await this.repo.untie(tx, { id: row.id, by: userId, at: this.now() }))) throw new AppError('cloud.notTied');
      if (row.status === 'active') {
        const owners = await Promise.all([this.spaceRepo.ownerOf(tx, row.main_book_id), this.spaceRepo.ownerOf(tx, row.book_id)]);
        await this.tell(tx, row, 'share.untied', owners, userId);
      }
      return row.id;
    });
    return present(await this.mustFind(this.db, id));
  }

  /** The relation the book is in (null: none): its books, what each uses, and the space pooled. */
  async relation(bookId: string): Promise<ShareRelation | null> {
    const space = await this.space.of(this.db, bookId);
    if (space.bookIds.length < 2) return null;
    const [open, each] = await Promise.all([
      this.repo.ofMain(this.db, space.mainBookId, 'active'),
      this.spaceRepo.usedBytesEach(this.db, space.bookIds),
    ]);
    const first = open[0];
    const mainName = first?.main_book_name ?? '';
    return {
      main_book: { id: space.mainBookId, name: mainName },
      books: [
        { id: space.mainBookId, name: mainName, main: true, used: mb(each.get(space.mainBookId) ?? 0) },
        ...open.map((s) => ({ id: s.book_id, name: s.book_name, main: false, used: mb(each.get(s.book_id) ?? 0) })),
      ],
      used: mb(space.usedBytes),
      total: mb(space.totalBytes),
    };
  }

  private async mustFind(db: Database, id: string): Promise<ShareView> {
    const row = await this.repo.byId(db, id);
    if (!row) throw new Error(`share ${id} vanished`);
    return row;
  }

  /** Tells these users, but not the one who acted, in `tx`. */
  private async tell(
    tx: Database,
    row: ShareView,
    kind: NewMessage['kind'],
    to: ReadonlyArray<string | undefined>,
    actor: string,
  ): Promise<void> {
    const users = [...new Set(to.filter((u): u is string => u !== undefined && u !== actor))];
    const link =
      kind === 'share.applied'
        ? `cloud/pages/apply?bookId=${row.main_book_id}&applyId=${row.id}`
        : `cloud/pages/sharingManagement?bookId=${row.book_id}`;
    await this.notifier.notify(
      tx,
      users.map((userId) => ({
        userId,
        bookId: kind === 'share.applied' ? row.main_book_id : row.book_id,
        kind,
        params: { nickname: row.applicant_name, applicantBook: row.book_name, bookName: row.main_book_name },
        link,
      })),
    );
  }
}
