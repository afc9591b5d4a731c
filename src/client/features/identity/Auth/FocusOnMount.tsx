import { Box } from '@mantine/core';
import { type ReactNode, useEffect, useRef } from 'react';

/**
 * Moves focus to its content when it appears, so a keyboard or screen reader user who just submitted a
 * form lands on the answer (the form itself is gone).
 */
export function FocusOnMount({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.focus();
  }, []);
  return (
    <Box ref={ref} tabIndex={-1} style={{ outline: 'none' }}>
      {children}
    </Box>
  );
}
