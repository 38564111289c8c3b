import type { BookIconName, CategoryIconName } from '@cab/contracts';
import { NAMES_EN, type SeedName } from './template-names-en.ts';

/**
 * The template catalogue seeded at start-up. Each template's trees are copied into a
 * book created from it. Categories: [name, icon, [second-level names]]; the icon is one
 * of CATEGORY_ICONS (an SVG icon of the web app, never an emoji), and the second level
 * takes its parent's. Names are Chinese; each has an English one in NAMES_EN (the type
 * SeedName makes sure of it), and a book takes the names in its creator's language.
 */
export type CategorySeed = [name: SeedName, icon: CategoryIconName, subs: SeedName[]];
export type AccountSeed = [group: SeedName, name: SeedName, type: string];

export interface TemplateContent {
  expense: CategorySeed[];
  income: CategorySeed[];
  accounts: AccountSeed[];
  members: SeedName[];
  merchants: SeedName[];
  projects: SeedName[];
}

/**
 * The content as book_templates.content stores it: the trees, plus the English name of
 * every name in them, for books created in English.
 */
export interface StoredTemplateContent extends TemplateContent {
  names_en?: Partial<Record<string, string>>;
}

/** Every name of a template's content, each once. */
export function contentNames(c: TemplateContent): SeedName[] {
  const names = [
    ...[...c.expense, ...c.income].flatMap(([name, , subs]) => [name, ...subs]),
    ...c.accounts.flatMap(([group, name]) => [group, name]),
    ...c.members,
    ...c.merchants,
    ...c.projects,
  ];
  return [...new Set(names)];
}

/** A template's content with the English names it needs, as the seed stores it. */
export function storedContent(c: TemplateContent): StoredTemplateContent {
  return { ...c, names_en: Object.fromEntries(contentNames(c).map((name) => [name, NAMES_EN[name]])) };
}

export interface TemplateSeed {
  id: number;
  code: string;
  category: string;
  name: string;
  name_en: string;
  description: string;
  description_en: string;
  /** One of BOOK_ICONS (an SVG icon of the web app), never an emoji. */
  icon: BookIconName;
  cover: string;
  content: TemplateContent;
}

export const TEMPLATE_CATEGORIES: Array<{ code: string; parent: string | null; name: string; name_en: string; sort: number }> = [
  { code: 'life', parent: null, name: '生活', name_en: 'Life', sort: 1 },
  { code: 'business', parent: null, name: '生意', name_en: 'Business', sort: 2 },
  { code: 'life-daily', parent: 'life', name: '日常记账', name_en: 'Everyday', sort: 1 },
  { code: 'life-family', parent: 'life', name: '家庭共享', name_en: 'Family', sort: 2 },
  { code: 'life-events', parent: 'life', name: '人生大事', name_en: 'Life events', sort: 3 },
  { code: 'life-travel', parent: 'life', name: '出行', name_en: 'Getting around', sort: 4 },
  { code: 'business-shop', parent: 'business', name: '小店经营', name_en: 'Small shop', sort: 1 },
];

const CASH: AccountSeed[] = [
  ['现金', '现金', 'Cash'],
  ['网络支付', '微信钱包', 'Virtual'],
  ['网络支付', '支付宝', 'Virtual'],
  ['储蓄卡', '银行卡', 'DebitCard'],
  ['信用卡', '信用卡', 'CreditCard'],
];

const DAILY_EXPENSE: CategorySeed[] = [
  ['餐饮', 'food', ['早餐', '午餐', '晚餐', '夜宵', '饮料水果', '零食']],
  ['购物', 'shopping', ['日用品', '服饰', '数码', '化妆护肤', '家居']],
  ['交通', 'transport', ['公交地铁', '打车', '加油', '停车', '火车飞机']],
  ['居住', 'home', ['房租', '水电燃气', '物业', '网费话费']],
  ['娱乐', 'entertainment', ['电影演出', '游戏', '运动健身', '旅游']],
  ['医疗', 'medical', ['药品', '门诊', '保健']],
  ['学习', 'education', ['书籍', '课程', '培训']],
  ['人情', 'red-envelope', ['红包', '礼物', '请客']],
];
const DAILY_INCOME: CategorySeed[] = [
  ['工资', 'salary', ['基本工资', '奖金', '加班费']],
  ['理财', 'investment', ['利息', '基金股票', '分红']],
  ['其他收入', 'gift', ['红包', '报销', '兼职', '二手转让']],
];

