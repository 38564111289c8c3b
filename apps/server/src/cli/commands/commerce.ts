import { minorToMoney } from '@cab/contracts';
import { RefundRefused } from '../../modules/commerce/settlement.ts';
import { CommandFailed, UsageError, confirm, type CommandGroup } from '../kit.ts';
import { withBuiltApp } from '../with-app.ts';

const ORDER_NO = /^R[0-9]{8,30}$/;

/** Support's work on orders (docs/commerce.md, "Operator command"): a paid recharge refunded through its provider. */
export const commerce: CommandGroup = {
  name: 'commerce',
  summary: 'recharge orders: refunds through the payment provider',
  notes: "A refund takes the order's shells (and the first-recharge bonus it brought) back out of the wallet; see docs/commerce.md.",
  subcommands: [
    {
      name: 'refund',
      args: '<order_no>',
      summary: 'refunds a paid recharge order (refused when the wallet has spent its shells); asks first unless --yes',
      run: async (args, ctx) => {
        const [orderNo, extra] = args;
        if (!orderNo || extra !== undefined || !ORDER_NO.test(orderNo))
          throw new UsageError('commerce refund takes one recharge order number (R...)');
        await confirm(ctx, `refund recharge order ${orderNo}`);
        await withBuiltApp(ctx, async (built) => {
          try {
            const o = await built.commerce.settlement.refundPaid(orderNo);
            ctx.out(
              `refunded ${o.order_no}: ${minorToMoney(o.amount)} banana shells taken back, CNY ${minorToMoney(o.amount_cny)} asked of ${o.channel}`,
            );
          } catch (err) {
            if (err instanceof RefundRefused) throw new CommandFailed(err.message);
            throw err;
          }
        });
      },
    },
  ],
};
