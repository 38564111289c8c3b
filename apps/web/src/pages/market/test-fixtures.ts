import {
  BOOK_PATHS,
  CONTENT_PATHS,
  MARKET_PATHS,
  bookPath,
  type FavouriteContent,
  type TemplateDetail,
  type TemplateReview,
  type TemplateSummary,
} from '@cab/contracts/client';
import { ApiError } from '../../api/request.ts';
import type { TemplateCategory } from '../../features/books/queries.ts';

/** The market's catalogue, favourites and reviews as the server answers them, for the market page tests. */
export const CATEGORIES: TemplateCategory[] = [
  {
    category_code: 'life',
    name: '生活',
    name_en: 'Life',
    children: [
      { category_code: 'life-family', name: '家庭共享', name_en: 'Family' },
      { category_code: 'life-travel', name: '出行', name_en: 'Getting around' },
    ],
  },
  {
    category_code: 'business',
    name: '生意',
    name_en: 'Business',
    children: [{ category_code: 'business-shop', name: '小店经营', name_en: 'Small shop' }],
  },
];

export const template = (
  id: string,
  code: string,
  category: string,
  name: string,
  extra: Partial<TemplateSummary> = {},
): TemplateSummary => ({
  id,
  code,
  category_code: category,
  name,
  name_en: `${code} book`,
  description: `${name}的说明`,
  description_en: `About ${code}`,
  cover: `/static/covers/${code}.svg`,
  icon: code,
  currency: 'CNY',
  template_type: '2',
  use_count: 12,
  review_count: 3,
  collected: false,
  ...extra,
});

export const TEMPLATES: TemplateSummary[] = [
  template('1002', 'family', 'life-family', '家庭账本'),
  template('1004', 'travel', 'life-travel', '旅行账本', { use_count: 1, review_count: 1 }),
  template('1003', 'business', 'business-shop', '生意账本'),
];

export const detail = (t: TemplateSummary, extra: Partial<TemplateDetail> = {}): TemplateDetail => ({
  ...t,
  expense_categories: [
    {
      name: '餐饮',
      icon: 'food',
      sub_categories: [
        { name: '买菜', icon: 'food', sub_categories: [] },
        { name: '外出就餐', icon: 'food', sub_categories: [] },
      ],
    },
    { name: '孩子', icon: 'children', sub_categories: [{ name: '学费', icon: 'children', sub_categories: [] }] },
  ],
  income_categories: [{ name: '工资', icon: 'salary', sub_categories: [{ name: '年终奖', icon: 'salary', sub_categories: [] }] }],
  accounts: [
    { group: '现金', name: '现金', type: 'Cash' },
    { group: '网络支付', name: '微信钱包', type: 'Virtual' },
    { group: '网络支付', name: '支付宝', type: 'Virtual' },
  ],
  members: ['爸爸', '妈妈'],
  merchants: [],
  projects: ['教育基金'],
  ...extra,
});

export const review = (id: string, content: string, at: number, extra: Partial<TemplateReview> = {}): TemplateReview => ({
  id,
  template_id: '1002',
  content,
  user: { user_id: `u${id}`, nickname: `用户${id}`, avatar_url: '' },
  created_at: at,
  lastCommentTime: at,
  edited: false,
  mine: false,
  ...extra,
});

export const content = (id: string, type: string, title: string): FavouriteContent => ({
  id,
  contentId: id,
  type,
  content_category: '0',
  title,
  summary: `${title}的摘要`,
  cover_url: '',
  width_height: '16:9',
  width: 16,
  height: 9,
  duration_seconds: 0,
  tags: [],
  author: '编辑部',
  published_at: 1,
  collect_count: 1,
  collected: true,
  isCustomContent: false,
  collected_at: 2,
});

export interface Fake {
  collected: Set<string>;
  /** Reviews, the latest first; pages of `pageSize` after the cursor. */
  reviews: TemplateReview[];
  contents: FavouriteContent[];
  /** Paths that answer 500. */
  fail: Set<string>;
  nextReviewId: number;
}

const withHeart = (f: Fake, t: TemplateSummary): TemplateSummary => ({ ...t, collected: f.collected.has(t.id) });

/** The server's answers, by path. */
export function answer(f: Fake, url: string, o: { data?: Record<string, unknown> } = {}): unknown {
  const path = url.split('?')[0]!;
  if (f.fail.has(path) && path === MARKET_PATHS.templateReview) throw new ApiError(429, 1040, '评价改得太频繁了，请过几分钟再试');
  if (f.fail.has(path)) throw new ApiError(500, 500, '服务器开小差了');
  if (path === BOOK_PATHS.templateCategories) return { data: CATEGORIES };
  if (path === BOOK_PATHS.templates) return { data: TEMPLATES.map((t) => withHeart(f, t)) };
  const list = /\/template\/list\/([a-z-]+)$/.exec(path);
  if (list) {
    const code = list[1]!;
    return {
      data: TEMPLATES.filter((t) => t.category_code === code || t.category_code.startsWith(`${code}-`)).map((t) => withHeart(f, t)),
    };
  }
  if (path === MARKET_PATHS.collectedTemplates)
    return { data: TEMPLATES.filter((t) => f.collected.has(t.id)).map((t) => ({ ...withHeart(f, t), collected_at: 1 })) };
  const collect = /\/template\/(\d+)\/([01])\/collect$/.exec(path);
  if (collect) {
    if (collect[2] === '1') f.collected.add(collect[1]!);
    else f.collected.delete(collect[1]!);
    return { data: { template_id: collect[1], collected: collect[2] === '1' } };
  }
  if (path === MARKET_PATHS.templateReviews) {
    const size = Number(o.data?.pageSize ?? 20);
    const after = o.data?.lastId ? f.reviews.findIndex((r) => r.id === o.data?.lastId) + 1 : 0;
    const page = f.reviews.slice(after, after + size);
    const last = page.at(-1);
    const more = after + size < f.reviews.length;
    return { data: page, paging: { has_more: more, last_comment_time: last?.lastCommentTime ?? null, last_id: last?.id ?? null } };
  }
  if (path === MARKET_PATHS.templateReview) {
    const old = f.reviews.find((r) => r.mine);
    const posted = review(old?.id ?? String(f.nextReviewId++), String(o.data?.content), 9_000_000_000_000, {
      mine: true,
      edited: Boolean(old),
    });
    f.reviews = [posted, ...f.reviews.filter((r) => r.id !== posted.id)];
    return { data: posted };
  }
  if (path === CONTENT_PATHS.favouriteContents) return { data: f.contents, paging: { has_more: false, page: 1, total: f.contents.length } };
  if (path === CONTENT_PATHS.marketSearch) {
    const key = String(o.data?.key_word ?? '');
    return { data: { templates: TEMPLATES.filter((t) => t.name.includes(key)).map((t) => withHeart(f, t)), contents: [] } };
  }
  const one = TEMPLATES.find((t) => path === bookPath(BOOK_PATHS.template, { id: t.id }));
  if (one) return { data: detail(withHeart(f, one), { review_count: f.reviews.length }) };
  if (path.startsWith('/cab-market-ws/market/v1/template/')) throw new ApiError(404, 1063, '模板不存在');
  throw new Error(`unexpected call ${url}`);
}