export const TEMPLATES: TemplateSeed[] = [
  {
    id: 1001,
    code: 'daily',
    category: 'life-daily',
    name: '日常账本',
    name_en: 'Everyday book',
    icon: 'book',
    cover: '/static/covers/cover-1.svg',
    description: '个人日常收支，一目了然。',
    description_en: 'Personal income and spending at a glance.',
    content: {
      expense: DAILY_EXPENSE,
      income: DAILY_INCOME,
      accounts: CASH,
      members: [],
      merchants: ['超市', '便利店', '菜市场', '外卖平台'],
      projects: [],
    },
  },
  {
    id: 1002,
    code: 'family',
    category: 'life-family',
    name: '家庭账本',
    name_en: 'Family book',
    icon: 'family',
    cover: '/static/covers/cover-2.svg',
    description: '全家一起记账，每笔开销清清楚楚。',
    description_en: 'The whole family records together; every expense is clear.',
    content: {
      expense: [
        ['餐饮', 'food', ['买菜', '外出就餐', '水果零食']],
        ['居家', 'home', ['房贷房租', '水电燃气', '物业费', '家电家具', '日用品']],
        ['孩子', 'children', ['学费', '兴趣班', '玩具', '衣物']],
        ['老人', 'elderly', ['赡养费', '医疗', '礼物']],
        ['交通', 'car', ['加油', '停车', '公共交通', '车险保养']],
        ['医疗', 'medical', ['看病', '药品', '体检']],
        ['人情', 'red-envelope', ['份子钱', '节日红包', '请客送礼']],
        ['娱乐', 'entertainment', ['旅游', '电影', '外出游玩']],
      ],
      income: [
        ['工资', 'salary', ['爸爸工资', '妈妈工资', '年终奖']],
        ['理财', 'investment', ['利息', '基金', '房租收入']],
        ['其他', 'gift', ['红包', '报销']],
      ],
      accounts: [...CASH, ['储蓄卡', '家庭储蓄', 'DebitCard']],
      members: ['爸爸', '妈妈', '孩子', '爷爷奶奶'],
      merchants: ['超市', '菜市场', '网购'],
      projects: ['日常开支', '教育基金', '旅行基金'],
    },
  },
  {
    id: 1003,
    code: 'business',
    category: 'business-shop',
    name: '生意账本',
    name_en: 'Business book',
    icon: 'shop',
    cover: '/static/covers/cover-3.svg',
    description: '小店进货、销售、工资一本管好。',
    description_en: 'Stock, sales and wages of a small shop in one place.',
    content: {
      expense: [
        ['进货', 'stock', ['原材料', '商品采购', '包装耗材']],
        ['经营', 'store', ['房租', '水电', '装修维修', '设备']],
        ['人工', 'labor', ['工资', '奖金提成', '社保']],
        ['推广', 'marketing', ['广告', '平台费用', '优惠让利']],
        ['物流', 'delivery', ['快递', '运费', '配送']],
        ['税费', 'tax', ['税金', '手续费']],
      ],
      income: [
        ['营业收入', 'sales', ['门店销售', '线上销售', '批发']],
        ['其他收入', 'income', ['退款', '补贴', '利息']],
      ],
      accounts: [
        ['现金', '收银现金', 'Cash'],
        ['网络支付', '微信收款', 'Virtual'],
        ['网络支付', '支付宝收款', 'Virtual'],
        ['储蓄卡', '对公账户', 'DebitCard'],
        ['应收应付', '客户欠款', 'Receivable'],
        ['应收应付', '欠供应商', 'Payable'],
      ],
      members: ['老板', '店员'],
      merchants: ['供应商A', '供应商B', '批发市场', '外卖平台'],
      projects: ['门店', '线上店'],
    },
  },
  {
    id: 1004,
    code: 'travel',
    category: 'life-travel',
    name: '旅行账本',
    name_en: 'Travel book',
    icon: 'travel',
    cover: '/static/covers/cover-4.svg',
    description: '结伴出行，AA 花费轻松算。',
    description_en: 'Trips with friends, shared costs split with ease.',
    content: {
      expense: [
        ['交通', 'train', ['机票', '火车', '打车', '租车', '门票交通']],
        ['住宿', 'hotel', ['酒店', '民宿']],
        ['餐饮', 'food', ['正餐', '小吃', '饮料']],
        ['游玩', 'entertainment', ['门票', '体验项目', '导游']],
        ['购物', 'gift', ['纪念品', '特产']],
      ],
      income: [['收入', 'income', ['AA 收款', '退款']]],
      accounts: [
        ['现金', '现金', 'Cash'],
        ['网络支付', '微信钱包', 'Virtual'],
        ['信用卡', '信用卡', 'CreditCard'],
        ['公共', '旅行公款', 'Cash'],
      ],
      members: ['我', '旅伴'],
      merchants: ['航空公司', '酒店', '景区'],
      projects: ['行前准备', '旅途中'],
    },
  },
  {
    id: 1005,
    code: 'renovation',
    category: 'life-events',
    name: '装修账本',
    name_en: 'Renovation book',
    icon: 'renovation',
    cover: '/static/covers/cover-5.svg',
    description: '装修预算、材料、人工，一笔不漏。',
    description_en: 'Design, materials and labour, every item counted.',
    content: {
      expense: [
        ['设计', 'design', ['设计费', '量房']],
        ['硬装', 'construction', ['水电', '瓷砖', '木工', '油漆', '吊顶', '门窗']],
        ['主材', 'bathroom', ['卫浴', '橱柜', '地板', '灯具']],
        ['家具', 'furniture', ['沙发', '床', '柜子', '桌椅']],
        ['家电', 'appliance', ['大家电', '小家电']],
        ['人工', 'labor', ['工人费用', '搬运', '清洁']],
      ],
      income: [['收入', 'income', ['退款', '补贴']]],
      accounts: CASH,
      members: ['业主', '家人'],
      merchants: ['装修公司', '建材市场', '家具城', '电商平台'],
      projects: ['客厅', '卧室', '厨房', '卫生间'],
    },
  },
  {
    id: 1006,
    code: 'baby',
    category: 'life-events',
    name: '宝宝账本',
    name_en: 'Baby book',
    icon: 'baby',
    cover: '/static/covers/cover-6.svg',
    description: '记录宝宝成长的每一笔花费。',
    description_en: 'Every expense of growing up, recorded.',
    content: {
      expense: [
        ['奶粉辅食', 'baby-food', ['奶粉', '辅食', '零食']],
        ['用品', 'toys', ['纸尿裤', '洗护', '玩具', '衣服鞋帽', '推车座椅']],
        ['医疗', 'medical', ['疫苗', '看病', '体检']],
        ['教育', 'education', ['早教', '绘本', '兴趣班']],
        ['其他', 'photo', ['写真', '保险']],
      ],
      income: [['收入', 'red-envelope', ['亲友红包', '补贴']]],
      accounts: CASH,
      members: ['爸爸', '妈妈', '宝宝'],
      merchants: ['母婴店', '医院', '网购'],
      projects: ['0-1 岁', '1-3 岁'],
    },
  },
  {
    id: 1007,
    code: 'wedding',
    category: 'life-events',
    name: '婚礼人情账本',
    name_en: 'Wedding book',
    icon: 'wedding',
    cover: '/static/covers/cover-7.svg',
    description: '婚礼筹备与礼金往来，清晰记录。',
    description_en: 'Wedding costs and gifts given and received.',
    content: {
      expense: [
        ['婚礼筹备', 'wedding', ['婚宴', '婚庆', '婚纱摄影', '婚车', '喜糖喜酒']],
        ['首饰服装', 'jewelry', ['戒指', '婚纱礼服', '三金']],
        ['人情往来', 'red-envelope', ['份子钱', '回礼', '红包']],
        ['蜜月', 'travel', ['机票', '酒店', '游玩']],
      ],
      income: [
        ['礼金', 'red-envelope', ['亲戚礼金', '朋友礼金', '同事礼金']],
        ['其他', 'income', ['父母资助']],
      ],
      accounts: CASH,
      members: ['新郎', '新娘', '双方父母'],
      merchants: ['酒店', '婚庆公司', '影楼', '珠宝店'],
      projects: ['订婚', '婚礼', '回门'],
    },
  },
  {
    id: 1008,
    code: 'car',
    category: 'life-travel',
    name: '汽车账本',
    name_en: 'Car book',
    icon: 'car',
    cover: '/static/covers/cover-8.svg',
    description: '养车花费全掌握：油费、保养、保险。',
    description_en: 'Fuel, parking, insurance and repairs of your car.',
    content: {
      expense: [
        ['燃油充电', 'fuel', ['加油', '充电']],
        ['保养维修', 'repair', ['保养', '维修', '轮胎', '洗车美容']],
        ['保险税费', 'insurance', ['车险', '车船税', '年检']],
        ['通行停车', 'parking', ['停车费', '过路费', '违章罚款']],
        ['用品', 'tools', ['车载用品', '配件']],
      ],
      income: [['收入', 'income', ['理赔', '顺风车']]],
      accounts: CASH,
      members: ['车主'],
      merchants: ['加油站', '4S 店', '修理厂', '保险公司'],
      projects: ['日常用车', '长途自驾'],
    },
  },
];

export const COVER_MATERIALS = [1, 2, 3, 4, 5, 6, 7, 8].map((n) => ({
  id: n,
  name: `封面 ${n}`,
  url: `/static/covers/cover-${n}.svg`,
  sort: n,
}));
