/**
 * Writes the payment-app samples of this folder (README.md says what each holds):
 *   cd apps/server && node --import tsx src/modules/imports/formats/samples/make-samples.ts
 * Generated because GBK and xlsx cannot be edited as text. Every person, merchant,
 * account and number in them is made up.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import * as XLSX from '@e965/xlsx';
import { encodeGbk } from '../../read/test-support.ts';

const here = import.meta.dirname;
const write = (name: string, bytes: Uint8Array | string) => writeFileSync(path.join(here, name), bytes);
const utf8WithBom = (text: string) => Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text, 'utf8')]);

const DASHES = '-'.repeat(84);

// ---- Alipay app export: GBK, ~20 lines of account details, padded cells, ids ending in a tab.
const ALIPAY_APP_TOP = [
  DASHES,
  '导出信息：',
  '姓名：林小禾',
  '支付宝账户：lin***@example.com',
  '起始时间：[2024-03-01 00:00:00]    终止时间：[2024-03-31 23:59:59]',
  '导出交易类型：[全部]',
  '导出时间：[2024-04-01 10:12:30]',
  '共12笔记录',
  '收入：1笔 2000.00元',
  '支出：4笔 1389.10元',
  '不计收支：7笔 1082.65元',
  '',
  '特别提示：',
  '1.本回单仅供核对交易之用，与实际交易结果不符时以实际交易为准；',
  '2.充值提现、账户转存等交易记为不计收支；',
  '3.本明细只含当前账单中的交易，不含已删除的记录；',
  '4.本明细仅供个人对账使用。',
  '',
  '------------------------支付宝（中国）网络技术有限公司  电子客户回单------------------------',
];
const ALIPAY_APP_HEADER = '交易时间,交易分类,交易对方,对方账号,商品说明,收/支,金额,收/付款方式,交易状态,交易订单号,商家订单号,备注'.split(
  ',',
);
// Cells in the header's order, '|' between them.
const ALIPAY_APP_ROWS = [
  '2024-03-28 19:42:00|餐饮美食|云端咖啡馆|cafe***@example.com|拿铁 大杯|支出|32.00|招商银行储蓄卡(1234)|交易成功|2024032822001400000000000101|T2024032819420001|',
  '2024-03-25 12:05:00|数码电器|青禾数码专营店|qhsm***@example.com|蓝牙耳机,降噪款|支出|1288.00|花呗|交易成功|2024032522001400000000000102|T2024032512050002|生日礼物',
  '2024-03-20 21:30:00|日用百货|邻家生活超市|/|抽纸 洗衣液|不计收支|82.00||交易关闭|2024032022001400000000000103|T2024032021300003|',
  '2024-03-15 18:00:00|转账红包|林大山|lds***@example.com|转账|收入|2000.00|余额|交易成功|2024031520001000000000000104||三月生活费',
  '2024-03-13 09:10:00|退款|邻家生活超市|/|退款-纸巾 洗衣液|不计收支|20.00|余额|退款成功|2024031222001400000000000106_2024031300000201|T2024031208300006|',
  '2024-03-12 08:30:00|日用百货|邻家生活超市|/|纸巾 洗衣液|支出|45.60|余额|交易成功|2024031222001400000000000106|T2024031208300006|',
  '2024-03-10 10:00:00|信用借还|花呗|/|花呗主动还款-2024年02月账单|不计收支|356.80|招商银行储蓄卡(1234)|还款成功|2024031020001400000000000107||',
  '2024-03-09 03:00:00|投资理财|示例基金管理有限公司|/|余额宝-2024.03.08-收益发放|不计收支|0.35|余额宝|交易成功|2024030920001400000000000108||',
  '2024-03-08 07:45:00|投资理财|示例基金管理有限公司|/|余额宝-单次转入|不计收支|500.00|招商银行储蓄卡(1234)|交易成功|2024030820001400000000000109||',
  '2024-03-05 09:05:00|交通出行|蓝鲸出行|/|打车 快车|支出|23.50|招商银行储蓄卡(1234)|交易关闭|2024030522001400000000000110|T2024030509050010|',
  '2024-03-05 09:40:00|退款|蓝鲸出行|/|退款-打车 快车|不计收支|23.50|招商银行储蓄卡(1234)|退款成功|2024030522001400000000000110_2024030500000301|T2024030509050010|',
  '2024-03-02 14:20:00|投资理财|示例基金管理有限公司|/|示例稳健混合A-买入|不计收支|100.00|余额宝|交易成功|2024030220001400000000000112||',
].map((row) => row.split('|'));

const quoteIfNeeded = (v: string) => (/[",\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);

function alipayAppCsv(): string {
  const pad = (v: string, w: number) => v + ' '.repeat(Math.max(1, w - v.length));
  const header = ALIPAY_APP_HEADER.map((h) => pad(h, 12)).join(',') + ',';
  const rows = ALIPAY_APP_ROWS.map(
    (r) => r.map((v, i) => (i === 9 || i === 10 ? `${v}\t` : quoteIfNeeded(i < 9 ? pad(v, 4).trimEnd() + ' ' : v))).join(',') + ',',
  );
  return [...ALIPAY_APP_TOP, header, ...rows, DASHES, ''].join('\n');
}

/** The same bill after Excel opened and saved it as "CSV UTF-8": BOM, CRLF, short dates, General numbers. */
function alipayAppExcelCsv(): string {
  const width = ALIPAY_APP_HEADER.length + 1;
  const line = (cells: string[]) => [...cells, ...Array<string>(width - cells.length).fill('')].map(quoteIfNeeded).join(',');
  const shortDate = (t: string) => t.replace(/^(\d{4})-0?(\d+)-0?(\d+) 0?(\d+):(\d{2}):00$/, '$1/$2/$3 $4:$5');
  const general = (v: string) => (v === '1288.00' ? '1,288.00' : String(Number(v)));
  const rows = ALIPAY_APP_ROWS.map((r) => line(r.map((v, i) => (i === 0 ? shortDate(v) : i === 6 ? general(v) : v))));
  return [...ALIPAY_APP_TOP.map((t) => line([t])), line(ALIPAY_APP_HEADER), ...rows, line([DASHES]), ''].join('\r\n');
}

