import { DEFAULT_SHARE_IMAGE, type Book } from '@cab/contracts';
import type { BookView } from './books.repository.ts';

export function presentBook(v: BookView): Book {
  return {
    id: v.id,
    name: v.name,
    book_name: v.name,
    remark: v.remark,
    icon: v.icon,
    cover: v.cover,
    book_template_id: v.book_template_id ?? '0',
    trading_entity: v.id,
    currency: v.currency,
    member_count: Number(v.member_count),
    creator: { id: v.creator_id },
    user_name: v.creator_name,
    role_list: [{ role_id: v.role_id, role_name: v.role }],
    user_type: v.role === 'owner' ? '1' : '0',
    min_cover_url: v.cover,
    raw_min_cover_url: v.cover,
    // No share image of its own yet: the default one stands in (SPEC 3).
    images_url: [{ image_type: 'share', file_url: DEFAULT_SHARE_IMAGE }],
    created_at: v.created_at.getTime(),
    last_used_at: v.last_used_at ? v.last_used_at.getTime() : null,
    time_zone: v.time_zone,
    date_gap: Number(v.date_gap),
    day_gap: Number(v.day_gap),
  };
}
