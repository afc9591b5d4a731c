import { Anchor, type MantineSpacing, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { LoadError } from './LoadState';

/** What a page says when the thing its address names is not there: a title, why, and where to go instead. */
export function NotFoundNotice({
  title,
  text,
  link,
  mt,
}: {
  title: string;
  text: string;
  link?: { to: string; label: string };
  /** Space above the title, below a back link. */
  mt?: MantineSpacing;
}) {
  return (
    <>
      <Title order={1} mt={mt}>
        {title}
      </Title>
      <Text mt="md">{text}</Text>
      {link && (
        <Anchor component={Link} to={link.to} mt="md" display="inline-block">
          {link.label}
        </Anchor>
      )}
    </>
  );
}

/** A page whose data could not be loaded: its title, and the load error (its own words, or the shell's) under it. */
export function PageLoadError({ title, children, mt }: { title: string; children?: ReactNode; mt?: MantineSpacing }) {
  return (
    <>
      <Title order={1} mt={mt}>
        {title}
      </Title>
      <LoadError mt="md">{children}</LoadError>
    </>
  );
}

/** Why a form's input is refused (an empty answer, a missing comment), announced as it appears. */
export function FieldError({
  children,
  mt,
  'data-testid': testId,
}: {
  children: ReactNode;
  mt?: MantineSpacing;
  'data-testid'?: string;
}) {
  return (
    <Text size="sm" c="var(--mantine-color-error)" mt={mt} role="alert" data-testid={testId}>
      {children}
    </Text>
  );
}
