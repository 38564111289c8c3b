import { z } from 'zod';
import { Id, Name, Text } from './common.ts';
import { BOOK_ICONS, BOOK_NAME_MAX, BOOK_REMARK_MAX } from './constants.ts';
import { DATE_GAP_MAX, DATE_GAP_MIN, DAY_GAP_MAX, DAY_GAP_MIN } from './statistics-rules.ts';
import type { MessageKey } from './messages.ts';

export const BookName = Name(BOOK_NAME_MAX);
export const BookRemark = Text(BOOK_REMARK_MAX, { multiline: true });
/** One of the web's SVG icons (BOOK_ICONS), never an emoji. */
export const BookIcon = z.enum(BOOK_ICONS);
/** A cover is one of the cover materials or an uploaded file: CAB's own addresses, never climbing out of them. */
export const BookCover = z
  .string()
  .regex(/^\/(static\/covers|files)\/(?!.*\.\.)[A-Za-z0-9/_.-]+$/, 'must be a cover material or an uploaded image');

/** An IANA time zone name (Asia/Shanghai): the zone a book's reports follow. */
export const TimeZoneName = z
  .string()
  .max(64)
  .refine((tz) => {
    try {
      return (
        new Intl.DateTimeFormat('en-US', { timeZone: tz }).resolvedOptions().timeZone.length > 0 &&
        /^[A-Za-z_]+(\/[A-Za-z0-9_+-]+)*$/.test(tz)
      );
    } catch {
      return false;
    }
  }, 'statistics.timeZoneUnknown' satisfies MessageKey);
/** The day a book's month starts (SPEC 9: dateGap) and the weekday its week starts (dayGap, 1 Monday ... 7 Sunday). */
export const DateGap = z.number().int().min(DATE_GAP_MIN).max(DATE_GAP_MAX);
export const DayGap = z.number().int().min(DAY_GAP_MIN).max(DAY_GAP_MAX);

/** The kind of the caller's role in a book: a seeded role, or one a role editor made. */
export const BookRole = z.enum(['owner', 'admin', 'bookkeeper', 'viewer', 'custom']);
export type BookRole = z.infer<typeof BookRole>;

/** A book as every list and detail answers it (SPEC 3). */
export const Book = z.object({
  id: z.string(),
  name: z.string(),
  book_name: z.string(),
  remark: z.string(),
  icon: z.string(),
  cover: z.string(),
  book_template_id: z.string(),
  trading_entity: z.string(),
  currency: z.string(),
  member_count: z.number().int(),
  creator: z.object({ id: z.string() }),
  user_name: z.string(),
  /** The caller's role: role_name is its kind ('owner' marks owned books, SPEC 3). */
  role_list: z.array(z.object({ role_id: z.string(), role_name: BookRole })),
  /** '1' when the caller owns the book. */
  user_type: z.enum(['0', '1']),
  min_cover_url: z.string(),
  raw_min_cover_url: z.string(),
  images_url: z.array(z.object({ image_type: z.literal('share'), file_url: z.string() })),
  created_at: z.number().int(),
  last_used_at: z.number().int().nullable(),
  /** Reports follow these (SPEC 9): the book's time zone, month start (dateGap) and week start (dayGap). */
  time_zone: z.string(),
  date_gap: z.number().int(),
  day_gap: z.number().int(),
});
export type Book = z.infer<typeof Book>;

export const CloudBookListResponse = z.object({ cloud_book_list: z.array(Book) });
export const BookListResponse = z.object({ data: z.array(Book) });
export const BookResponse = z.object({ data: Book });

export const CreateBookRequest = z.object({
  id: Id.describe('template id'),
  name: BookName.optional(),
  currency: z
    .string()
    .regex(/^[A-Z]{3}$/)
    .optional(),
});
export type CreateBookRequest = z.input<typeof CreateBookRequest>;
export const UpdateBookRequest = z
  .object({
    name: BookName.optional(),
    remark: BookRemark.optional(),
    icon: BookIcon.optional(),
    cover: BookCover.optional(),
    time_zone: TimeZoneName.optional(),
    date_gap: DateGap.optional(),
    day_gap: DayGap.optional(),
  })
  // The message is a catalogue key: the server names it in the caller's language.
  .refine((v) => Object.values(v).some((x) => x !== undefined), 'validation.nothingToUpdate' satisfies MessageKey);
