import { useEffect } from 'react';
import { useLocation } from 'react-router';

/** On navigation: to the top, or to the hash anchor offset by the fixed header (spec §2). */
export function ScrollManager() {
  const { pathname, hash } = useLocation();
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
