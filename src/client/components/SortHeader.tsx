import { Table, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconArrowsSort, IconSortAscending, IconSortDescending } from '@tabler/icons-react';

/**
 * A column header that sorts a table by its column: once going up, again going down. `sortLabel` names for screen
 * readers what a press does (the column and the direction it sorts in next).
 */
export function SortHeader({
  label,
  active,
  desc,
  onSort,
  sortLabel,
  align,
  testId,
}: {
  label: string;
  active: boolean;
  desc: boolean;
  onSort(desc: boolean): void;
  sortLabel(nextDesc: boolean): string;
  align?: 'right';
  testId?: string;
}) {
  const Icon = !active ? IconArrowsSort : desc ? IconSortDescending : IconSortAscending;
  const nextDesc = active ? !desc : false;
  return (
    <Table.Th
      aria-sort={active ? (desc ? 'descending' : 'ascending') : undefined}
      ta={align}
      style={{ whiteSpace: 'nowrap' }}
    >
      <UnstyledButton
        onClick={() => onSort(nextDesc)}
        fw={700}
        fz="sm"
        data-testid={testId}
        style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}
      >
        {label}
        <Icon size={14} aria-hidden style={{ opacity: active ? 1 : 0.5 }} />
        <VisuallyHidden>{sortLabel(nextDesc)}</VisuallyHidden>
      </UnstyledButton>
    </Table.Th>
  );
}
