import type { ReactNode } from 'react';
import '../market.css';

/**
 * A row of tabs that switch between views of a screen (docs/ui.md). Plain buttons with
 * the tab roles: antd-mobile's Tabs animate their underline with react-spring, some
 * 17 KB of the screen's first load for one sliding line.
 */
export function TabRow<T extends string>({
  value,
  tabs,
  onChange,
  label,
  testId,
}: {
  value: T;
  tabs: ReadonlyArray<{ key: T; title: ReactNode }>;
  onChange: (key: T) => void;
  label: string;
  testId: string;
}) {
  return (
    <div className="market-tabs" role="tablist" aria-label={label}>
      {tabs.map((tab) => (
        <button
          key={tab.key}
          type="button"
          role="tab"
          aria-selected={tab.key === value}
          className={tab.key === value ? 'market-tab active' : 'market-tab'}
          data-testid={`${testId}-${tab.key}`}
          onClick={() => tab.key !== value && onChange(tab.key)}
        >
          {tab.title}
        </button>
      ))}
    </div>
  );
}
