import { useEffect, useState } from 'react';

export interface TargetRect {
  top: number;
  left: number;
  width: number;
  height: number;
}

/** The first of `selectors` that is on the page and drawn. */
function findTarget(selectors: readonly string[]): HTMLElement | null {
  for (const selector of selectors) {
    const element = document.querySelector<HTMLElement>(selector);
    if (element && element.getClientRects().length > 0) return element;
  }
  return null;
}

/**
 * Where a tour step's target is on the screen, kept as the page scrolls or resizes; null while there is none. The
 * target is scrolled into view once, when the step begins.
 */
export function useTargetRect(selectors: readonly string[] | null): TargetRect | null {
  const [rect, setRect] = useState<TargetRect | null>(null);
  const key = selectors?.join('|') ?? '';
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for the selectors
  useEffect(() => {
    if (!selectors) {
      setRect(null);
      return;
    }
    let frame = 0;
    const measure = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        const box = findTarget(selectors)?.getBoundingClientRect();
        setRect(box ? { top: box.top, left: box.left, width: box.width, height: box.height } : null);
      });
    };
    findTarget(selectors)?.scrollIntoView({ block: 'nearest' });
    measure();
    window.addEventListener('scroll', measure, { capture: true, passive: true });
    window.addEventListener('resize', measure);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', measure, { capture: true });
      window.removeEventListener('resize', measure);
    };
  }, [key]);
  return rect;
}
