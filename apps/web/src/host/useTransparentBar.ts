import { useEffect } from 'react';

/** SPEC 9: the transparent bar of a page's top turns opaque over the first 60 px of scrolling. */
export const TRANSPARENT_OFFSET = 60;
export const barOpacity = (scrollY: number) => Math.min(Math.max(scrollY, 0), TRANSPARENT_OFFSET) / TRANSPARENT_OFFSET;

/** Inside a host, the page's bar is transparent at the top and opaque after 60 px of scrolling (SPEC 9). */
export function useTransparentBar(): void {
  useEffect(() => {
    const root = document.documentElement;
    if (!root.dataset.host) return undefined;
    const follow = () => root.style.setProperty('--cab-bar-fade', String(barOpacity(window.scrollY)));
    follow();
    root.classList.add('cab-bar-transparent');
    window.addEventListener('scroll', follow, { passive: true });
    return () => {
      window.removeEventListener('scroll', follow);
      root.classList.remove('cab-bar-transparent');
      root.style.removeProperty('--cab-bar-fade');
    };
  }, []);
}
