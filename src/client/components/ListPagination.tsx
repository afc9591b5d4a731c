import { Center, Pagination } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * The pages of a list, as a navigation landmark named `label`: each page and control named for screen readers,
 * the current page marked. On a phone (`compact`) only the neighbouring controls, without the first and last.
 */
export function ListPagination(props: {
  label: string;
  total: number;
  page: number;
  onChange(page: number): void;
  compact?: boolean;
  testId?: string;
}) {
  const { t } = useTranslation('shell');
  return (
    <Center mt="md" component="nav" aria-label={props.label}>
      <Pagination
        total={props.total}
        value={Math.min(props.page, props.total)}
        onChange={props.onChange}
        siblings={props.compact ? 0 : 1}
        withEdges={!props.compact}
        getItemProps={(page) => ({
          'aria-label': t('pagination.page', { page }),
          'aria-current': page === props.page ? 'page' : undefined,
        })}
        getControlProps={(control) => ({ 'aria-label': t(`pagination.${control}`) })}
        data-testid={props.testId}
      />
    </Center>
  );
}
