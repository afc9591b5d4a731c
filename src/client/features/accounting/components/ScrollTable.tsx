import { Table } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import type { ReactNode } from 'react';

/**
 * A table of figures that scrolls sideways when its room is narrower than it (a phone). While it does, its scrolling
 * region is a named stop of the keyboard, so it can be scrolled without a mouse (WCAG 2.1.1; axe's
 * scrollable-region-focusable); where it fits, it adds no stop.
 */
export function ScrollTable({ minWidth, label, children }: { minWidth: number; label: string; children: ReactNode }) {
  const { ref, width } = useElementSize();
  const scrolls = width > 0 && width < minWidth;
  return (
    <Table.ScrollContainer
      ref={ref}
      minWidth={minWidth}
      scrollAreaProps={scrolls ? { viewportProps: { tabIndex: 0, role: 'region', 'aria-label': label } } : undefined}
    >
      {children}
    </Table.ScrollContainer>
  );
}