// ---- Alipay web export (the older one): GBK, 交易号 first, 金额（元）, 资金状态, a summary under the table.
const ALIPAY_WEB_HEADER =
  '交易号,商家订单号,交易创建时间,付款时间,最近修改时间,交易来源地,类型,交易对方,商品名称,金额（元）,收/支,交易状态,服务费（元）,成功退款（元）,备注,资金状态'.split(
    ',',
  );
const ALIPAY_WEB_ROWS = [
  '2016052821001004000000000201|T200P0000000201|2016-05-28 20:01:00|2016-05-28 20:01:05|2016-05-28 20:01:05|其他（包括阿里巴巴和外部商家）|即时到账交易|云端咖啡馆|美式咖啡|18.00|支出|交易成功|0.00|0.00||已支出',
  '2016052021001004000000000202|T200P0000000202|2016-05-20 10:15:00|2016-05-20 10:15:30|2016-05-23 09:00:00|淘宝|支付宝担保交易|青禾数码专营店|机械键盘|399.00|支出|交易成功|0.00|0.00||已支出',
  '2016051821001004000000000203|T200P0000000203|2016-05-18 16:40:00||2016-05-19 16:40:00|淘宝|支付宝担保交易|青禾数码专营店|手机壳|29.90|支出|交易关闭|0.00|0.00||',
  '2016051221001004000000000204|T200P0000000204|2016-05-12 11:00:00|2016-05-12 11:00:20|2016-05-15 10:00:00|淘宝|支付宝担保交易|邻家运动专营店|运动鞋|259.00|支出|交易关闭|0.00|259.00||已支出',
  '2016051221001004000000000204_1605150000001|T200P0000000204|2016-05-15 10:00:00|2016-05-15 10:00:00|2016-05-15 10:00:00|淘宝|支付宝担保交易|邻家运动专营店|退款-运动鞋|259.00||退款成功|0.00|0.00||已收入',
  '2016050820001004000000000206||2016-05-08 09:00:00|2016-05-08 09:00:00|2016-05-08 09:00:00|其他（包括阿里巴巴和外部商家）|即时到账交易|林大山|转账|500.00|收入|交易成功|0.00|0.00|还钱|已收入',
  '2016050220001004000000000207||2016-05-02 08:00:00|2016-05-02 08:00:00|2016-05-02 08:00:00|其他（包括阿里巴巴和外部商家）|即时到账交易|示例基金管理有限公司|余额宝-自动转入|300.00||交易成功|0.00|0.00||资金转移',
].map((row) => row.split('|'));

function alipayWebCsv(): string {
  const pad = (v: string) => v + ' '.repeat(Math.max(1, 20 - v.length));
  return [
    '支付宝交易记录明细查询',
    '账号:[lin***@example.com]',
    '起始日期:[2016-05-01 00:00:00]    终止日期:[2016-05-31 23:59:59]',
    '---------------------------------交易记录明细列表------------------------------------',
    ALIPAY_WEB_HEADER.map(pad).join(',') + ',',
    ...ALIPAY_WEB_ROWS.map((r) => r.map((v, i) => (i < 2 ? `${v}\t` : pad(v))).join(',') + ','),
    DASHES,
    '共7笔记录',
    '已收入：2笔，759.00元',
    '待收入：0笔，0.00元',
    '已支出：3笔，676.00元',
    '待支出：0笔，0.00元',
    '导出时间：[2016-06-01 09:30:00]',
    '',
  ].join('\n');
}

