import type { CSSProperties } from 'react';

/**
 * The app's own SVG icon set: outline glyphs on a 24-unit grid, drawn with the text
 * colour. A few hundred bytes for all of them, where antd-mobile-icons weighs 2 to 9 KB
 * an icon (docs/ui.md: icons come from this set, never emoji characters).
 */
const PATHS = {
  home: 'M3.5 10.5 12 4l8.5 6.5M6 9v10.5h4.5V14h3v5.5H18V9',
  ledger: 'M6 3.5h11a1.5 1.5 0 0 1 1.5 1.5v15.5H6.5A2 2 0 0 1 4.5 18.5V5A1.5 1.5 0 0 1 6 3.5zM4.5 18.5a2 2 0 0 1 2-2h12M8.5 8h6M8.5 11.5h4',
  market: 'M4 8h16l-1.2 11.2a1.5 1.5 0 0 1-1.5 1.3H6.7a1.5 1.5 0 0 1-1.5-1.3zM8.5 8V6.5a3.5 3.5 0 0 1 7 0V8',
  user: 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM4.5 20.5c.8-3.8 3.8-6 7.5-6s6.7 2.2 7.5 6',
  family:
    'M9 11a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7zM2.5 20c.6-3.4 3.1-5.5 6.5-5.5s5.9 2.1 6.5 5.5M16 11a3 3 0 1 0-1-5.8M17.5 14.6c2.2.5 3.6 2.4 4 5.4',
  shop: 'M4 9.5 5.5 4h13L20 9.5M4 9.5a2.7 2.7 0 0 0 5.3 0 2.7 2.7 0 0 0 5.4 0 2.7 2.7 0 0 0 5.3 0M5.5 12v8h13v-8M10 20v-4.5h4V20',
  travel:
    'M10.5 13.5 4 11l1.5-1.5 7 .5 4-4c1-1 2.5-1.3 3-.8s.2 2-.8 3l-4 4 .5 7L14 20.5l-2.5-6.5-3 3 .3 2.3-1.3 1.2-1.5-3-3-1.5 1.2-1.3 2.3.3z',
  renovation:
    'M14.5 4.5a4 4 0 0 0-4.8 5.3L4 15.5 6.5 18l1-1 .5.5 1.5-1.5 1.5 1.5 1-1-1.5-1.5 1.7-1.7a4 4 0 0 0 5.3-4.8l-2.3 2.3-2.5-.5-.5-2.5z',
  baby: 'M12 20a7.5 7.5 0 1 0 0-15 7.5 7.5 0 0 0 0 15zM9.5 11v.5M14.5 11v.5M10 15a2.8 2.8 0 0 0 4 0M12 5c-1.5 0-2 1.3-1 2',
  wedding: 'M12 20.5s-7.5-4.4-7.5-10A4.3 4.3 0 0 1 12 7.8a4.3 4.3 0 0 1 7.5 2.7c0 5.6-7.5 10-7.5 10z',
  car: 'M4.5 16.5v-4l2-5a1.5 1.5 0 0 1 1.4-1h8.2a1.5 1.5 0 0 1 1.4 1l2 5v4zM4.5 16.5V19h2.5v-2.5M17 16.5V19h2.5v-2.5M4.5 12.5h15M7.5 14.5h1M15.5 14.5h1',
  money: 'M12 20.5a8.5 8.5 0 1 0 0-17 8.5 8.5 0 0 0 0 17zM9 7.5l3 4 3-4M12 11.5v5.5M9.5 12.5h5M9.5 15h5',
  study: 'M2.5 9 12 5l9.5 4-9.5 4zM6.5 10.8v4.7c0 1.5 2.5 3 5.5 3s5.5-1.5 5.5-3v-4.7M21.5 9v5.5',
  pet: 'M12 20c-3 0-5-1.6-5-3.6 0-2.3 2.5-4.4 5-4.4s5 2.1 5 4.4c0 2-2 3.6-5 3.6zM7 11a1.7 2 0 1 0 0-.1zM10 7.5a1.7 2 0 1 0 0-.1zM14 7.5a1.7 2 0 1 0 0-.1zM17 11a1.7 2 0 1 0 0-.1z',
  list: 'M9 6.5h11M9 12h11M9 17.5h11M4 6.5h1M4 12h1M4 17.5h1',
  pie: 'M12 3.5v8.5h8.5A8.5 8.5 0 1 1 12 3.5zM15 2.5a7 7 0 0 1 6.5 6.5H15z',
  team: 'M9 11a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7zM2.5 20c.6-3.4 3.1-5.5 6.5-5.5s5.9 2.1 6.5 5.5M15.5 4.3a3.5 3.5 0 0 1 0 6.4M18 14.8c1.9.7 3.1 2.5 3.5 5.2',
  gear: 'M12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM12 2.8l2 1.8 2.6-.4.9 2.5 2.4 1.2-.6 2.6 1.2 2.3-2 1.8.1 2.7-2.6.6-1.4 2.3-2.6-.9-2 1.8-2-1.8-2.6.9-1.4-2.3-2.6-.6.1-2.7-2-1.8 1.2-2.3-.6-2.6 2.4-1.2.9-2.5 2.6.4z',
  more: 'M5 12h.5M12 12h.5M19 12h.5',
  add: 'M12 5v14M5 12h14',
  back: 'M15 4.5 7.5 12l7.5 7.5',
  check: 'M5 12.5 10 17.5 19.5 7',
  search: 'M10.5 17.5a7 7 0 1 0 0-14 7 7 0 0 0 0 14zM15.5 15.5l5 5',
  eye: 'M2.5 12S6 5.5 12 5.5 21.5 12 21.5 12 18 18.5 12 18.5 2.5 12 2.5 12zM12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6z',
  eyeOff:
    'M4 4l16 16M9.9 5.8A9.7 9.7 0 0 1 12 5.5c6 0 9.5 6.5 9.5 6.5a17 17 0 0 1-2.9 3.6M14.1 18.2a9.7 9.7 0 0 1-2.1.3c-6 0-9.5-6.5-9.5-6.5a17 17 0 0 1 3-3.7M9.9 9.9a3 3 0 0 0 4.2 4.2',
} as const;

export type IconName = keyof typeof PATHS;

/** Icons whose dots are drawn as round caps need a heavier line to show. */
const HEAVY: ReadonlySet<IconName> = new Set(['more']);

/** One outline glyph of the set's grid, drawn with the text colour: the way every icon set of the app draws. */
export function PathIcon({
  d,
  name,
  size = '1em',
  heavy = false,
  style,
  className,
}: {
  d: string;
  name?: string;
  size?: number | string;
  heavy?: boolean;
  style?: CSSProperties | undefined;
  className?: string | undefined;
}) {
  return (
    <svg
      className={className ? `cab-icon ${className}` : 'cab-icon'}
      data-icon={name}
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={heavy ? 2.6 : 1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      style={style}
    >
      <path d={d} />
    </svg>
  );
}

export function Icon({
  name,
  size = '1em',
  style,
  className,
}: {
  name: IconName;
  size?: number | string;
  style?: CSSProperties;
  className?: string;
}) {
  return <PathIcon d={PATHS[name]} size={size} heavy={HEAVY.has(name)} style={style} className={className} />;
}
