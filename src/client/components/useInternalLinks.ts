import { useCallback } from 'react';
import { useNavigate } from 'react-router';

/**
 * A ref for an element holding HTML from the server or the i18n bundle: plain clicks on links to this site
 * go through the router instead of reloading the whole app.
 */
export function useInternalLinks() {
  const navigate = useNavigate();
  return useCallback(
    (element: HTMLElement | null) => {
      if (!element) return;
      const onClick = (event: MouseEvent) => {
        if (event.defaultPrevented || event.button !== 0) return;
        if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
        const anchor = event.target instanceof Element ? event.target.closest('a') : null;
        if (!anchor?.href || (anchor.target && anchor.target !== '_self') || anchor.hasAttribute('download')) return;
        const url = new URL(anchor.href, window.location.href);
        if (url.origin !== window.location.origin || url.pathname.startsWith('/api/')) return;
        event.preventDefault();
        navigate(`${url.pathname}${url.search}${url.hash}`);
      };
      element.addEventListener('click', onClick);
      return () => element.removeEventListener('click', onClick);
    },
    [navigate],
  );
}