// ---- WeChat Pay: 16 lines of details, then the table; the CSV quotes and tab-pads like the app did.
const WECHAT_TOP = [
  '微信支付账单明细',
  '微信昵称：[小禾]',
  '起始时间：[2024-03-01 00:00:00] 终止时间：[2024-03-31 23:59:59]',
  '导出类型：[全部]',
  '导出时间：[2024-04-01 10:20:00]',
  '',
  '共12笔记录',
  '收入：3笔 374.88元',
  '支出：5笔 1562.50元',
  '中性交易：4笔 1900.10元',
  '注：',
  '1. 充值/提现/理财通购买/零钱通存取/信用卡还款等交易，将计入中性交易',
  '2. 本明细仅展示当前账单中的交易，不包括已删除的记录',
  '3. 本明细仅供个人对账使用',
  '',
  '----------------------微信支付账单明细列表--------------------',
];
const WECHAT_HEADER = '交易时间,交易类型,交易对方,商品,收/支,金额(元),支付方式,当前状态,交易单号,商户单号,备注'.split(',');
const WECHAT_ROWS = [
  '2024-03-29 12:30:00|商户消费|青禾面馆|牛肉面 加蛋|支出|¥36.50|招商银行储蓄卡(5678)|支付成功|4200000000202403290000000301|M20240329123000001|/',
  '2024-03-27 08:10:00|扫二维码付款|早点铺子|收款方备注:二维码收款|支出|¥12.00|零钱|已转账|1000050000202403270000000302|/|/',
  '2024-03-24 10:00:00|青禾优选-退款|青禾优选|空气炸锅 家用|收入|¥300.00|招商银行储蓄卡(5678)|已退款(￥300.00)|5030000000202403240000000304|M20240322200000003|/',
  '2024-03-22 20:00:00|商户消费|青禾优选|空气炸锅 家用|支出|¥1299.00|招商银行储蓄卡(5678)|已退款(￥300.00)|4200000000202403220000000303|M20240322200000003|团购,到手价',
  '2024-03-20 19:00:00|转账|林大山|转账备注:微信转账|支出|¥200.00|零钱|对方已收钱|1000050000202403200000000305|/|/',
  '2024-03-18 12:00:00|微信红包|林大山|/|收入|¥8.88|/|已存入零钱|1000039000202403180000000306|/|/',
  '2024-03-15 09:00:00|零钱充值|招商银行储蓄卡(5678)|/|/|¥300.00|招商银行储蓄卡(5678)|充值完成|1100000000202403150000000307|/|/',
  '2024-03-12 16:00:00|零钱提现|招商银行储蓄卡(5678)|/|/|¥100.10|招商银行储蓄卡(5678)|提现已到账|1100000000202403120000000308|/|服务费¥0.10',
  '2024-03-10 07:30:00|转入零钱通-来自零钱|/|/|/|¥500.00|零钱|支付成功|1800000000202403100000000309|/|/',
  '2024-03-08 13:00:00|商户消费|邻家生活超市|日用品|支出|¥15.00|零钱|支付失败|4200000000202403080000000310|M20240308130000010|/',
  '2024-03-05 22:00:00|购买理财通|理财通|示例稳健混合A|/|¥1000.00|招商银行储蓄卡(5678)|支付成功|1800000000202403050000000311|M20240305220000011|/',
  '2024-03-02 18:00:00|二维码收款|周小满|收款方备注:二维码收款|收入|¥66.00|/|已收钱|1000050000202403020000000312|/|/',
].map((row) => row.split('|'));

function wechatCsv(): string {
  const top = WECHAT_TOP.map((t) => t + ','.repeat(WECHAT_HEADER.length - 1));
  // Quoted text, ids padded with a tab after their quotes, amounts bare: as the app wrote them.
  const rows = WECHAT_ROWS.map((r) =>
    r.map((v, i) => (i === 0 || i === 5 ? v : i === 8 || i === 9 ? `"${v}"\t` : `"${v.replace(/"/g, '""')}"`)).join(','),
  );
  return [...top, WECHAT_HEADER.join(','), ...rows, ''].join('\n');
}

/** The xlsx WeChat mails now, as Excel leaves it after a save: times are real date cells. */
function wechatXlsx(): Buffer {
  const serial = (t: string) => {
    const [y, mo, d, h, mi, s] = t.split(/[- :]/).map(Number);
    return Date.UTC(y ?? 0, (mo ?? 1) - 1, d ?? 1, h ?? 0, mi ?? 0, s ?? 0) / 86400000 + 25569;
  };
  const sheet = XLSX.utils.aoa_to_sheet([...WECHAT_TOP.map((t) => [t]), WECHAT_HEADER]);
  XLSX.utils.sheet_add_aoa(
    sheet,
    WECHAT_ROWS.map((r) => [{ t: 'n', v: serial(r[0] ?? ''), z: 'yyyy-mm-dd hh:mm:ss' }, ...r.slice(1)]),
    { origin: WECHAT_TOP.length + 1 },
  );
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, '微信支付账单明细');
  book.Props = { CreatedDate: new Date(Date.UTC(2024, 3, 1, 2, 20)) };
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx', compression: true }) as Buffer;
}

write('alipay-app.csv', encodeGbk(alipayAppCsv()));
write('alipay-app-utf8.csv', utf8WithBom(alipayAppExcelCsv()));
write('alipay-web.csv', encodeGbk(alipayWebCsv()));
write('wechat.csv', utf8WithBom(wechatCsv()));
write('wechat.xlsx', wechatXlsx());
