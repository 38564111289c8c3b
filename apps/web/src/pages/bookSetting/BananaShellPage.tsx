import { MONEY_PATTERN, minorToMoney, moneyToMinor, type PayOption, type RechargeActInfo } from '@cab/contracts/client';
import { useQuery } from '@tanstack/react-query';
import { Button, Skeleton } from 'antd-mobile';
import { useRef, useState } from 'react';
import { AmountInput } from '../../app/AmountInput.tsx';
import { typedToWire, wireToTyped } from '../../app/amount-rules.ts';
import { useSubmitGuard } from '../../app/form.tsx';
import { LoadFailed } from '../../app/LoadFailed.tsx';
import { PageBar } from '../../app/PageBar.tsx';
import { RequireLogin } from '../../app/RequireLogin.tsx';
import { commerceQueries, idempotencyKeys, useRecharge } from '../../features/commerce/api.ts';
import { CommerceGlyph } from '../../features/commerce/components/glyphs.tsx';
import { cashier, devicePayType, inAppPath, rememberFlow, withQuery } from '../../features/commerce/flow.ts';
import { yuan } from '../../features/commerce/format.ts';
import { RECHARGE_LIMITS, minorOf } from '../../features/commerce/money.ts';
import { useRechargeField } from '../../features/commerce/useRechargeField.ts';
import { useTranslation } from '../../i18n/index.ts';
import { useNavigate, useSearchParams } from '../../lib/hash-router.tsx';
import { formatAmount } from '../../lib/format.ts';
import '../../features/commerce/commerce.css';

/** The recharge page's operation space (docs/commerce.md, "Operation spaces"). */
const RECHARGE_BANNER = 'recharge_banner';
import '../../i18n/commerce.ts';

const WALLET = '/bookSetting/pages/bananashell';

/** A stair of the recharge page, or the custom amount. */
type Pick = { kind: 'stair'; amount: string } | { kind: 'custom' };

/** A positive amount from the query (a shortfall, an amount to pay again), or undefined. */
const moneyParam = (v: string | null): string | undefined => (v && MONEY_PATTERN.test(v) && moneyToMinor(v) > 0n ? v : undefined);

/** The stair whose amount is `amount`, if one is. */
const stairOf = (info: RechargeActInfo, amount: string) => info.stairs.find((s) => minorOf(s.amount) === minorOf(amount));

function WalletCard({ balance }: { balance: string | undefined }) {
  const { t } = useTranslation();
  return (
    <section className="shell-wallet" data-testid="wallet-card" aria-labelledby="wallet-balance-label">
      <div className="shell-wallet-label" id="wallet-balance-label">
        <CommerceGlyph name="wallet" size={18} />
        {t('commerce.wallet.balance')}
      </div>
      {balance === undefined ? (
        <Skeleton.Title animated />
      ) : (
        <span className="shell-wallet-figure" data-testid="wallet-balance">
          {formatAmount(balance)}
        </span>
      )}
      <div className="shell-wallet-rate">{t('commerce.wallet.rate')}</div>
    </section>
  );
}

function PayOptions({ options, chosen, onChoose }: { options: PayOption[]; chosen: string | undefined; onChoose: (c: string) => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <section className="section" aria-labelledby="shell-pay-title">
      <h2 className="shell-section-title" id="shell-pay-title">
        {t('commerce.recharge.pay')}
      </h2>
      {options.length === 0 ? (
        <div className="shell-no-pay" data-testid="recharge-no-pay">
          <p>
            <strong>{t('commerce.recharge.noPay')}</strong>
          </p>
          <p className="muted">{t('commerce.recharge.noPayHint')}</p>
          <button
            type="button"
            className="shell-link"
            data-testid="recharge-guide-link"
            onClick={() => navigate('/trade/pages/recharge-guide')}
          >
            {t('commerce.recharge.guide')}
            <CommerceGlyph name="next" />
          </button>
        </div>
      ) : (
        <div className="shell-pay-options" role="radiogroup" aria-labelledby="shell-pay-title">
          {options.map((o) => (
            <button
              key={o.channel}
              type="button"
              role="radio"
              aria-checked={o.channel === chosen}
              className="shell-pay-option"
              data-testid={`pay-option-${o.channel}`}
              onClick={() => onChoose(o.channel)}
            >
              <span className="shell-radio" aria-hidden="true" />
              <span>{o.name}</span>
              {o.recommended && <span className="shell-tag">{t('commerce.recharge.recommended')}</span>}
            </button>
          ))}
        </div>
      )}
    </section>
  );
}

