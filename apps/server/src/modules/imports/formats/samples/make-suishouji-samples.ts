/**
 * Writes the 随手记 samples of this folder (README.md says what each holds):
 *   cd apps/server && node --import tsx src/modules/imports/formats/samples/make-suishouji-samples.ts
 * Their shapes follow 随手记's three exports (formats/suishouji.ts); every person, merchant,
 * account and number in them is made up.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import * as XLSX from '@e965/xlsx';

const here = import.meta.dirname;
const write = (name: string, bytes: Uint8Array | string) => writeFileSync(path.join(here, name), bytes);

const quote = (v: string) => (/[",\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);

// ---- The app's CSV: UTF-8 with a BOM, a title line, a transfer as 转出 and 转入 sharing a 关联Id.
const APP_HEADER = ['交易类型', '日期', '类别', '子类别', '账户', '账户币种', '金额', '成员', '商家', '项目', '备注', '关联Id'];
const TRANSFER_ID = '5a3c9e10-0000-4000-8000-00000000a001';
const APP_ROWS = [
  ['支出', '2024-03-01 08:15:00', '餐饮', '早餐', '现金', '人民币', '12.50', '本人', '楼下早餐铺', '', '豆浆油条', ''],
  ['支出', '2024-03-02 19:40:00', '购物', '数码', '示例银行信用卡', 'CNY', '3,299.00', '本人', '示例电器城', '换新手机', '十二期免息', ''],
  ['收入', '2024-03-05 09:00:00', '职业收入', '工资', '示例银行储蓄卡', 'CNY', '15,000.00', '本人', '', '', '三月工资', ''],
  ['转出', '2024-03-06 12:00:00', '转账', '转账', '示例银行储蓄卡', 'CNY', '2000.00', '', '', '', '还信用卡', TRANSFER_ID],
  ['转入', '2024-03-06 12:00:00', '转账', '转账', '示例银行信用卡', 'CNY', '2000.00', '', '', '', '还信用卡', TRANSFER_ID],
  ['支出', '2024-03-08 18:30', '食品酒水', '', '支付宝', 'CNY', '-45.00', '爱人', '邻家超市', '', '退了一箱牛奶', ''],
  ['余额变更', '2024-03-10 00:00:00', '', '', '现金', 'CNY', '100.00', '', '', '', '', ''],
  ['支出', '2024-03-12', '医疗保健', '药品费', '微信钱包', 'CNY', '68.00', '孩子', '示例大药房', '家庭健康', '', ''],
];

function appCsv(): Buffer {
  const lines = ['随手记导出文件(headers:v5;sample)', APP_HEADER.join(','), ...APP_ROWS.map((r) => r.map(quote).join(','))];
  return Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(`${lines.join('\r\n')}\r\n`, 'utf8')]);
}

// ---- 神象云账本's xlsx (the web's older xls is the same without 账户币种, 项目分类, 记账人): a sheet a type.
const CLOUD_HEADER = [
  '交易类型',
  '日期',
  '分类',
  '子分类',
  '账户1',
  '账户2',
  '账户币种',
  '金额',
  '成员',
  '商家',
  '项目分类',
  '项目',
  '记账人',
  '备注',
];
const CLOUD_SHEETS: Record<string, string[][]> = {
  余额变更: [['余额变更', '2024-04-01 00:00:00', '', '', '现金', '', 'CNY', '-20.00', '', '', '', '', '小林', '']],
  支出: [
    ['支出', '2024-04-02 12:10:00', '餐饮', '午餐', '示例银行储蓄卡', '', 'CNY', '36.00', '本人', '示例面馆', '', '', '小林', '牛肉面'],
    [
      '支出',
      '2024-04-03 20:00:00',
      '居家',
      '家具',
      '示例银行信用卡',
      '',
      'CNY',
      '1,280.00',
      '爱人',
      '示例家居',
      '装修',
      '新家',
      '小林',
      '书架',
    ],
  ],
  收入: [
    ['收入', '2024-04-10 09:00:00', '职业收入', '奖金', '示例银行储蓄卡', '', 'CNY', '2,000.00', '本人', '', '', '', '小林', '季度奖'],
  ],
  转账: [['转账', '2024-04-12 08:00:00', '', '', '示例银行储蓄卡', '支付宝', 'CNY', '500.00', '', '', '', '', '小林', '充值']],
};

function book(sheets: Record<string, (string | number)[][]>, header: (name: string) => string[]): XLSX.WorkBook {
  const wb = XLSX.utils.book_new();
  for (const [name, rows] of Object.entries(sheets))
    XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet([header(name), ...rows]), name);
  return wb;
}

// ---- The newer web xls (biff8): a sheet a type, each naming its account columns by the type.
const WEB_HEADERS: Record<string, string[]> = {
  支出: ['交易类型', '日期', '一级分类', '二级分类', '支出账户', '金额', '成员', '商家', '项目', '备注'],
  收入: ['交易类型', '日期', '一级分类', '二级分类', '收入账户', '金额', '成员', '商家', '项目', '备注'],
  转账: ['交易类型', '日期', '转出账户', '转入账户', '金额', '成员', '商家', '项目', '备注'],
};
const WEB_SHEETS: Record<string, (string | number)[][]> = {
  支出: [
    ['支出', '2024-05-01 07:30', '交通', '地铁', '交通卡', 4, '本人', '', '', ''],
    ['支出', '2024-05-02 18:45:10', '餐饮', '晚餐', '示例银行信用卡', 1234.5, '本人', '示例火锅店', '同学聚会', 'AA 制'],
  ],
  收入: [['收入', '2024-05-05', '其他收入', '红包', '微信钱包', 66.66, '孩子', '', '', '压岁钱']],
  转账: [['转账', '2024-05-06 10:00:00', '示例银行储蓄卡', '现金', 300, '', '', '', '取现']],
};

write('suishouji.csv', appCsv());
write(
  'suishouji.xlsx',
  XLSX.write(
    book(CLOUD_SHEETS, () => CLOUD_HEADER),
    { type: 'buffer', bookType: 'xlsx', compression: true },
  ) as Buffer,
);
write(
  'suishouji.xls',
  XLSX.write(
    book(WEB_SHEETS, (name) => WEB_HEADERS[name] ?? []),
    { type: 'buffer', bookType: 'biff8' },
  ) as Buffer,
);
