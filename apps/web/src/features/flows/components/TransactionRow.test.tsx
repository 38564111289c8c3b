import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from '../../../lib/hash-router.tsx';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { UserInfo } from '@cab/contracts/client';
import { useUserStore } from '../../../stores/user.ts';
import { FlowBookContext } from '../context.ts';
import { tx } from '../test-fixtures.ts';
import { TransactionRow, rowDetails } from './TransactionRow.tsx';

afterEach(cleanup);

let at = '';
function Where() {
  at = useLocation().pathname + useLocation().search;
  return null;
}
function renderRow(ui: React.ReactNode, timeZone = 'Asia/Shanghai', currency = 'CNY') {
  return render(
    <MemoryRouter initialEntries={['/flow/index']}>
      <Where />
      <FlowBookContext.Provider value={{ timeZone, currency, flowCurrency: 'CNY' }}>
        <Routes>
          <Route path="*" element={ui} />
        </Routes>
      </FlowBookContext.Provider>
    </MemoryRouter>,
  );
}

describe('a record in a flow', () => {
  it('shows the category, the details, the time in the book zone and the signed amount', () => {
    const t = tx({ remark: '午饭', member: { id: '3', name: '妈妈' }, merchant: { id: '4', name: '超市' } });
    renderRow(<TransactionRow transaction={t} masked={false} />);
    const row = screen.getByTestId('flow-row-1');
    expect(row.tagName).toBe('BUTTON');
    expect(row.textContent).toContain('餐饮');
    expect(row.textContent).toContain('午饭 · 妈妈 · 超市 · 现金');
    expect(row.textContent).toContain('12:34');
    expect(screen.getByTestId('flow-amount-1').textContent).toBe('-1,234.50');
    expect(screen.getByTestId('flow-amount-1').className).toContain('out');
    expect(row.innerHTML).not.toMatch(/\p{Extended_Pictographic}/u);
  });

  it('reads the time in the book zone', () => {
    renderRow(<TransactionRow transaction={tx()} masked={false} />, 'UTC');
    expect(screen.getByTestId('flow-row-1').textContent).toContain('04:34');
  });

  it('names a transfer by its accounts and gives it no sign', () => {
    const t = tx({
      business_type: 'Transfer',
      category: null,
      account: null,
      amount: '500.00',
      from_account: { id: '1', name: '银行卡' },
      to_account: { id: '2', name: '支付宝' },
    });
    renderRow(<TransactionRow transaction={t} masked={false} />);
    expect(screen.getByTestId('flow-row-1').textContent).toContain('银行卡 → 支付宝');
    expect(screen.getByTestId('flow-amount-1').textContent).toBe('500.00');
  });

  it('shows what the account moved in an account flow', () => {
    const t = tx({ business_type: 'Transfer', category: null, amount: '500.00', flow_amount: '500.00' });
    renderRow(<TransactionRow transaction={t} masked={false} flowAmount />);
    expect(screen.getByTestId('flow-amount-1').textContent).toBe('+500.00');
  });

  it('names a balance entry by its type', () => {
    renderRow(<TransactionRow transaction={tx({ business_type: 'Balance_Changed', category: null, amount: '-20' })} masked={false} />);
    expect(screen.getByTestId('flow-row-1').textContent).toContain('余额调整');
    expect(screen.getByTestId('flow-amount-1').textContent).toBe('-20.00');
  });

  it('masks the amount', () => {
    renderRow(<TransactionRow transaction={tx()} masked />);
    expect(screen.getByTestId('flow-amount-1').textContent).toBe('****');
  });

  it('names the currency of an amount in another one', () => {
    renderRow(<TransactionRow transaction={tx({ currency: 'USD', amount: '10' })} masked={false} />);
    expect(screen.getByTestId('flow-amount-1').textContent).toBe('USD -10.00');
  });

  it('shows the date with showDate', () => {
    renderRow(<TransactionRow transaction={tx({ transaction_time: Date.parse('2020-03-04T05:06:00+08:00') })} masked={false} showDate />);
    expect(screen.getByTestId('flow-row-1').textContent).toContain('2020 年 3 月 4 日 05:06');
  });

  it('opens the record to edit, or what onOpen says', () => {
    renderRow(<TransactionRow transaction={tx({ id: '77' })} masked={false} />);
    fireEvent.click(screen.getByTestId('flow-row-77'));
    expect(at).toBe('/subPackages/accounting/index?id=77');
    cleanup();
    const onOpen = vi.fn();
    renderRow(<TransactionRow transaction={tx({ id: '78' })} masked={false} onOpen={onOpen} />);
    fireEvent.click(screen.getByTestId('flow-row-78'));
    expect(onOpen).toHaveBeenCalledOnce();
  });

  it('names who recorded it when that was another member of the book', () => {
    useUserStore.setState({ user: { userid: 'me' } as UserInfo });
    const mine = tx({ id: '80', recorder: { id: 'me', nickname: '我' } });
    const theirs = tx({ id: '81', recorder: { id: 'u2', nickname: '小王' } });
    renderRow(
      <>
        <TransactionRow transaction={mine} masked={false} />
        <TransactionRow transaction={theirs} masked={false} />
      </>,
    );
    expect(screen.getByTestId('flow-row-80').textContent).not.toContain('记');
    expect(screen.getByTestId('flow-row-81').textContent).toContain('现金 · 小王记');
    useUserStore.setState({ user: null });
  });

  it('leaves the account out of a transfer’s details (the title names it)', () => {
    expect(rowDetails(tx({ business_type: 'Transfer', remark: ' x ' }))).toBe('x');
  });
});
