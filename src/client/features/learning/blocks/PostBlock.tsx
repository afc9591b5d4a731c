import { Card, Group, Stack, Text } from '@mantine/core';
import { IconChevronRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { BlockOf } from '../../../../shared/contract/learning/courseShapes';
import { useBlockHost } from './BlockHost';
import classes from './blocks.module.css';
import { PartIconTile } from './PartIcon';
import { CompletedMark, MilestoneMark, VideoLength } from './PartMarkers';

/** A link to another part (a chapter's episode), with its completed mark and video length. */
export function PostBlock({ block }: { block: BlockOf<'Post'> }) {
  const { t } = useTranslation('learning');
  const host = useBlockHost();
  const linked = host.partById(block.PostId);
  const to = host.linkToPart(block.PostId);
  const completed = linked?.VideoPlay === 1;
  const name = block.Title || block.PostName;

  const body = (
    <Group wrap="nowrap" gap="md" justify="space-between">
      <Group wrap="nowrap" gap="md" miw={0}>
        <PartIconTile name={block.PostIcon} />
        <Stack gap={2} miw={0}>
          <Text fw={600} className={to ? classes.linkTitle : undefined}>
            {name}
          </Text>
          <Group gap="xs" wrap="wrap">
            <CompletedMark completed={completed} withText />
            <MilestoneMark postType={block.PostType} completedDate={linked?.MilestoneCompletedDate ?? null} />
            <VideoLength seconds={block.VideoLength} />
          </Group>
        </Stack>
      </Group>
      {to && <IconChevronRight size={20} aria-hidden />}
    </Group>
  );

  return to ? (
    <Card
      component={Link}
      to={to}
      withBorder
      padding="sm"
      className={classes.postCard}
      aria-label={t('blocks.post.open', { name })}
      data-testid="post-block"
      data-completed={completed}
    >
      {body}
    </Card>
  ) : (
    <Card withBorder padding="sm" data-testid="post-block" data-completed={completed}>
      {body}
    </Card>
  );
}