/**
 * The banana-shell wallet and its top-up (SPEC 2, bookSetting/pages/bananashell): the
 * balance, the recharge stairs with the first-recharge bonus and corner labels, a custom
 * amount (1.00 to 50,000.00), the pay channel, the notice; "立即充值" creates the order
 * and leaves for the provider's cashier. `shortfall` (what a purchase lacks) picks the
 * least recharge that covers it; `amount` (paying again) picks that amount; `from` is
 * where "done" goes back to after the payment.
 */
function BananaShell() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const payType = devicePayType();
  const wallet = useQuery(commerceQueries.wallet());
  const info = useQuery(commerceQueries.actInfo());
  const options = useQuery(commerceQueries.payOptions(payType));
  // The operator's banner above the amounts: a page without it is whole, so its failure shows nothing.
  const banner = useQuery(commerceQueries.spaces([RECHARGE_BANNER]));
  const shortfall = moneyParam(params.get('shortfall'));
  const need = useQuery({ ...commerceQueries.needMin(shortfall ?? '0.00', payType), enabled: Boolean(shortfall) });
  const from = inAppPath(params.get('from'));
  const custom = useRechargeField();
  const [picked, setPicked] = useState<Pick>();
  const [channel, setChannel] = useState<string>();
  const [leaving, setLeaving] = useState(false);
  const keys = useRef(idempotencyKeys());
  const recharge = useRecharge();
  const guard = useSubmitGuard();

  // The first choice, once the stairs (and the least recharge for a shortfall) are known:
  // the amount asked for, else the first stair.
  const presetKnown = !shortfall || need.isSuccess || need.isError;
  if (!picked && info.data && presetKnown) {
    const preset = moneyParam(params.get('amount')) ?? need.data?.min_recharge;
    const stair = preset ? stairOf(info.data, preset) : info.data.stairs[0];
    if (stair) setPicked({ kind: 'stair', amount: stair.amount });
    else {
      setPicked({ kind: 'custom' });
      if (preset) custom.set(wireToTyped(preset));
    }
  }

  const chosenChannel = channel ?? options.data?.find((o) => o.recommended)?.channel ?? options.data?.[0]?.channel;
  const customAmount = custom.value && !custom.problem ? minorOf(typedToWire(custom.value)) : 0n;
  const amount = picked?.kind === 'stair' ? picked.amount : customAmount > 0n ? minorToMoney(customAmount) : undefined;
  const cny = picked?.kind === 'stair' && info.data ? (stairOf(info.data, picked.amount)?.amount_cny ?? picked.amount) : amount;

  const submit = () => {
    if (!picked || !chosenChannel) return;
    if (picked.kind === 'custom' && !custom.check()) return;
    const value = picked.kind === 'stair' ? picked.amount : typedToWire(custom.value);
    const input = { amount: value, pay_type: payType, channel: chosenChannel };
    guard(async () => {
      const order = await recharge.mutateAsync({ input, key: keys.current.keyFor(input) });
      keys.current.done();
      const retry = withQuery(from ? withQuery(WALLET, 'from', from) : WALLET, 'amount', value);
      rememberFlow(order.order_no, { kind: 'recharge', from: from ?? WALLET, retry });
      if (!order.cashier_url) {
        navigate(`/bookSetting/pages/payfail?order_no=${order.order_no}&reason=error`);
        return;
      }
      setLeaving(true);
      cashier.go(order.cashier_url);
    });
  };

  const failed = [wallet, info, options].filter((q) => q.isError);
  const body = () => {
    if (failed.length) return <LoadFailed full onRetry={() => Promise.all(failed.map((q) => q.refetch()))} />;
    if (!info.data || !options.data || !picked)
      return (
        <div className="section padded" data-testid="recharge-loading">
          <Skeleton.Title animated />
          <Skeleton.Paragraph lineCount={4} animated />
        </div>
      );
    const act = info.data;
    return (
      <>
        {shortfall && need.data && (
          <div className="notice-card" role="note" data-testid="recharge-shortfall">
            <CommerceGlyph name="info" />
            {t('commerce.recharge.shortfall', { amount: formatAmount(need.data.shortfall) })}
          </div>
        )}
        {banner.data
          ?.flatMap((space) => space.items)
          .map((item) => (
            <button
              key={item.code}
              type="button"
              className="notice-card shell-banner"
              data-testid={`space-${item.code}`}
              onClick={() => item.link && navigate(`/${item.link}`)}
            >
              <CommerceGlyph name="coupon" />
              <span>
                <strong>{item.title}</strong> {item.text}
              </span>
            </button>
          ))}
        <section className="section" aria-labelledby="shell-stairs-title">
          <h2 className="shell-section-title" id="shell-stairs-title">
            {t('commerce.recharge.stairs')}
          </h2>
          <div className="shell-stairs" role="radiogroup" aria-labelledby="shell-stairs-title">
            {act.stairs.map((s) => {
              const on = picked.kind === 'stair' && minorOf(picked.amount) === minorOf(s.amount);
              const bonus = minorOf(s.bonus) > 0n;
              return (
                <button
                  key={s.amount}
                  type="button"
                  role="radio"
                  aria-checked={on}
                  className={on ? 'shell-stair active' : 'shell-stair'}
                  data-testid={`stair-${s.amount}`}
                  onClick={() => setPicked({ kind: 'stair', amount: s.amount })}
                >
                  {act.first_recharge && s.corner && (
                    <span className="shell-corner" data-testid={`stair-corner-${s.amount}`}>
                      {s.corner}
                    </span>
                  )}
                  <span className="shell-stair-amount">{wireToTyped(s.amount)}</span>
                  <span className="shell-stair-unit">{t('commerce.wallet.unit')}</span>
                  <span className="shell-stair-cny">{yuan(s.amount_cny)}</span>
                  {bonus && <span className="shell-stair-bonus">{t('commerce.recharge.bonus', { amount: wireToTyped(s.bonus) })}</span>}
                </button>
              );
            })}
            <button
              type="button"
              role="radio"
              aria-checked={picked.kind === 'custom'}
              className={picked.kind === 'custom' ? 'shell-stair active' : 'shell-stair'}
              data-testid="recharge-custom"
              onClick={() => setPicked({ kind: 'custom' })}
            >
              <span className="shell-stair-amount">{t('commerce.recharge.custom')}</span>
            </button>
          </div>
          {picked.kind === 'custom' && (
            <div className="shell-custom">
              <label className="field-label" htmlFor="recharge-custom-amount">
                {t('commerce.recharge.customLabel')}
              </label>
              <AmountInput
                id="recharge-custom-amount"
                testId="recharge-custom-input"
                errorTestId="recharge-custom-error"
                field={custom}
                placeholder={t('commerce.recharge.customPlaceholder', RECHARGE_LIMITS)}
              />
            </div>
          )}
        </section>
        <PayOptions options={options.data} chosen={chosenChannel} onChoose={setChannel} />
        <section className="section" aria-labelledby="shell-notice-title">
          <h2 className="shell-section-title" id="shell-notice-title">
            {t('commerce.recharge.notice')}
          </h2>
          <p className="shell-notice" data-testid="recharge-notice" data-code={act.notice.code}>
            {act.notice.text}
          </p>
        </section>
        {options.data.length > 0 && (
          <div className="shell-bar">
            <Button
              block
              color="primary"
              size="large"
              data-testid="recharge-submit"
              loading={recharge.isPending || leaving}
              onClick={submit}
            >
              {cny ? t('commerce.recharge.submitAmount', { amount: formatAmount(cny) }) : t('commerce.recharge.submit')}
            </Button>
          </div>
        )}
      </>
    );
  };

  return (
    <div className="page shell-page" data-testid="page-bananashell">
      <PageBar
        title={t('commerce.wallet.title')}
        right={
          <button type="button" className="shell-link" data-testid="wallet-records" onClick={() => navigate('/trade/pages/record')}>
            {t('commerce.wallet.records')}
          </button>
        }
      />
      <WalletCard balance={wallet.data} />
      {body()}
    </div>
  );
}

export default function BananaShellPage() {
  return (
    <RequireLogin>
      <BananaShell />
    </RequireLogin>
  );
}
