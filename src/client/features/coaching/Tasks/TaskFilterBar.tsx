import { Group, NativeSelect, Paper, SegmentedControl, Stack, Switch, Text } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { conditions } from './format';
import { type Condition, type TaskFilters, useCourseOptions } from './queries';

/** The list's filters: which tasks (open, mine, completed, all), the trash, and one course. */
export function TaskFilterBar({
  filters,
  onChange,
}: {
  filters: TaskFilters;
  onChange(next: Partial<TaskFilters>): void;
}) {
  const { t } = useTranslation('coaching');
  const courses = useCourseOptions();
  const conditionLabel = useId();
  const courseOptions = [
    { value: '', label: t('filters.allCourses') },
    ...(courses.data ?? []).map((course) => ({ value: String(course.id), label: course.name })),
  ];
  // A course named in the address but not (yet) in the list still shows as chosen.
  if (filters.courseId !== null && !courseOptions.some((option) => option.value === String(filters.courseId))) {
    courseOptions.push({ value: String(filters.courseId), label: `#${filters.courseId}` });
  }

  return (
    <Paper withBorder p="md" role="search" aria-label={t('filters.label')} data-testid="task-filters">
      <Group align="flex-end" gap="lg" wrap="wrap">
        <Stack gap={4} miw={0} style={{ flex: '1 1 320px' }}>
          <Text component="span" id={conditionLabel} size="sm" fw={500}>
            {t('filters.condition')}
          </Text>
          <SegmentedControl
            aria-labelledby={conditionLabel}
            fullWidth
            value={filters.condition}
            onChange={(value) => onChange({ condition: value as Condition })}
            data={conditions.map((condition) => ({ value: condition, label: t(`filters.${condition}`) }))}
            data-testid="task-condition"
          />
        </Stack>
        <NativeSelect
          label={t('filters.course')}
          value={filters.courseId === null ? '' : String(filters.courseId)}
          onChange={(event) => {
            const value = event.currentTarget.value;
            onChange({ courseId: value === '' ? null : Number(value) });
          }}
          data={courseOptions}
          style={{ flex: '1 1 200px' }}
          data-testid="task-course"
        />
        <Switch
          label={t('filters.trashLabel')}
          checked={filters.trash}
          onChange={(event) => onChange({ trash: event.currentTarget.checked })}
          mb={8}
          data-testid="task-trash"
        />
      </Group>
    </Paper>
  );
}
