/** The figures of `npm run bench:peers` and the one table it prints (milliseconds throughout). */

export interface Timing {
  p50: number;
  p95: number;
  runs: number;
}

/** What bench/peers/actual/runner.mjs prints on its last line. */
export interface PeerFigures {
  version: string;
  count: number;
  importTransactions: number;
  addTransactions: number;
  reopen: { close: number; load: number; loadAndFirstScreen: number; runs: number };
  monthTotalsBudgetMonth: Timing;
  monthTotalsAql: Timing;
  firstMonthExpenseCents: number;
  latest50: Timing;
}

export interface CabFigures {
  count: number;
  /** Batch calls one after another. */
  import: number;
  /** The same into another book with two calls in flight. */
  importTwoAtATime: number;
  reopen: Timing;
  monthTotals: Timing;
  latest50: Timing;
  /** The same reads through Fastify's inject in the server's own process: no HTTP socket, as the peer has none. */
  inProcess: { monthTotals: Timing; latest50: Timing };
  /** The same, through an instance that keeps no answers (tokens and memberships kept): every call computes, as the first read after a write. */
  computed: { monthTotals: Timing; latest50: Timing };
  /** The same, through an instance that keeps nothing (CAB_ANSWER_CACHE=off): the token and the membership are read too. */
  nothingKept: { monthTotals: Timing; latest50: Timing };
  firstMonthExpenseCents: number;
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const timing = (t: Timing) => `${t.p50.toFixed(2)} ms (p95 ${t.p95.toFixed(2)})`;
const ms = (v: number) => `${v.toFixed(2)} ms`;
/** Peer time over ours: above 1 means CAB is faster. */
const ratio = (ours: number, theirs: number) => (theirs / ours).toFixed(2);

export function peerTable(cab: CabFigures, peer: PeerFigures): string[] {
  const n = cab.count.toLocaleString('en');
  return [
    '| workload | CAB | Actual | ratio (Actual / CAB) |',
    '| --- | --- | --- | --- |',
    `| import ${n}: CAB batch calls of 1,000 one after another (median of 3) / Actual \`addTransactions\` | ${seconds(cab.import)} | ${seconds(peer.addTransactions)} | ${ratio(cab.import, peer.addTransactions)} |`,
    `| import ${n}: CAB batch calls of 1,000 one after another (median of 3) / Actual \`importTransactions\` | ${seconds(cab.import)} | ${seconds(peer.importTransactions)} | ${ratio(cab.import, peer.importTransactions)} |`,
    `| import ${n}: CAB batch calls of 1,000, two in flight (median of 3) / Actual \`addTransactions\` | ${seconds(cab.importTwoAtATime)} | ${seconds(peer.addTransactions)} | ${ratio(cab.importTwoAtATime, peer.addTransactions)} |`,
    `| import ${n}: CAB batch calls of 1,000, two in flight (median of 3) / Actual \`importTransactions\` | ${seconds(cab.importTwoAtATime)} | ${seconds(peer.importTransactions)} | ${ratio(cab.importTwoAtATime, peer.importTransactions)} |`,
    `| reopen, p50 of ${cab.reopen.runs}: CAB the book home's calls together / Actual \`loadBudget\` + first screen | ${ms(cab.reopen.p50)} | ${ms(peer.reopen.loadAndFirstScreen)} | ${ratio(cab.reopen.p50, peer.reopen.loadAndFirstScreen)} |`,
    `| (Actual \`loadBudget\` alone; closing took ${ms(peer.reopen.close)}) | | ${ms(peer.reopen.load)} | |`,
    `| a month's category totals, 12 months in turn: Actual \`getBudgetMonth\` | ${timing(cab.monthTotals)} | ${timing(peer.monthTotalsBudgetMonth)} | ${ratio(cab.monthTotals.p50, peer.monthTotalsBudgetMonth.p50)} |`,
    `| a month's category totals: Actual \`aqlQuery\` grouped sum | ${timing(cab.monthTotals)} | ${timing(peer.monthTotalsAql)} | ${ratio(cab.monthTotals.p50, peer.monthTotalsAql.p50)} |`,
    `| the latest 50 | ${timing(cab.latest50)} | ${timing(peer.latest50)} | ${ratio(cab.latest50.p50, peer.latest50.p50)} |`,
    `| (same layer as the peer) a month's category totals, CAB in-process: Actual \`getBudgetMonth\` | ${timing(cab.inProcess.monthTotals)} | ${timing(peer.monthTotalsBudgetMonth)} | ${ratio(cab.inProcess.monthTotals.p50, peer.monthTotalsBudgetMonth.p50)} |`,
    `| (same layer as the peer) the latest 50, CAB in-process | ${timing(cab.inProcess.latest50)} | ${timing(peer.latest50)} | ${ratio(cab.inProcess.latest50.p50, peer.latest50.p50)} |`,
    `| (same layer, no kept answers) a month's category totals, CAB computing each: Actual \`aqlQuery\` | ${timing(cab.computed.monthTotals)} | ${timing(peer.monthTotalsAql)} | ${ratio(cab.computed.monthTotals.p50, peer.monthTotalsAql.p50)} |`,
    `| (same layer, no kept answers) the latest 50, CAB computing each | ${timing(cab.computed.latest50)} | ${timing(peer.latest50)} | ${ratio(cab.computed.latest50.p50, peer.latest50.p50)} |`,
    `| (same layer, nothing kept: the token and the membership read too) a month's category totals: Actual \`aqlQuery\` | ${timing(cab.nothingKept.monthTotals)} | ${timing(peer.monthTotalsAql)} | ${ratio(cab.nothingKept.monthTotals.p50, peer.monthTotalsAql.p50)} |`,
    `| (same layer, nothing kept) the latest 50 | ${timing(cab.nothingKept.latest50)} | ${timing(peer.latest50)} | ${ratio(cab.nothingKept.latest50.p50, peer.latest50.p50)} |`,
  ];
}
