import { Alert, Center, Loader, type MantineSize, type MantineSpacing } from '@mantine/core';
import type { CSSProperties, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface LoadingProps {
  /** A section's spinner (smaller, less space) rather than a page's. */
  section?: boolean;
  /** What screen readers hear; "Loading..." unless told. */
  label?: string;
  size?: MantineSize;
  py?: MantineSpacing;
  className?: string;
}

/** The spinner that holds a page's or a section's place while its data loads, named for screen readers. */
export function Loading({ section = false, label, size, py, className }: LoadingProps) {
  const { t } = useTranslation('shell');
  return (
    <Center py={py ?? (section ? 'md' : 'xl')} className={className}>
      <Loader size={size ?? (section ? 'sm' : undefined)} role="status" aria-label={label ?? t('loading')} />
    </Center>
  );
}

interface ErrorAlertProps {
  children: ReactNode;
  title?: string;
  mt?: MantineSpacing;
  style?: CSSProperties;
}

/** A failure, announced to screen readers as it appears. */
export function ErrorAlert({ children, title, mt, style }: ErrorAlertProps) {
  return (
    <Alert color="red" variant="light" role="alert" title={title} mt={mt} style={style}>
      {children}
    </Alert>
  );
}

/** Data that could not be loaded: the page's own words for it, else "Error loading data from backend…". */
export function LoadError({ children, ...props }: Omit<ErrorAlertProps, 'children'> & { children?: ReactNode }) {
  const { t } = useTranslation('shell');
  return <ErrorAlert {...props}>{children ?? t('loadFailed')}</ErrorAlert>;
}

/** What QueryState reads of a TanStack query. */
export interface QueryView<T> {
  data: T | undefined;
  isPending: boolean;
  isError: boolean;
}

/**
 * A query's data once it is there: meanwhile the spinner, on failure the load error (`failed` adds a reason of the
 * page's own, such as no signed-in user). `loading` and `error` replace the default spinner and alert.
 */
export function QueryState<T>({
  query,
  children,
  failed = false,
  loading,
  error,
}: {
  query: QueryView<T>;
  children(data: T): ReactNode;
  failed?: boolean;
  loading?: ReactNode;
  error?: ReactNode;
}) {
  if (failed || query.isError) return error ?? <LoadError />;
  if (query.isPending || query.data === undefined) return loading ?? <Loading />;
  return children(query.data);
}
