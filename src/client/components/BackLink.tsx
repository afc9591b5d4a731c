import { Anchor } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** The link back up above a page's title: to the list, the course, the chapter. */
export function BackLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Anchor component={Link} to={to} size="sm">
      <IconArrowLeft size={14} aria-hidden style={{ verticalAlign: 'middle', marginRight: 4 }} />
      {children}
    </Anchor>
  );
}
