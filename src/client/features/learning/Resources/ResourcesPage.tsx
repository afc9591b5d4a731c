import { Anchor, Box, Card, Container, Group, Stack, Text, Title } from '@mantine/core';
import { IconDownload, IconExternalLink } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Resource } from '../../../../shared/contract/learning/resources';
import { call } from '../../../app/api';
import { QueryState } from '../../../components/LoadState';
import { PageHeading } from '../../../components/PageHeading';
import { learningKeys } from '../keys';

interface ResourceGroup {
  key: string;
  /** Null for the site's resources, which every learner sees. */
  courseName: string | null;
  items: Resource[];
}

/** The site's resources first, then those of each course, in the order the server gives. */
function groupByCourse(resources: readonly Resource[]): ResourceGroup[] {
  const groups = new Map<string, ResourceGroup>();
  for (const resource of resources) {
    const key = resource.CourseId === null ? 'site' : `course-${resource.CourseId}`;
    let group = groups.get(key);
    if (!group) {
      group = { key, courseName: resource.CourseId === null ? null : (resource.CourseName ?? ''), items: [] };
      groups.set(key, group);
    }
    group.items.push(resource);
  }
  return [...groups.values()].sort((a, b) => Number(a.courseName !== null) - Number(b.courseName !== null));
}

/** /Resources: material for everyone and for the caller's courses, as links or file downloads (spec §2). */
export default function ResourcesPage() {
  const { t } = useTranslation('learning');
  const resources = useQuery({
    queryKey: learningKeys.resources,
    queryFn: async () => (await call('resources.php', 'get_resources', {})).data,
  });

  return (
    <Container size="md" py="xl">
      <PageHeading title={t('resources.title')} intro={t('resources.intro')} />
      <QueryState query={resources}>
        {(list) =>
          list.length === 0 ? (
            <Text>{t('resources.empty')}</Text>
          ) : (
            <Stack gap="xl">
              {groupByCourse(list).map((group) => (
                <Box component="section" key={group.key} aria-labelledby={`resources-${group.key}`}>
                  <Title order={2} size="h3" id={`resources-${group.key}`} mb="sm">
                    {group.courseName === null
                      ? t('resources.general')
                      : t('resources.forCourse', { course: group.courseName })}
                  </Title>
                  <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
                    {group.items.map((resource) => (
                      <ResourceCard key={resource.Id} resource={resource} />
                    ))}
                  </Stack>
                </Box>
              ))}
            </Stack>
          )
        }
      </QueryState>
    </Container>
  );
}

function ResourceCard({ resource }: { resource: Resource }) {
  return (
    <Card component="li" withBorder radius="md" padding="md" data-testid="resource">
      <Group justify="space-between" align="flex-start" gap="sm">
        <Box style={{ flex: '1 1 16rem', minWidth: 0 }}>
          <Title order={3} size="h4">
            {resource.Title}
          </Title>
          {resource.Description && (
            <Text size="sm" mt={4} style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
              {resource.Description}
            </Text>
          )}
        </Box>
        <ResourceLink resource={resource} />
      </Group>
    </Card>
  );
}

/** Only web addresses and paths on this site become links; anything else (`javascript:`…) is not followed. */
function safeHref(url: string | null): string | null {
  if (!url) return null;
  if (url.startsWith('/') && !url.startsWith('//')) return url;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : null;
  } catch {
    return null;
  }
}

/** A file the site keeps downloads under its own name; an outside address opens in a new tab. */
function ResourceLink({ resource }: { resource: Resource }) {
  const { t } = useTranslation('learning');
  const href = safeHref(resource.Url);
  if (!href) {
    return (
      <Text size="sm" c="dimmed">
        {t('resources.noLink')}
      </Text>
    );
  }
  if (resource.FileName) {
    return (
      <Anchor
        href={href}
        download={resource.FileName}
        size="sm"
        fw={500}
        aria-label={t('resources.downloadLabel', { file: resource.FileName, title: resource.Title })}
        style={{ overflowWrap: 'anywhere' }}
      >
        <IconDownload size={16} aria-hidden style={{ verticalAlign: 'text-bottom', marginRight: 4 }} />
        {t('resources.download', { file: resource.FileName })}
      </Anchor>
    );
  }
  return (
    <Anchor
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      size="sm"
      fw={500}
      aria-label={t('resources.openLabel', { title: resource.Title })}
    >
      {t('resources.open')}
      <IconExternalLink size={16} aria-hidden style={{ verticalAlign: 'text-bottom', marginLeft: 4 }} />
    </Anchor>
  );
}
