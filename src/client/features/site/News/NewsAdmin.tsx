import { Anchor, Badge, Button, Card, Group, Modal, Stack, Switch, Tabs, Text, TextInput, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { AdminNewsItem } from '../../../../shared/contract/site/news';
import { newsSlug } from '../../../../shared/domain/site/news';
import { formatDateTime } from '../../../components/dates';
import { errorText } from '../../../components/errorText';
import { LazyRichTextField } from '../../../components/LazyRichTextField';
import { showToast } from '../../../components/toast';
import { ToneBadge } from '../../../components/tone';
import { type NewsDraft, newsExcerpt, useSaveNews, useSetSpotlight } from './queries';

/** An ISO time as a `datetime-local` field shows it, in the viewer's time zone. */
function toLocalInput(iso: string): string {
  const date = new Date(iso);
  const local = new Date(date.getTime() - date.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 16);
}

/** A draft to edit: an item of the list, or a new one (`id` 0). */
function draftOf(item: AdminNewsItem | null): NewsDraft {
  return {
    id: item?.id ?? 0,
    title: item?.title ?? '',
    content: item?.content ?? '',
    translations: { sv: { title: item?.translations.sv?.title ?? '', content: item?.translations.sv?.content ?? '' } },
    published: item?.published ?? false,
    published_at: item?.published_at ?? null,
  };
}

/** The news editor: title and text in English and Swedish, whether it is published, and from when. */
function NewsEditor({ item, onClose }: { item: AdminNewsItem | null; onClose(): void }) {
  const { t } = useTranslation('site');
  const [draft, setDraft] = useState(() => draftOf(item));
  const [tab, setTab] = useState<string | null>('en');
  const [tried, setTried] = useState(false);
  const save = useSaveNews();
  const sv = { title: draft.translations.sv?.title ?? '', content: draft.translations.sv?.content ?? '' };
  const setSv = (change: Partial<typeof sv>) =>
    setDraft((d) => ({
      ...d,
      translations: {
        sv: { title: d.translations.sv?.title ?? '', content: d.translations.sv?.content ?? '', ...change },
      },
    }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (draft.title.trim() === '') {
      setTab('en');
      return;
    }
    save.mutate(draft, {
      onSuccess: () => {
        showToast(t('newsAdmin.saved'), 'green');
        onClose();
      },
      onError: (error) => showToast(errorText(error, undefined, { title: t('newsAdmin.titleLabel') }), 'red'),
    });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Tabs value={tab} onChange={setTab} keepMounted>
          <Tabs.List>
            <Tabs.Tab value="en">{t('newsAdmin.english')}</Tabs.Tab>
            <Tabs.Tab value="sv">{t('newsAdmin.swedish')}</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="en" pt="md">
            <Stack gap="sm" lang="en">
              <TextInput
                label={t('newsAdmin.titleLabel')}
                required
                maxLength={200}
                value={draft.title}
                error={tried && draft.title.trim() === '' ? t('newsAdmin.titleRequired') : undefined}
                onChange={(event) => setDraft((d) => ({ ...d, title: event.currentTarget.value }))}
              />
              <Text size="sm" fw={500} aria-hidden>
                {t('newsAdmin.contentLabel')}
              </Text>
              <LazyRichTextField
                label={t('newsAdmin.contentLabel')}
                initialContent={draft.content}
                onChange={(content) => setDraft((d) => ({ ...d, content }))}
              />
            </Stack>
          </Tabs.Panel>
          <Tabs.Panel value="sv" pt="md">
            <Stack gap="sm" lang="sv">
              <Text size="sm" c="dimmed">
                {t('newsAdmin.translationHint')}
              </Text>
              <TextInput
                label={t('newsAdmin.titleLabelSv')}
                maxLength={200}
                value={sv.title}
                onChange={(event) => setSv({ title: event.currentTarget.value })}
              />
              <Text size="sm" fw={500} aria-hidden>
                {t('newsAdmin.contentLabelSv')}
              </Text>
              <LazyRichTextField
                label={t('newsAdmin.contentLabelSv')}
                initialContent={sv.content}
                onChange={(content) => setSv({ content })}
              />
            </Stack>
          </Tabs.Panel>
        </Tabs>
        <Switch
          label={t('newsAdmin.publishedLabel')}
          description={t('newsAdmin.publishedHint')}
          checked={draft.published}
          onChange={(event) => {
            const published = event.currentTarget.checked;
            setDraft((d) => ({ ...d, published }));
          }}
        />
        <TextInput
          type="datetime-local"
          label={t('newsAdmin.publishAtLabel')}
          description={t('newsAdmin.publishAtHint')}
          value={draft.published_at ? toLocalInput(draft.published_at) : ''}
          onChange={(event) => {
            const value = event.currentTarget.value;
            const at = value === '' ? null : new Date(value);
            setDraft((d) => ({ ...d, published_at: at && !Number.isNaN(at.getTime()) ? at.toISOString() : null }));
          }}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('newsAdmin.cancel')}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {t('newsAdmin.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Whether an item shows on the site now, waits for its time, or is a draft. */
function statusOf(item: AdminNewsItem): 'published' | 'scheduled' | 'draft' {
  if (!item.published) return 'draft';
  return new Date(item.published_at).getTime() > Date.now() ? 'scheduled' : 'published';
}

/**
 * /News as its administrators see it: every item with its state, a button to write one, and on each item its
 * editor and the choice of the banner's item (spec §4's banner shows the latest unless another is chosen).
 */
export function AdminNewsList({ items, spotlightId }: { items: AdminNewsItem[]; spotlightId: number }) {
  const { t } = useTranslation('site');
  const [editing, setEditing] = useState<AdminNewsItem | 'new' | null>(null);
  const spotlight = useSetSpotlight();
  const choose = (newsId: number) =>
    spotlight.mutate(newsId, {
      onSuccess: () => showToast(newsId === 0 ? t('newsAdmin.spotlightCleared') : t('newsAdmin.spotlightSet'), 'green'),
      onError: (error) => showToast(errorText(error), 'red'),
    });

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Text size="sm" c="dimmed">
          {spotlightId === 0 ? t('newsAdmin.spotlightLatest') : t('newsAdmin.spotlightChosen')}
        </Text>
        <Group gap="xs">
          {spotlightId !== 0 && (
            <Button variant="default" onClick={() => choose(0)} loading={spotlight.isPending}>
              {t('newsAdmin.spotlightClear')}
            </Button>
          )}
          <Button onClick={() => setEditing('new')}>{t('newsAdmin.write')}</Button>
        </Group>
      </Group>
      {items.length === 0 ? (
        <Text>{t('empty')}</Text>
      ) : (
        <Stack gap="md" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {items.map((item) => {
            const status = statusOf(item);
            return (
              <Card key={item.id} component="li" withBorder padding="lg" radius="md">
                <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
                  <Title order={2} size="h3">
                    {status === 'published' ? (
                      <Anchor component={Link} to={`/News/${item.id}/${newsSlug(item.title)}`} inherit>
                        {item.title}
                      </Anchor>
                    ) : (
                      item.title
                    )}
                  </Title>
                  <Group gap={6}>
                    {status === 'draft' ? (
                      <Badge variant="default">{t('newsAdmin.status.draft')}</Badge>
                    ) : (
                      <ToneBadge tone={status === 'published' ? 'teal' : 'orange'}>
                        {t(`newsAdmin.status.${status}`)}
                      </ToneBadge>
                    )}
                    {item.spotlight && <ToneBadge tone="grape">{t('newsAdmin.inBanner')}</ToneBadge>}
                    {!item.translations.sv && <ToneBadge tone="yellow">{t('newsAdmin.noSwedish')}</ToneBadge>}
                  </Group>
                </Group>
                <Text size="sm" c="dimmed" mt={4}>
                  <time dateTime={item.published_at}>{formatDateTime(item.published_at)}</time>
                </Text>
                <Text mt="sm">{newsExcerpt(item.content)}</Text>
                <Group gap="xs" mt="md">
                  <Button
                    variant="light"
                    size="xs"
                    onClick={() => setEditing(item)}
                    aria-label={t('newsAdmin.editItem', { title: item.title })}
                  >
                    {t('newsAdmin.edit')}
                  </Button>
                  {!item.spotlight && (
                    <Button
                      variant="default"
                      size="xs"
                      onClick={() => choose(item.id)}
                      aria-label={t('newsAdmin.spotlightItem', { title: item.title })}
                    >
                      {t('newsAdmin.spotlight')}
                    </Button>
                  )}
                </Group>
              </Card>
            );
          })}
        </Stack>
      )}
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing === 'new' ? t('newsAdmin.newTitle') : t('newsAdmin.editTitle')}
        closeButtonProps={{ 'aria-label': t('newsAdmin.cancel') }}
        size="xl"
      >
        {editing !== null && <NewsEditor item={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
      </Modal>
    </Stack>
  );
}
