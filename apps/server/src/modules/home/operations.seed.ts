import type { OperationInput } from './operation-input.ts';

/**
 * The operations a new installation starts with (docs/market.md, "Home tags and
 * operations"). Seeded by code and only when the code is new: an operator's later edits
 * and withdrawals (npm run cab -- operations) survive restarts. Each says only what the product
 * does today; English texts ride in the style items `title_en` and `text_en`.
 */
export const SEED_OPERATIONS: readonly OperationInput[] = [
  {
    code: 'inviteFamily',
    placement: 'infoFlow',
    title: '邀请家人一起记账',
    text: '在「账本」页打开一个账本的菜单，选择邀请成员，发出链接或邀请码；家人加入后，每个人记的账都在同一个账本里。',
    link: 'pages/book/index',
    image: '/static/covers/cover-2.svg',
    shareData: { title: '一起用 CAB 记账吧', path: 'pages/home/index', image: '/static/share/default-share.svg' },
    style_items: [
      { key: 'title_en', value: 'Keep the books with your family' },
      {
        key: 'text_en',
        value:
          "On the Books page open a book's menu and choose to invite members, then send the link or the code; once your family joins, everyone records into the same book.",
      },
    ],
    position: 0,
  },
  {
    code: 'templateMarket',
    placement: 'infoFlow',
    title: '从模板开始一个账本',
    text: '模板市场里有日常、家庭、生意、旅行、装修、宝宝、婚礼人情和汽车账本，选一个就带好了分类和账户。',
    link: 'pages/market/index',
    image: '/static/covers/cover-5.svg',
    style_items: [
      { key: 'title_en', value: 'Start a book from a template' },
      {
        key: 'text_en',
        value:
          'The template market has books for everyday spending, the family, a business, travel, renovation, a baby, a wedding and a car, each with its categories and accounts ready.',
      },
    ],
    position: 1,
  },
  {
    code: 'obtainXbIntro',
    placement: 'guide',
    classification: 'obtainXb',
    title: '怎样获得香蕉贝',
    text: '香蕉贝是 CAB 的虚拟币，用来购买云空间、付费角色和高级功能。香蕉贝通过充值获得，充值页面还在建设中，开放后就能在「香蕉贝」页面充值。',
    link: 'bookSetting/pages/bananashell',
    style_items: [
      { key: 'title_en', value: 'How to get banana shells' },
      {
        key: 'text_en',
        value:
          "Banana shells are CAB's virtual currency for cloud space, paid roles and premium features. You get them by topping up; the top-up page is still being built, and once it opens you can top up on the banana shell page.",
      },
    ],
  },
  {
    code: 'homeWelcome',
    placement: 'popup',
    title: '欢迎来到 CAB',
    text: '从模板建一个账本，记下第一笔账；也可以邀请家人朋友一起记。',
    link: 'pages/market/index',
    style_items: [
      { key: 'title_en', value: 'Welcome to CAB' },
      {
        key: 'text_en',
        value: 'Create a book from a template and record your first entry, or invite family and friends to keep it with you.',
      },
    ],
  },
];