export type UpdateBookRequest = z.input<typeof UpdateBookRequest>;
export const BookIdBody = z.object({ id: Id });
export const BookIdParams = z.object({ id: Id });
export const BookQuery = z.object({ id: Id.optional() });

export const BookExtRequest = z.object({ ids: z.array(Id).min(1).max(200) });
export const BookExt = z.object({
  id: z.string(),
  member_count: z.number().int(),
  role: BookRole,
  joined_at: z.number().int(),
  last_used_at: z.number().int().nullable(),
  category_count: z.number().int(),
  account_count: z.number().int(),
});
export const BookExtResponse = z.object({ data: z.array(BookExt) });

export const UserInfoLookupRequest = z.object({ user_ids: z.array(Id).min(1).max(200) });
export const PublicUser = z.object({ id: z.string(), nickname: z.string(), avatar_url: z.string() });
export const UserInfoLookupResponse = z.object({ data: z.array(PublicUser) });

export const CurrentBookInfoResponse = z.object({ data: z.object({ bookId: z.string(), storeId: z.string(), book: Book }) });

export const DeletedBook = z.object({ id: z.string(), name: z.string(), deleted_at: z.number().int(), purge_after: z.number().int() });
export const DeletedBookListResponse = z.object({ data: z.array(DeletedBook) });

export const CoverMaterial = z.object({ id: z.string(), name: z.string(), url: z.string(), min_url: z.string() });
export const CoverMaterialsResponse = z.object({ data: z.array(CoverMaterial) });

export const PreferenceKey = z.string().regex(/^[A-Za-z0-9_.-]{1,64}$/, 'letters, digits, dot, dash and underscore, at most 64');
export const PreferenceConfig = z.object({ key: PreferenceKey, value: Text(2000, { multiline: true }) });
export const PreferenceQuery = z.object({ keys: Text(2000).optional() });
export const PatchPreferenceRequest = z.object({
  configs: z.array(PreferenceConfig).min(1).max(50),
  level: z.enum(['user', 'book']).optional(),
});
export const PreferenceResponse = z.object({ data: z.array(PreferenceConfig) });
export const PreferenceLevelResponse = z.object({ data: z.object({ user: z.array(PreferenceConfig), book: z.array(PreferenceConfig) }) });

export const TemplateCategory = z.object({
  category_code: z.string(),
  name: z.string(),
  name_en: z.string(),
  children: z.array(z.object({ category_code: z.string(), name: z.string(), name_en: z.string() })),
});
export const TemplateCategoriesResponse = z.object({ data: z.array(TemplateCategory) });
export const TemplateSummary = z.object({
  id: z.string(),
  code: z.string(),
  category_code: z.string(),
  name: z.string(),
  name_en: z.string(),
  description: z.string(),
  description_en: z.string(),
  cover: z.string(),
  icon: z.string(),
  currency: z.string(),
  template_type: z.string(),
  use_count: z.number().int(),
  /** Reviews of the template (issue 13). */
  review_count: z.number().int(),
  /** Whether the caller keeps it in their favourites (false when not signed in). */
  collected: z.boolean(),
});
export type TemplateSummary = z.infer<typeof TemplateSummary>;
export const TemplateListResponse = z.object({ data: z.array(TemplateSummary) });
export const TemplateCategoryNode: z.ZodType<{
  name: string;
  icon: string;
  sub_categories: Array<{ name: string; icon: string; sub_categories: unknown[] }>;
}> = z.object({
  name: z.string(),
  icon: z.string(),
  sub_categories: z.array(z.object({ name: z.string(), icon: z.string(), sub_categories: z.array(z.unknown()) })),
});
export const TemplateDetail = TemplateSummary.extend({
  expense_categories: z.array(TemplateCategoryNode),
  income_categories: z.array(TemplateCategoryNode),
  accounts: z.array(z.object({ group: z.string(), name: z.string(), type: z.string() })),
  members: z.array(z.string()),
  merchants: z.array(z.string()),
  projects: z.array(z.string()),
});
export type TemplateDetail = z.infer<typeof TemplateDetail>;
export const TemplateDetailResponse = z.object({ data: TemplateDetail });
export const CategoryCodeParams = z.object({ category_code: z.string().regex(/^[a-z0-9-]{1,40}$/) });
