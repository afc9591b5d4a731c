import { Anchor, Card, Container, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { isAdminRole } from '../../../../shared/domain/roles';
import { newsSlug } from '../../../../shared/domain/site/news';
import { useSession } from '../../../app/session';
import { formatLongDate } from '../../../components/dates';
import { ListPagination } from '../../../components/ListPagination';
import { LoadError, QueryState } from '../../../components/LoadState';
import { PageHeading } from '../../../components/PageHeading';
import { AdminNewsList } from './NewsAdmin';
import { newsExcerpt, useAdminNewsList, useNewsList } from './queries';

const pageFromParam = (value: string | null) => {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
};

/**
 * /News: every published item, newest first, a page at a time. Its administrators see every item instead, drafts
 * too, and write and publish them here.
 */
export default function NewsListPage() {
  const { t } = useTranslation('site');
  const [params, setParams] = useSearchParams();
  const page = pageFromParam(params.get('page'));
  const { user } = useSession();
  const admin = user !== null && isAdminRole(user.UserType, user.privilegies);
  const list = useNewsList(page, !admin);
  const adminList = useAdminNewsList(page, admin);
  const totalPages = (admin ? adminList.data : list.data)?.pagination.total_pages ?? 0;

  const goTo = (next: number) => {
    setParams(next === 1 ? {} : { page: String(next) });
    window.scrollTo({ top: 0 });
  };

  return (
    <Container size="md" py="xl">
      <PageHeading title={t('title')} intro={t('intro')} />

      {admin ? (
        <QueryState query={adminList} error={<LoadError>{t('loadFailed')}</LoadError>}>
          {({ data: items, spotlight_id }) => <AdminNewsList items={items} spotlightId={spotlight_id} />}
        </QueryState>
      ) : (
        <QueryState query={list} error={<LoadError>{t('loadFailed')}</LoadError>}>
          {({ data: items }) =>
            items.length === 0 ? (
              <Text>{t('empty')}</Text>
            ) : (
              <Stack
                gap="md"
                component="ul"
                p={0}
                m={0}
                style={{ listStyle: 'none' }}
                aria-busy={list.isPlaceholderData}
              >
                {items.map((item) => {
                  const href = `/News/${item.id}/${newsSlug(item.title)}`;
                  return (
                    <Card key={item.id} component="li" withBorder padding="lg" radius="md">
                      <Title order={2} size="h3">
                        <Anchor component={Link} to={href} inherit>
                          {item.title}
                        </Anchor>
                      </Title>
                      <Text size="sm" c="dimmed" mt={4}>
                        <time dateTime={item.published_at}>
                          {t('published', { date: formatLongDate(item.published_at) })}
                        </time>
                      </Text>
                      <Text mt="sm">{newsExcerpt(item.content)}</Text>
                      <Anchor
                        component={Link}
                        to={href}
                        mt="sm"
                        size="sm"
                        aria-label={t('readMoreAbout', { title: item.title })}
                      >
                        {t('readMore')}
                      </Anchor>
                    </Card>
                  );
                })}
              </Stack>
            )
          }
        </QueryState>
      )}

      {totalPages > 1 && (
        <ListPagination label={t('pagination.label')} total={totalPages} page={page} onChange={goTo} />
      )}
    </Container>
  );
}
