import { DEFAULT_GUIDE_CLASSIFICATION, type HomeTag, type MineInfo, type Operation } from '@cab/contracts';
import { AppError } from '../../http/errors.ts';
import type { Clock } from '../../platform/clock.ts';
import type { HomeRepository, HomeTagRow } from './home.repository.ts';
import type { OperationRow, OperationsRepository, Shown } from './operations.repository.ts';

const tag = (r: HomeTagRow): HomeTag => ({ tagCode: r.code, name: r.name, name_en: r.name_en, is_selected: r.is_selected });

/** Only operations on show are ever answered, so `show` is always true. */
const operation = (r: OperationRow): Operation => ({
  id: r.id,
  code: r.code,
  title: r.title,
  text: r.text,
  link: r.link,
  style: r.style,
  image: r.image,
  show: true,
  shareData: r.share_title === null ? null : { title: r.share_title, path: r.share_path ?? '', image: r.share_image ?? '' },
  style_items: r.style_items.map((i) => ({ key: i.key, value: i.value })),
  position: r.position,
});

/** The home page's rules: tags by choice or default, operations on show, guides and popups once per user (docs/market.md). */
export class HomeService {
  constructor(
    private readonly home: HomeRepository,
    private readonly operations: OperationsRepository,
    private readonly clock: Clock,
  ) {}

  private now(): Date {
    return new Date(this.clock.now());
  }

  async tags(userId: string | undefined): Promise<HomeTag[]> {
    return (await this.home.tags(userId)).map(tag);
  }

  async chooseTag(userId: string, tagCode: string, selected: boolean): Promise<HomeTag> {
    const saved = await this.home.choose(userId, tagCode, selected, this.now());
    if (!saved) throw new AppError('content.tagNotFound');
    return tag(saved);
  }

  async infoFlow(): Promise<Operation[]> {
    return (await this.operations.infoFlow(this.now())).map(operation);
  }

  /**
   * A logged-in caller gets what they have not been shown, and it counts as shown. Logged
   * out there is no one to record against: the web keeps what a device has seen.
   */
  private async once(userId: string | undefined, w: Shown): Promise<Operation[]> {
    const rows = userId === undefined ? await this.operations.onShow(w, this.now()) : await this.operations.showOnce(userId, w, this.now());
    return rows.map(operation);
  }

  guides(userId: string | undefined, classification: string | undefined): Promise<Operation[]> {
    return this.once(userId, { placement: 'guide', classification: classification ?? DEFAULT_GUIDE_CLASSIFICATION });
  }

  popups(userId: string | undefined, codes: readonly string[]): Promise<Operation[]> {
    return this.once(userId, { placement: 'popup', codes });
  }

  mineInfo(userId: string): Promise<MineInfo> {
    return this.home.mineInfo(userId, this.now());
  }
}
