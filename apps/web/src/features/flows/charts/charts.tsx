import {
  ArcElement,
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  DoughnutController,
  LinearScale,
  Tooltip,
  type ChartConfiguration,
} from 'chart.js';
import { useEffect, useMemo, useRef } from 'react';

/**
 * The charts of the flow screens, on chart.js with only the parts they draw registered
 * (a ring and bars). This module is loaded lazily by the pages that draw charts, so
 * the library is in no page's first load (docs/performance.md).
 */
Chart.register(DoughnutController, ArcElement, BarController, BarElement, CategoryScale, LinearScale, Tooltip);

export interface ChartItem {
  label: string;
  /** For drawing only; texts use the exact amounts. */
  value: number;
  color: string;
  /** What the tooltip says (the formatted amount); none when amounts are hidden. */
  tip?: string;
}

interface Props {
  items: ChartItem[];
  /** The text alternative of the canvas: what the chart shows, in words. */
  label: string;
  masked: boolean;
  testId?: string;
}

/** The same items while their content stays the same: a parent's new array does not redraw the chart. */
function useStableItems(items: ChartItem[]): ChartItem[] {
  const key = JSON.stringify(items);
  return useMemo(() => JSON.parse(key) as ChartItem[], [key]);
}

/** A chart.js chart on a canvas with its words, rebuilt when its configuration changes and destroyed with the component. */
function ChartCanvas({ config, label, testId }: { config: ChartConfiguration; label: string; testId: string | undefined }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    if (!canvas.current) return;
    const chart = new Chart(canvas.current, config);
    return () => chart.destroy();
  }, [config]);
  return (
    <canvas ref={canvas} role="img" aria-label={label} data-testid={testId}>
      {label}
    </canvas>
  );
}

const tipLabel = (items: ChartItem[], masked: boolean) => (index: number) => (masked ? '' : (items[index]?.tip ?? ''));

export function RingChart({ items: given, label, masked, testId }: Props) {
  const items = useStableItems(given);
  const config = useMemo<ChartConfiguration>(
    () => ({
      type: 'doughnut',
      data: {
        labels: items.map((i) => i.label),
        datasets: [{ data: items.map((i) => i.value), backgroundColor: items.map((i) => i.color), borderWidth: 2, borderColor: '#fff' }],
      },
      options: {
        cutout: '64%',
        responsive: true,
        maintainAspectRatio: false,
        animation: { duration: 300 },
        plugins: {
          tooltip: { enabled: !masked, callbacks: { label: (c) => tipLabel(items, masked)(c.dataIndex) } },
        },
      },
    }),
    [items, masked],
  );
  return <ChartCanvas config={config} label={label} testId={testId} />;
}

export function BarChart({ items: given, label, masked, testId }: Props) {
  const items = useStableItems(given);
  const config = useMemo<ChartConfiguration>(
    () => ({
      type: 'bar',
      data: {
        labels: items.map((i) => i.label),
        datasets: [{ data: items.map((i) => i.value), backgroundColor: items.map((i) => i.color), borderRadius: 3, maxBarThickness: 22 }],
      },
      options: {
        responsive: true,
        maintainAspectRatio: false,
        animation: { duration: 300 },
        scales: {
          x: { grid: { display: false }, ticks: { color: '#5e5e5e', maxRotation: 0, autoSkipPadding: 6, font: { size: 11 } } },
          y: {
            beginAtZero: true,
            border: { display: false },
            grid: { color: '#f0f0f0' },
            // Hidden amounts hide the scale too: its numbers would tell them.
            ticks: { display: !masked, color: '#5e5e5e', maxTicksLimit: 5, font: { size: 11 } },
          },
        },
        plugins: {
          tooltip: { enabled: !masked, callbacks: { label: (c) => tipLabel(items, masked)(c.dataIndex) } },
        },
      },
    }),
    [items, masked],
  );
  return <ChartCanvas config={config} label={label} testId={testId} />;
}
