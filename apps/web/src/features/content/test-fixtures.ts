import type { ContentDetail, ContentSummary, HomeTag, Operation } from '@cab/contracts/client';

/** Content, tags and operations as the server answers them, for the content area's tests. */
export function summary(id: string, over: Partial<ContentSummary> = {}): ContentSummary {
  return {
    id,
    contentId: id,
    type: '0',
    content_category: '0',
    title: `文章${id}`,
    summary: `摘要${id}`,
    cover_url: `/files/content/${id}.webp`,
    width_height: '16:9',
    width: 16,
    height: 9,
    duration_seconds: 0,
    tags: [{ tag_code: 'family', name: '家庭', name_en: 'Family' }],
    author: 'CAB 记账课堂',
    published_at: Date.UTC(2026, 7, 15),
    collect_count: 3,
    collected: false,
    isCustomContent: false,
    ...over,
  };
}

export function detail(id: string, over: Partial<ContentSummary> = {}, body: Partial<ContentDetail['contentDetail']> = {}): ContentDetail {
  return {
    ...summary(id, over),
    contentDetail: { body_html: '<p>正文</p>', video_url: '', trading_entity: '', template: null, ...body },
  };
}

export function operation(code: string, position: number, over: Partial<Operation> = {}): Operation {
  return {
    id: `op-${code}`,
    code,
    title: `运营${code}`,
    text: `说明${code}`,
    link: 'pages/market/index',
    style: 'card',
    image: '',
    show: true,
    shareData: null,
    style_items: [],
    position,
    ...over,
  };
}

export const TAGS: HomeTag[] = [
  { tagCode: 'family', name: '家庭', name_en: 'Family', is_selected: true },
  { tagCode: 'budget', name: '预算', name_en: 'Budget', is_selected: true },
  { tagCode: 'business', name: '生意', name_en: 'Business', is_selected: false },
];
