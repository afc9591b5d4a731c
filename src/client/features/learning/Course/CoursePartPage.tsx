import { Container, Group, Title } from '@mantine/core';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { shouldOfferRewardBox } from '../../../../shared/domain/learning/xp';
import { useSession } from '../../../app/session';
import { BackLink } from '../../../components/BackLink';
import { NotFoundNotice } from '../../../components/Notices';
import { type BlockHost, BlockHostProvider } from '../blocks/BlockHost';
import { BlockList } from '../blocks/BlockList';
import { PartIconTile } from '../blocks/PartIcon';
import { CompletedMark, MarkerRow, MilestoneMark, StaffMarkers, VideoLength } from '../blocks/PartMarkers';
import { coursePath, partPath, useCourseContext } from './CourseContext';
import classes from './course.module.css';
import { ResetEpisode } from './ResetEpisode';
import { RewardBox } from './RewardBox';

/** /course/:id/post/:id2: one part of the course with its blocks (`partId` -1: no such part). */
export default function CoursePartPage({ partId }: { partId: number }) {
  const { t } = useTranslation('learning');
  const { course, outline, partsById, viewer, steps } = useCourseContext();
  const { user } = useSession();
  const part = partsById.get(partId);
  const entry = outline.find((item) => item.part.Id === partId);
  const parent = entry?.parentId ? partsById.get(entry.parentId) : undefined;

  // A part completed by a visit is recorded when it opens (once; the server ignores a repeat).
  const visitToRecord = part && part.ProgressCriteria === 'visit' && part.VideoPlay === 0 ? part.Id : null;
  useEffect(() => {
    if (visitToRecord !== null) steps.recordPlay(visitToRecord);
  }, [visitToRecord, steps]);

  const host = useMemo<BlockHost | null>(() => {
    if (!part) return null;
    const collectXp = user?.CollectXp ?? false;
    return {
      mode: 'course',
      part,
      courseId: course.Id,
      staff: viewer.staff,
      linkToPart: (id) => (partsById.has(id) ? partPath(course.Id, id) : null),
      partById: (id) => partsById.get(id),
      onVideoEnded: () => {
        if (part.ProgressCriteria === 'video' && part.VideoPlay === 0) steps.recordPlay(part.Id);
      },
      submitAnswers: (blockId, answers) => steps.submitAnswers(part.Id, blockId, answers),
      exerciseSaved: (blockId, answer) => steps.exerciseSaved(part.Id, blockId, answer),
      reward: {
        collectXp,
        claimed: part.reward_id !== null,
        available: shouldOfferRewardBox({
          collectXp,
          rewardId: part.reward_id,
          progressEvent: course.CourseProgressEvent,
        }),
        claim: () => steps.claimReward(part.Id),
      },
    };
  }, [part, user?.CollectXp, viewer.staff, partsById, course, steps]);

  if (!part || !host) {
    return (
      <Container size="md" py="xl">
        <NotFoundNotice
          title={t('part.notFound')}
          text={t('part.notFoundText')}
          link={{ to: coursePath(course.Id), label: t('part.toOverview') }}
        />
      </Container>
    );
  }

  return (
    <Container size="md" py="xl" data-testid="course-part" data-part-id={part.Id}>
      <header className={classes.partHeader}>
        <BackLink to={parent ? partPath(course.Id, parent.Id) : coursePath(course.Id)}>
          {parent ? t('part.chapterOf', { name: parent.Name }) : course.Name}
        </BackLink>
        <Group gap="sm" wrap="nowrap" align="center" mt="sm">
          <PartIconTile name={part.Icon} size={24} />
          <Title order={1} size="h2">
            {part.Name}
          </Title>
        </Group>
        <Group gap="xs" mt="sm" wrap="wrap">
          <CompletedMark completed={part.Completed} withText />
          <ResetEpisode part={part} />
          <MilestoneMark postType={part.PostType} completedDate={part.MilestoneCompletedDate} />
          <VideoLength seconds={part.VideoLength} />
          <MarkerRow>
            <StaffMarkers part={part} viewer={viewer} />
          </MarkerRow>
        </Group>
        <RewardBox course={course} partsById={partsById} claim={steps.claimReward} />
      </header>
      <BlockHostProvider host={host}>
        <BlockList blocks={part.Blocks} />
      </BlockHostProvider>
    </Container>
  );
}
