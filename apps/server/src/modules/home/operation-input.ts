import { MESSAGES, Text, isMessageKey, renderText } from '@cab/contracts';
import { z } from 'zod';

/**
 * Every page route of SPEC section 2 (`SPEC_ROUTES` of @cab/contracts/spec): an operation
 * may only send people to a page the web app registers (operations.test.ts compares).
 */
export const PAGE_ROUTES: ReadonlySet<string> = new Set([
  'pages/home/index',
  'pages/book/index',
  'pages/market/index',
  'pages/mine/index',
  'pages/market/detail',
  'subPackages/accounting/index',
  'accounting/pages/image-preview',
  'accounting/pages/search-account',
  'accounting/pages/search-category',
  'accounting/pages/search-member',
  'accounting/pages/search-merchant',
  'accounting/pages/search-project',
  'flow/index',
  'flow/pages/account-flow',
  'flow/pages/category-flow',
  'flow/pages/group-flow',
  'flow/pages/search-flow-detail',
  'flow/pages/search-flow-guide',
  'flow/pages/edit-exclusive',
  'budget/index',
  'budget/children',
  'bookSetting/index',
  'bookSetting/pages/payfail',
  'bookSetting/pages/paysuccess',
  'bookSetting/pages/processing',
  'bookSetting/pages/bananashell',
  'bookSetting/pages/law',
  'roleSetting/index',
  'roleSetting/pages/role-management',
  'roleSetting/pages/role-info',
  'roleSetting/pages/role-detail-info',
  'defaultInviteSetting/index',
  'categoryLabels/index',
  'trade/pages/record',
  'trade/pages/result',
  'trade/pages/recharge-guide',
  'cloud/index',
  'cloud/pages/agreement',
  'cloud/pages/apply',
  'cloud/pages/exclusive',
  'cloud/pages/introduce',
  'cloud/pages/result',
  'cloud/pages/rule',
  'cloud/pages/sharingManagement',
  'cloudEnv/index',
  'invitation/index',
  'community/list',
  'community/detail',
  'community/post',
  'messageCenter/list',
  'messageCenter/secondList',
  'messageCenter/messageDetail',
  'messageCenter/toReport',
  'search/pages/global-search',
  'search/pages/my-book-search',
  'search/pages/book-search',
  'bookDetail/pages/book-detail',
  'bookDetail/pages/book-video',
  'private/index',
  'private/pages/off-line',
  'accountLogin/index',
  'bindPhone/index',
  'personalInfo/index',
  'favorite/index',
  'share/index',
  'preview/index',
  'updateApp/index',
  'aboutUs/index',
  'loading/index',
  'dashboard/index',
  'webview/customer-service',
  'webview/follow',
  'webview/open',
  'choose-location',
  'open-location',
]);

const QUERY = /^[A-Za-z0-9_.~%=&-]*$/;

/** A page route, optionally with a plain query ('pages/market/detail?id=1007'). */
export function isPageRoute(v: string): boolean {
  const [route = '', query] = v.split(/\?(.*)/s);
  return PAGE_ROUTES.has(route) && (query === undefined || QUERY.test(query));
}

function isHttps(v: string): boolean {
  if (!URL.canParse(v)) return false;
  const url = new URL(v);
  return url.protocol === 'https:' && !url.username && !url.password;
}

/** Files the server itself serves; no climbing out of them. */
const OWN_FILE = /^\/(static|files)\/(?!.*\.\.)[A-Za-z0-9._/-]+$/;

const Link = z
  .string()
  .max(500)
  .refine((v) => v === '' || isPageRoute(v) || isHttps(v), 'must be a page route of SPEC section 2 or an https address');
const Image = z
  .string()
  .max(500)
  .refine((v) => v === '' || OWN_FILE.test(v) || isHttps(v), 'must be a /static/ or /files/ path or an https address');
const Code = z.string().regex(/^[A-Za-z0-9_-]{1,40}$/, 'letters, digits, _ and -, at most 40');
const When = z.iso
  .datetime({ offset: true })
  .nullable()
  .default(null)
  .transform((v) => (v === null ? null : new Date(v)));

const STYLE_OF = { infoFlow: 'card', guide: 'guide', popup: 'popup' } as const;

/**
 * One operation as an operator writes it (npm run cab -- operations publish <file.json>, and
 * the seed). English texts travel as style items `title_en` and `text_en`.
 */
export const OperationInput = z
  .object({
    code: Code,
    placement: z.enum(['infoFlow', 'guide', 'popup']),
    /** The guide's classification (SPEC 7: 'obtainXb' by default); only guides have one. */
    classification: Code.optional(),
    title: Text(40, { min: 1 }),
    text: Text(500, { multiline: true }).default(''),
    link: Link.default(''),
    style: z.enum(['banner', 'card', 'guide', 'popup']).optional(),
    image: Image.default(''),
    shareData: z
      .object({
        title: Text(40, { min: 1 }),
        path: z.string().refine(isPageRoute, 'must be a page route of SPEC section 2'),
        image: Image.default(''),
      })
      .strict()
      .nullable()
      .default(null),
    style_items: z
      .array(z.object({ key: Code, value: Text(500, { multiline: true }) }).strict())
      .max(20)
      .default([]),
    position: z.number().int().min(0).max(9999).default(0),
    starts_at: When,
    ends_at: When,
  })
  .strict()
  .superRefine((o, ctx) => {
    if (o.placement === 'guide' && !o.classification) {
      ctx.addIssue({ code: 'custom', path: ['classification'], message: 'a guide needs a classification' });
    }
    if (o.placement !== 'guide' && o.classification) {
      ctx.addIssue({ code: 'custom', path: ['classification'], message: 'only a guide has a classification' });
    }
    if (o.starts_at && o.ends_at && o.ends_at <= o.starts_at) {
      ctx.addIssue({ code: 'custom', path: ['ends_at'], message: 'must be after starts_at' });
    }
  })
  .transform((o) => ({ ...o, classification: o.classification ?? '', style: o.style ?? STYLE_OF[o.placement] }));
export type OperationInput = z.input<typeof OperationInput>;
export type OperationSpec = z.output<typeof OperationInput>;

/** The issues of a refused input, one a line, for the operator (the text rules name message keys). */
export function describeIssues(err: z.ZodError): string {
  const say = (m: string) => (isMessageKey(m) ? renderText(MESSAGES[m], 'en', { field: 'the text' }) : m);
  return err.issues.map((i) => `  ${i.path.join('.') || '(file)'}: ${say(i.message)}`).join('\n');
}
