import { ACCOUNT_TYPES, CATEGORY_ICONS, ACCOUNT_TYPE_ICONS } from '@cab/contracts/client';
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { CATEGORY_PATHS } from './category-paths.ts';
import { AccountIcon, CategoryIcon } from './icons.tsx';

const EMOJI = /\p{Extended_Pictographic}/u;

afterEach(cleanup);

/** The one SVG a render drew, with its shapes. */
function drawn(container: HTMLElement) {
  const svgs = container.querySelectorAll('svg');
  expect(svgs).toHaveLength(1);
  const svg = svgs[0]!;
  const shapes = svg.querySelectorAll('path, circle, rect, line, polyline, polygon, ellipse');
  expect(shapes.length).toBeGreaterThan(0);
  for (const s of shapes) if (s.tagName === 'path') expect(s.getAttribute('d')).toMatch(/^M[\d.\s,-]/);
  expect(container.textContent).toBe('');
  expect(container.innerHTML).not.toMatch(EMOJI);
  return svg;
}

describe('category icons', () => {
  it.each(CATEGORY_ICONS)('draws %s as an SVG of the set', (name) => {
    const { container } = render(<CategoryIcon name={name} size={24} />);
    const svg = drawn(container);
    expect(svg.getAttribute('viewBox')).toBe('0 0 24 24');
    expect(svg.getAttribute('data-icon')).toBe(name);
    expect(svg.getAttribute('aria-hidden')).toBe('true');
    expect(svg.getAttribute('width')).toBe('24');
  });

  it('gives every name a drawing of its own', () => {
    const paths = CATEGORY_ICONS.map((n) => CATEGORY_PATHS[n]);
    expect(new Set(paths).size).toBe(CATEGORY_ICONS.length);
  });

  it.each(['no-such-icon', '🍜', '', 'toString'])('draws the "other" icon for an unknown name (%j)', (name) => {
    const { container } = render(<CategoryIcon name={name} />);
    const svg = drawn(container);
    expect(svg.getAttribute('data-icon')).toBe('other');
    expect(svg.querySelector('path')?.getAttribute('d')).toBe(CATEGORY_PATHS.other);
  });

  it('takes a colour, and the text colour otherwise', () => {
    const { container } = render(<CategoryIcon name="food" color="#f5a623" />);
    const svg = drawn(container);
    expect(svg.getAttribute('stroke')).toBe('currentColor');
    expect(svg.style.color).toBe('rgb(245, 166, 35)');
    cleanup();
    expect(drawn(render(<CategoryIcon name="food" />).container).style.color).toBe('');
  });
});

describe('account icons', () => {
  it.each(ACCOUNT_TYPES)('draws the icon of type %s', (type) => {
    const svg = drawn(render(<AccountIcon type={type} size={20} />).container);
    expect(svg.getAttribute('data-icon')).toBe(ACCOUNT_TYPE_ICONS[type]);
  });

  it('draws the general account for an unknown type', () => {
    expect(drawn(render(<AccountIcon type="Crypto" />).container).getAttribute('data-icon')).toBe('account');
    cleanup();
    expect(drawn(render(<AccountIcon type="constructor" />).container).getAttribute('data-icon')).toBe('account');
  });
});
