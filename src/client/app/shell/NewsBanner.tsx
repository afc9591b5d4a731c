import { Button, CloseButton, Group, Paper, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconSpeakerphone } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { markNewsViewed, shouldShowNewsBanner } from '../../../shared/domain/site/news';
import { storageKeys } from '../../../shared/domain/storage';
import { useLatestNews } from '../../features/site/news';
import { call } from '../api';
import { useSession } from '../session';
import { storage } from '../storage';
import { loadNewsDetails, preload } from './deferred';

const NewsDetails = lazy(loadNewsDetails);

/** The top news banner (spec §4): the latest news unless this browser has closed it. */
export function NewsBanner() {
  const { t } = useTranslation();
  const session = useSession();
  const userId = session.user?.Id ?? null;
  const latest = useLatestNews(userId, session.checked);
  const [viewed, setViewed] = useState(() => storage.getJson<number[]>(storageKeys.newsSpotlightViewed, []));
  const [detailsOpened, details] = useDisclosure(false);
  const [detailsUsed, setDetailsUsed] = useState(false);
  const fetchDetails = preload(loadNewsDetails);
  const item = latest.data;

  if (!item || !shouldShowNewsBanner(item.id, viewed)) return null;

  const close = () => {
    const next = markNewsViewed(viewed, item.id);
    storage.setJson(storageKeys.newsSpotlightViewed, next);
    setViewed(next);
    if (userId !== null) {
      call('news.php', 'store_user_news_interaction', { news_id: item.id, user_id: userId }).catch((error) =>
        console.warn('store_user_news_interaction failed', error),
      );
    }
  };

  return (
    <Paper
      component="section"
      aria-label={t('newsBanner.label')}
      radius={0}
      px="md"
      py={6}
      bg="var(--mantine-primary-color-light)"
      data-testid="news-banner"
    >
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
          <IconSpeakerphone size={18} aria-hidden style={{ flexShrink: 0 }} />
          <Text size="sm" fw={600} truncate>
            {item.title}
          </Text>
        </Group>
        <Group gap={4} wrap="nowrap">
          <Button
            size="compact-sm"
            variant="default"
            onPointerEnter={fetchDetails}
            onFocus={fetchDetails}
            onClick={() => {
              setDetailsUsed(true);
              details.open();
            }}
          >
            {t('newsBanner.learnMore')}
          </Button>
          <CloseButton size="sm" onClick={close} aria-label={t('newsBanner.close')} />
        </Group>
      </Group>
      {detailsUsed && (
        <Suspense fallback={null}>
          <NewsDetails item={item} opened={detailsOpened} onClose={details.close} />
        </Suspense>
      )}
    </Paper>
  );
}
