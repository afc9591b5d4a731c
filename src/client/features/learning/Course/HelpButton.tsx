import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconMessageQuestion } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../../app/api';
import { useSession } from '../../../app/session';
import { errorCode, errorText } from '../../../components/errorText';
import { coachingKeys, openChat } from '../../coaching';
import classes from './helpButton.module.css';

const COACHES_STALE_MS = 60_000;

/**
 * The help button of a course page (spec §2), in the bottom bar: a chat with the course's first coach, about this course
 * and page. A course without a coach sends the learner to tech support instead (spec §8).
 */
export function HelpButton({ courseId, partId }: { courseId: number; partId: number | null }) {
  const { t } = useTranslation('coaching');
  const session = useSession();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const userId = session.user?.Id;
  if (!userId) return null;

  const ask = async () => {
    setBusy(true);
    try {
      const coaches = await queryClient.fetchQuery({
        queryKey: coachingKeys.coaches(courseId),
        queryFn: async () =>
          (await call('coach_manager.php', 'get_coaches', { CourseId: courseId, UserId: userId })).data,
        staleTime: COACHES_STALE_MS,
      });
      // A coach looking at his own course asks the next one.
      const coach = coaches.find((c) => c.UserId !== userId);
      if (!coach) {
        notifications.show({ message: t('help.noCoach'), color: 'blue' });
        return;
      }
      openChat({
        userId: coach.UserId,
        name: `${coach.FirstName} ${coach.LastName}`.trim(),
        courseId,
        coursePartId: partId,
      });
    } catch (error) {
      const noCoach = errorCode(error) === 'NO_COACH';
      notifications.show({ message: noCoach ? t('help.noCoach') : errorText(error), color: noCoach ? 'blue' : 'red' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Button
      className={classes.helpButton}
      variant="default"
      leftSection={<IconMessageQuestion size={18} aria-hidden />}
      onClick={ask}
      loading={busy}
      aria-label={t('help.button')}
      aria-haspopup="dialog"
      data-testid="help-button"
    >
      <span className={classes.label}>{t('help.button')}</span>
    </Button>
  );
}
