import { useEffect } from 'react';
import { useLocation } from 'react-router';

/** How many locations the frame has drawn since the app started. */
let drawn = 0;

/**
 * On navigation: to the top, or to the hash anchor offset by the fixed header (spec §2). It also marks on `<html>`
 * which location the frame has drawn (`data-drawn="<count> <path><search>"`): router updates are transitions, so
 * the previous page stays on screen until the next one is ready, and browser tests that move through the app wait
 * for this mark rather than guess.
 */
export function ScrollManager() {
  const location = useLocation();
  const { pathname, hash } = location;
  useEffect(() => {
    drawn += 1;
    document.documentElement.dataset.drawn = `${drawn} ${location.pathname}${location.search}`;
  }, [location]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: pathname is the trigger, a new page scrolls to its top
  useEffect(() => {
    if (!hash) {
      window.scrollTo({ top: 0 });
      return;
    }
    // The target may render a moment later (lazy pages), so look for it for a short while.
    let tries = 0;
    const timer = window.setInterval(() => {
      const target = document.getElementById(decodeURIComponent(hash.slice(1)));
      if (target || ++tries > 20) window.clearInterval(timer);
      if (!target) return;
      const header = document.querySelector<HTMLElement>('[data-app-header]');
      const offset = (header?.offsetHeight ?? 0) + 8;
      window.scrollTo({ top: target.getBoundingClientRect().top + window.scrollY - offset });
    }, 50);
    return () => window.clearInterval(timer);
  }, [pathname, hash]);
  return null;
}
