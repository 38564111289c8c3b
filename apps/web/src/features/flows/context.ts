import { createContext, useContext } from 'react';

/**
 * What a flow's rows need to know of their book: its time zone (a row's time is the
 * book's wall clock, as its day header is) and its currency (an amount in another
 * currency names its own). Rows outside a provider use the phone's zone and name no
 * currency.
 */
export interface FlowBook {
  timeZone?: string;
  currency?: string;
  /** The currency of the account whose flow_amount the rows show. */
  flowCurrency?: string;
}
export const FlowBookContext = createContext<FlowBook>({});
export const useFlowBook = (): FlowBook => useContext(FlowBookContext);
