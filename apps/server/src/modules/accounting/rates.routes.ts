import { ACCOUNTING_PATHS, ConvertQuery, ConvertResponse, minorToMoney, moneyToMinor } from '@cab/contracts';
import type { FastifyInstance } from 'fastify';
import { defineRoute, type RegisteredRoute } from '../../http/route.ts';
import { convertMinor, formatRate, type RatesRepository } from './rates.ts';

export function registerRateRoutes(app: FastifyInstance, registry: RegisteredRoute[], rates: RatesRepository): void {
  defineRoute(app, registry, {
    method: 'GET',
    url: ACCOUNTING_PATHS.convert,
    tag: 'accounting',
    auth: 'user',
    summary: 'Convert an amount between currencies at the rate table (kept by an operator with `npm run cab -- rates set`)',
    query: ConvertQuery,
    response: ConvertResponse,
    handler: async ({ query }) => {
      const { rate, updatedAt } = await rates.rate(query.from, query.to);
      const amount = moneyToMinor(query.amount ?? '1');
      return {
        data: {
          from: query.from,
          to: query.to,
          rate: formatRate(rate),
          amount: minorToMoney(amount),
          result: minorToMoney(convertMinor(amount, rate)),
          updated_at: updatedAt.getTime(),
        },
      };
    },
  });
}
