import { Badge, type BadgeProps } from '@mantine/core';
import { IconCircleCheck, IconCircleDashed, IconProgress } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { CourseStatus } from '../../../shared/domain/xp';
import classes from './statusColors.module.css';

type Tone = 'teal' | 'yellow' | 'red';

/** A light badge whose text keeps 4.5:1 contrast in both schemes (Mantine's light teal, yellow and red do not). */
export function ToneBadge({
  tone,
  ...props
}: BadgeProps & { tone: Tone; children: ReactNode; 'data-testid'?: string }) {
  return <Badge color={tone} variant="light" className={classes[tone]} c="var(--status-text)" {...props} />;
}

/** The class and colour for a word in a tone's text colour (an achievement's "Earned"). */
export const toneText = (tone: Tone) => ({ className: classes[tone], c: 'var(--status-text)' });

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
