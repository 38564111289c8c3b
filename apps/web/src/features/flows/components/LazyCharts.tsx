import { Suspense, lazy } from 'react';
import type { ChartItem } from '../charts/charts.tsx';
import '../flows.css';

// chart.js comes in a chunk of its own, fetched when a chart is first drawn.
const load = () => import('../charts/charts.tsx');
const LazyRing = lazy(() => load().then((m) => ({ default: m.RingChart })));
const LazyBars = lazy(() => load().then((m) => ({ default: m.BarChart })));

export type { ChartItem };
interface Props {
  items: ChartItem[];
  label: string;
  masked: boolean;
  testId?: string;
}

/** A ring of shares; while chart.js loads, a ring-shaped placeholder keeps its place. */
export function Ring(props: Props) {
  return (
    <Suspense fallback={<div className="chart-placeholder ring" aria-hidden="true" />}>
      <LazyRing {...props} />
    </Suspense>
  );
}

/** Bars over time; while chart.js loads, a placeholder of the same size. */
export function Bars(props: Props) {
  return (
    <Suspense fallback={<div className="chart-placeholder bars" aria-hidden="true" />}>
      <LazyBars {...props} />
    </Suspense>
  );
}

/** Colours of a ring's parts, told apart from each other and from white (3:1 and more for the first ones). */
export const PALETTE = ['#e8890c', '#3b6fb6', '#c8473d', '#2f8f83', '#5b9a3c', '#8e5aa8', '#c0609a', '#8a6a4f', '#5e7185', '#a3a3a3'];
