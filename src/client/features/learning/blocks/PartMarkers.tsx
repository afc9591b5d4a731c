import { Badge, Group, Text } from '@mantine/core';
import { IconCircleCheck, IconClock, IconFlag, IconStar } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { isMilestone, PostType } from '../../../../shared/domain/learning/course';
import { formatDate } from '../../../components/dates';
import { tone } from '../../../components/tone';
import { formatDuration } from './format';

/** What the viewer may see of a part's state beyond its name. */
export interface Viewer {
  /** Types 2 and 8: drafts and schedules are marked. */
  staff: boolean;
  /** Type 2: mentor-only and free parts and part ids are marked too. */
  admin: boolean;
}

export interface MarkedPart {
  Id: number;
  Published: boolean;
  PublishDate: string | null;
  Free: boolean;
  MentorOnly: boolean;
  PostType: number;
}

/** Staff markers of a part (spec §4, §6): DRAFT, scheduled, and for administrators mentor-only, free and the id. */
export function StaffMarkers({ part, viewer }: { part: MarkedPart; viewer: Viewer }) {
  const { t } = useTranslation('learning');
  if (!viewer.staff) return null;
  const scheduled = part.PublishDate !== null && new Date(part.PublishDate).getTime() > Date.now();
  return (
    <>
      {!part.Published && (
        <Badge size="sm" variant="filled" color="red.9" aria-label={t('marks.draftLabel')} data-testid="draft-marker">
          {t('marks.draft')}
        </Badge>
      )}
      {scheduled && part.PublishDate && (
        <Badge size="sm" variant="light" {...tone('orange')} leftSection={<IconClock size={12} aria-hidden />}>
          {t('marks.scheduled', { date: formatDate(part.PublishDate) })}
        </Badge>
      )}
      {viewer.admin && part.MentorOnly && (
        <Badge size="sm" variant="light" {...tone('grape')} data-testid="mentor-only-marker">
          {t('marks.mentorOnly')}
        </Badge>
      )}
      {viewer.admin && part.Free && (
        <Badge size="sm" variant="light" {...tone('teal')} data-testid="free-marker">
          {t('marks.free')}
        </Badge>
      )}
      {viewer.admin && (
        <Badge size="sm" variant="outline" color="gray" data-testid="part-id">
          {t('marks.partId', { id: part.Id })}
        </Badge>
      )}
    </>
  );
}

/** A completed part's check mark (spec §4: an episode with VideoPlay 1 shows completed). */
export function CompletedMark({ completed, withText = false }: { completed: boolean; withText?: boolean }) {
  const { t } = useTranslation('learning');
  if (!completed) return null;
  return withText ? (
    <Badge
      size="sm"
      variant="light"
      {...tone('teal')}
      leftSection={<IconCircleCheck size={14} aria-hidden />}
      data-testid="completed-mark"
    >
      {t('marks.completed')}
    </Badge>
  ) : (
    <IconCircleCheck
      size={18}
      color="var(--mantine-color-teal-filled)"
      role="img"
      aria-label={t('marks.completed')}
      data-testid="completed-mark"
    />
  );
}

/** A milestone's flag and whether it is completed (MilestoneCompletedDate). */
export function MilestoneMark({ postType, completedDate }: { postType: number; completedDate: string | null }) {
  const { t } = useTranslation('learning');
  if (!isMilestone(postType)) return null;
  const Icon = postType === PostType.starMilestone ? IconStar : IconFlag;
  const kind = postType === PostType.starMilestone ? t('marks.starMilestone') : t('marks.milestone');
  return (
    <Badge
      size="sm"
      variant="light"
      {...tone(completedDate ? 'teal' : 'yellow')}
      leftSection={<Icon size={12} aria-hidden />}
      data-testid="milestone-mark"
      data-completed={completedDate !== null}
      title={completedDate ? t('marks.milestoneDone', { date: formatDate(completedDate) }) : t('marks.milestoneOpen')}
    >
      {completedDate ? t('marks.milestoneDone', { date: formatDate(completedDate) }) : kind}
    </Badge>
  );
}

/** A video's length as m:ss, named for screen readers. */
export function VideoLength({ seconds }: { seconds: number }) {
  const { t } = useTranslation('learning');
  if (seconds <= 0) return null;
  const length = formatDuration(seconds);
  return (
    <Text component="span" size="sm" c="dimmed" aria-label={t('marks.videoLength', { length })}>
      <IconClock size={14} aria-hidden style={{ verticalAlign: 'middle', marginRight: 2 }} />
      {length}
    </Text>
  );
}

export function MarkerRow({ children }: { children: React.ReactNode }) {
  return (
    <Group gap={6} wrap="wrap">
      {children}
    </Group>
  );
}
