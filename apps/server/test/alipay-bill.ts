import fs from 'node:fs';

/**
 * A made-up Alipay app bill (UTF-8) of `rows` trades ten minutes apart from 2023-01-01,
 * every tenth an income, with the details above the header and the dashes under it as the
 * app writes them: for the import bench and the import journey. Every name is made up.
 */
const CATEGORIES = ['餐饮美食', '交通出行', '日用百货', '数码电器', '服饰装扮', '休闲娱乐', '医疗健康', '生活服务'];
const METHODS = ['招商银行储蓄卡(1234)', '花呗', '余额', '余额宝'];
export const ALIPAY_HEADER = '交易时间,交易分类,交易对方,对方账号,商品说明,收/支,金额,收/付款方式,交易状态,交易订单号,商家订单号,备注,';
const TOP = [
  '支付宝交易明细',
  '导出信息：',
  '姓名：示例用户',
  '',
  '-----------------------支付宝（中国）网络技术有限公司  电子客户回单------------------------',
];
const FOOTER = '------------------------------------------------------------------------------------\n';

/** Trade `i` of the bill: its line, and its wall time and amount. */
export function alipayTrade(i: number): { line: string; time: string; amount: string; income: boolean } {
  const at = new Date(Date.UTC(2023, 0, 1) + i * 600_000 + (i % 60) * 1000);
  const time = at.toISOString().slice(0, 19).replace('T', ' ');
  const income = i % 10 === 0;
  const amount = ((i % 9973) / 7 + 1).toFixed(2);
  const line = `${time},${CATEGORIES[i % CATEGORIES.length]},商户${i % 500},,商品${i % 97},${income ? '收入' : '支出'},${amount},${METHODS[i % METHODS.length]},交易成功,2023${String(i).padStart(20, '0')}\t,,备注${i % 13},`;
  return { line, time, amount, income };
}

/** The bill written to `file` a megabyte at a time (the bench's 100,000 rows are never one string). */
export function writeAlipayBill(file: string, rows: number): number {
  const fd = fs.openSync(file, 'w');
  fs.writeSync(fd, `${[...TOP, ALIPAY_HEADER].join('\n')}\n`);
  let chunk = '';
  for (let i = 0; i < rows; i++) {
    chunk += `${alipayTrade(i).line}\n`;
    if (chunk.length > 1 << 20) {
      fs.writeSync(fd, chunk);
      chunk = '';
    }
  }
  fs.writeSync(fd, chunk + FOOTER);
  fs.closeSync(fd);
  return fs.statSync(file).size;
}

/** The bill as bytes (a journey's few thousand rows). */
export function alipayBill(rows: number): Buffer {
  const lines = [...TOP, ALIPAY_HEADER];
  for (let i = 0; i < rows; i++) lines.push(alipayTrade(i).line);
  return Buffer.from(`${lines.join('\n')}\n${FOOTER}`);
}
