import type { ImportSource } from '@cab/contracts/client';
import { SOURCE_BADGES } from '../sources.ts';

/** A source's badge (sources.ts): decoration beside its name, hidden from screen readers. */
export function SourceBadge({ source, size = 40 }: { source: ImportSource; size?: number }) {
  const b = SOURCE_BADGES[source];
  return (
    <svg className="import-badge" data-source={source} width={size} height={size} viewBox="0 0 40 40" aria-hidden="true">
      <rect width="40" height="40" rx="10" fill={b.color} />
      {b.glyph === 'grid' ? (
        <path
          d="M10 11.5h20v17H10zM10 17.5h20M10 23h20M17 11.5v17M23.5 11.5v17"
          fill="none"
          stroke="#fff"
          strokeWidth="1.8"
          strokeLinejoin="round"
        />
      ) : (
        <text x="20" y="20" dy="0.36em" textAnchor="middle" fill="#fff" fontSize={b.size ?? 20} fontWeight="700">
          {b.glyph}
        </text>
      )}
    </svg>
  );
}
