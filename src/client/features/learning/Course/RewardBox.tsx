import { Button, CloseButton, Collapse, Group, Paper, Text, ThemeIcon } from '@mantine/core';
import { IconCircleCheck, IconGift } from '@tabler/icons-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Course, CoursePart } from '../../../../shared/contract/learning/courseShapes';
import { REWARD_BOX_DELAY_MS, REWARD_BOX_HIDE_MS, shouldOfferRewardBox } from '../../../../shared/domain/learning/xp';
import { useSession } from '../../../app/session';
import { useCourseNavDocked } from './navLayout';
import classes from './rewardBox.module.css';
import { useCourseView } from './store';

/** `waiting`: the page offers a reward and its room is kept, the box not drawn yet. */
type Phase = 'hidden' | 'waiting' | 'offered' | 'busy' | 'taken';

/**
 * The xp reward box (spec §4): it appears 0.8 s after entering a page that offers a reward, and hides 0.8 s after
 * the reward was taken. It sits in the page's header rather than over the page, so it never covers a control (a
 * video's, the bottom bar's); its room is kept from the start, so nothing moves when it appears. It waits while the
 * course navigation covers the page (a phone's drawer).
 */
export function RewardBox(props: {
  course: Course;
  partsById: Map<number, CoursePart>;
  claim(partId: number): Promise<boolean>;
}) {
  const { t } = useTranslation('learning');
  const { user } = useSession();
  const titleId = useId();
  const partId = useCourseView((state) => state.currCoursePostId);
  const navOpen = useCourseView((state) => state.showCourseNav);
  const navDocked = useCourseNavDocked();
  const navCovers = navOpen && !navDocked;
  const part = partId === null ? undefined : props.partsById.get(partId);
  const offered =
    part !== undefined &&
    user !== null &&
    shouldOfferRewardBox({
      collectXp: user.CollectXp,
      rewardId: part.reward_id,
      progressEvent: props.course.CourseProgressEvent,
    });
  // Offered on arrival: its room is there from the first paint.
  const [phase, setPhase] = useState<Phase>(() => (offered ? 'waiting' : 'hidden'));
  const offeredNow = useRef(offered);
  offeredNow.current = offered;

  // A new page: the box comes after the delay when the page offers a reward at that moment.
  useEffect(() => {
    setPhase(partId !== null && offeredNow.current ? 'waiting' : 'hidden');
    if (partId === null) return;
    const timer = setTimeout(() => setPhase(offeredNow.current ? 'offered' : 'hidden'), REWARD_BOX_DELAY_MS);
    return () => clearTimeout(timer);
  }, [partId]);

  // Taken (here or from the page's reward block): shown as taken, then gone.
  useEffect(() => {
    if (phase !== 'taken') return;
    const timer = setTimeout(() => setPhase('hidden'), REWARD_BOX_HIDE_MS);
    return () => clearTimeout(timer);
  }, [phase]);
  useEffect(() => {
    if (!offered && phase === 'offered') setPhase('taken');
    if (!offered && phase === 'waiting') setPhase('hidden');
  }, [offered, phase]);

  const accept = async () => {
    if (partId === null) return;
    setPhase('busy');
    const taken = await props.claim(partId);
    setPhase(taken ? 'taken' : 'hidden');
  };

  const xp = props.course.XpPerReward;
  const drawn = phase !== 'hidden' && phase !== 'waiting' && !navCovers;
  return (
    <Collapse expanded={phase !== 'hidden'} keepMounted={false} transitionDuration={200}>
      <Paper
        component="section"
        aria-labelledby={titleId}
        shadow="sm"
        radius="md"
        withBorder
        p="md"
        mt="md"
        className={classes.rewardBox}
        data-drawn={drawn || undefined}
        data-testid="reward-box"
        data-phase={phase}
      >
        <Group wrap="nowrap" align="flex-start" gap="md">
          <ThemeIcon size={48} radius="xl" color={phase === 'taken' ? 'teal' : 'yellow'} aria-hidden>
            {phase === 'taken' ? <IconCircleCheck size={28} /> : <IconGift size={28} />}
          </ThemeIcon>
          <div className={classes.rewardText}>
            <Text fw={700} id={titleId}>
              {t('reward.title')}
            </Text>
            <Text size="sm">{phase === 'taken' ? t('reward.taken') : t('reward.text', { count: xp })}</Text>
            {phase !== 'taken' && (
              <Button
                mt="sm"
                color="yellow"
                c="dark.9"
                onClick={accept}
                loading={phase === 'busy'}
                data-testid="reward-accept"
              >
                {t('reward.accept', { count: xp })}
              </Button>
            )}
          </div>
          {phase === 'offered' && (
            <CloseButton aria-label={t('reward.later')} onClick={() => setPhase('hidden')} size="sm" />
          )}
        </Group>
      </Paper>
    </Collapse>
  );
}
