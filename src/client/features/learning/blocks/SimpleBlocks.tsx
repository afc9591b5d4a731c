import { Button, Card, Group, SimpleGrid, Stack, Text, ThemeIcon, VisuallyHidden } from '@mantine/core';
import { IconCircleCheck, IconExternalLink, IconGift } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BlockOf } from '../../../../shared/contract/learning/courseShapes';
import { RichText } from '../../../components/RichText';
import { useBlockHost } from './BlockHost';
import classes from './blocks.module.css';

export function TextBlock({ block }: { block: BlockOf<'Text'> }) {
  return <RichText html={block.Content.html} />;
}

export function ColumnBlock({ block }: { block: BlockOf<'Column'> }) {
  const { columns } = block.Content;
  return (
    <SimpleGrid cols={{ base: 1, sm: Math.min(Math.max(columns.length, 1), 4) }} spacing="lg">
      {columns.map((column, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: columns have no ids and keep their order
        <div key={index}>
          <RichText html={column.html} />
        </div>
      ))}
    </SimpleGrid>
  );
}

/** An outside link as a card that opens in a new tab. */
export function LinkBlock({ block }: { block: BlockOf<'Link'> }) {
  const { t } = useTranslation('learning');
  const { url, description } = block.Content;
  let host = url;
  try {
    host = new URL(url).host;
  } catch {
    // Not an absolute URL: the address itself is shown.
  }
  return (
    <Card
      component="a"
      href={url}
      target="_blank"
      rel="noopener noreferrer"
      withBorder
      padding="md"
      className={classes.linkCard}
    >
      <Group wrap="nowrap" align="flex-start" gap="sm">
        <ThemeIcon variant="light" size="lg" aria-hidden>
          <IconExternalLink size={20} />
        </ThemeIcon>
        <Stack gap={2} miw={0}>
          <Text fw={600} className={classes.linkTitle}>
            {block.Title || host}
            <VisuallyHidden> {t('blocks.opensInNewTab')}</VisuallyHidden>
          </Text>
          {description && <Text size="sm">{description}</Text>}
          <Text size="xs" c="dimmed" className={classes.breakAll}>
            {host}
          </Text>
        </Stack>
      </Group>
    </Card>
  );
}

/** A page's reward: its xp, and whether the viewer took it. */
export function RewardBlock({ block }: { block: BlockOf<'Reward'> }) {
  const { t } = useTranslation('learning');
  const host = useBlockHost();
  const [busy, setBusy] = useState(false);
  const reward = host.reward;
  const claimed = reward?.claimed ?? false;
  return (
    <Card withBorder padding="md" className={classes.reward} data-testid="reward-block" data-claimed={claimed}>
      <Group wrap="nowrap" align="flex-start" gap="md">
        <ThemeIcon size={44} radius="xl" color={claimed ? 'teal' : 'yellow'} variant="light" aria-hidden>
          {claimed ? <IconCircleCheck size={26} /> : <IconGift size={26} />}
        </ThemeIcon>
        <Stack gap={6} miw={0}>
          <RichText html={block.Content.html} />
          <Text fw={600}>{t('blocks.reward.xp', { count: block.Content.xp })}</Text>
          {reward && !reward.collectXp && (
            <Text size="sm" c="dimmed">
              {t('blocks.reward.notCollecting')}
            </Text>
          )}
          {reward?.collectXp && claimed && <Text size="sm">{t('blocks.reward.claimed')}</Text>}
          {reward?.collectXp && !claimed && reward.available && (
            <Group gap="sm">
              <Button
                size="sm"
                color="yellow"
                c="dark.9"
                loading={busy}
                onClick={async () => {
                  setBusy(true);
                  await reward.claim();
                  setBusy(false);
                }}
              >
                {t('blocks.reward.take', { count: block.Content.xp })}
              </Button>
            </Group>
          )}
        </Stack>
      </Group>
    </Card>
  );
}
