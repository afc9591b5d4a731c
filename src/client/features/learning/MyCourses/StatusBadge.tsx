import { Badge } from '@mantine/core';
import { IconCircleCheck, IconCircleDashed, IconProgress } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { CourseStatus } from '../../../../shared/domain/learning/xp';
import { ToneBadge } from '../../../components/tone';

const icons = { completed: IconCircleCheck, in_progress: IconProgress, not_started: IconCircleDashed } as const;

/** A course's status (spec §4: completed, in progress, not started), by colour, icon and word. */
export function StatusBadge({ status }: { status: CourseStatus }) {
  const { t } = useTranslation('learning');
  const Icon = icons[status];
  const props = {
    leftSection: <Icon size={14} aria-hidden />,
    'data-testid': 'course-status',
    'data-status': status,
    children: t(`status.${status}`),
  };
  return status === 'completed' ? (
    <ToneBadge tone="teal" {...props} />
  ) : (
    <Badge color={status === 'in_progress' ? 'blue' : 'gray'} variant="light" {...props} />
  );
}
