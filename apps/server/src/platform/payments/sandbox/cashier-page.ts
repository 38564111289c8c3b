import { SANDBOX_PAY_PATHS } from '@cab/contracts';
import type { SandboxPayment } from './sandbox-store.ts';

export type CashierLocale = 'zh-CN' | 'en';

const TEXT = {
  'zh-CN': {
    title: '沙箱收银台',
    note: '这是测试用的支付服务，不会扣除真实的钱。',
    merchant: '收款方',
    merchantName: 'CAB 云账本',
    amount: '支付金额',
    confirm: '确认支付',
    fail: '模拟支付失败',
    abandon: '放弃支付',
    missing: '支付不存在或已过期',
    done: { succeeded: '已支付', failed: '支付失败', refunded: '已退款', pending: '待支付' },
    back: '返回商户',
  },
  en: {
    title: 'Sandbox cashier',
    note: 'A payment service for testing: no real money is taken.',
    merchant: 'Payee',
    merchantName: 'CAB cloud account book',
    amount: 'Amount',
    confirm: 'Confirm payment',
    fail: 'Simulate a failure',
    abandon: 'Abandon payment',
    missing: 'No such payment, or it has expired',
    done: { succeeded: 'Paid', failed: 'Payment failed', refunded: 'Refunded', pending: 'To pay' },
    back: 'Back to the merchant',
  },
} as const;

const escape = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

const yuan = (fen: bigint) => `¥${fen / 100n}.${(fen % 100n).toString().padStart(2, '0')}`;

const STYLE = `
body{margin:0;font-family:system-ui,-apple-system,"PingFang SC","Noto Sans CJK SC",sans-serif;background:#f2f4f7;color:#1d2129}
main{max-width:420px;margin:0 auto;padding:24px 16px}
h1{font-size:18px;margin:0 0 4px;display:flex;align-items:center;gap:8px}
.note{font-size:13px;color:#86909c;margin:0 0 20px}
.card{background:#fff;border-radius:12px;padding:20px;margin-bottom:20px}
.row{display:flex;justify-content:space-between;font-size:14px;color:#4e5969;margin:6px 0}
.amount{font-size:34px;font-weight:600;text-align:center;margin:12px 0 4px;color:#1d2129}
.subject{text-align:center;font-size:14px;color:#4e5969}
form{margin:0 0 12px}
button,a.back{display:block;width:100%;box-sizing:border-box;font-size:16px;padding:13px;border-radius:24px;border:0;text-align:center;text-decoration:none}
.confirm{background:#1677ff;color:#fff}
.fail{background:#fff;color:#f53f3f;border:1px solid #f53f3f}
.abandon,a.back{background:#fff;color:#4e5969;border:1px solid #c9cdd4}
.state{text-align:center;font-size:16px;margin:8px 0 16px}
`;

const LOCK = `<svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true"><path fill="#1677ff" d="M12 2a5 5 0 0 0-5 5v3H6a2 2 0 0 0-2 2v8a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-8a2 2 0 0 0-2-2h-1V7a5 5 0 0 0-5-5zm-3 8V7a3 3 0 0 1 6 0v3H9z"/></svg>`;

/** The sandbox's cashier: who is paid, how much, and the payer's three choices. No script runs on it. */
export function cashierPage(p: SandboxPayment | undefined, locale: CashierLocale, publicBase: string): string {
  const t = TEXT[locale];
  const head = `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${t.title}</title><style>${STYLE}</style></head><body><main><h1>${LOCK}${t.title}</h1><p class="note">${t.note}</p>`;
  if (!p) return `${head}<div class="card"><p class="state" data-testid="cashier-missing">${t.missing}</p></div></main></body></html>`;
  const card = `<div class="card"><div class="amount" data-testid="cashier-amount">${yuan(p.amountCny)}</div><div class="subject">${escape(p.subject)}</div><div class="row"><span>${t.merchant}</span><span>${t.merchantName}</span></div></div>`;
  if (p.state !== 'pending') {
    return `${head}${card}<p class="state" data-testid="cashier-state">${t.done[p.state]}</p><a class="back" href="${escape(p.returnUrl)}">${t.back}</a></main></body></html>`;
  }
  const action = (d: string) => `${publicBase}${SANDBOX_PAY_PATHS.decide.replace(':id', p.id).replace(':decision', d)}`;
  const button = (d: string, cls: string, label: string) =>
    `<form method="post" action="${escape(action(d))}"><button type="submit" class="${cls}" data-testid="cashier-${d}">${label}</button></form>`;
  return `${head}${card}${button('confirm', 'confirm', t.confirm)}${button('fail', 'fail', t.fail)}${button('abandon', 'abandon', t.abandon)}</main></body></html>`;
}
