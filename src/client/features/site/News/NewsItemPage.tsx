import { Container, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { BackLink } from '../../../components/BackLink';
import { formatLongDate } from '../../../components/dates';
import { isMissing } from '../../../components/errorText';
import { QueryState } from '../../../components/LoadState';
import { NotFoundNotice, PageLoadError } from '../../../components/Notices';
import richText from '../../../components/richText.module.css';
import { useInternalLinks } from '../../../components/useInternalLinks';
import { useNewsItem } from './queries';

const idFromParam = (value: string | undefined) => {
  const id = Number(value);
  return Number.isInteger(id) && id >= 1 && id <= 2_147_483_647 ? id : null;
};

/** /News/:id and /News/:id/:title: one news item; the title part of the path is only for people. */
export default function NewsItemPage() {
  const { t } = useTranslation('site');
  const params = useParams();
  const id = idFromParam(params.id);
  const item = useNewsItem(id);
  const linkRef = useInternalLinks();

  const back = <BackLink to="/News">{t('backToList')}</BackLink>;

  const notFound = id === null || isMissing(item.error);

  if (notFound) {
    return (
      <Container size="md" py="xl">
        {back}
        <NotFoundNotice title={t('newsNotFound.title')} text={t('newsNotFound.text')} mt="md" />
      </Container>
    );
  }

  return (
    <Container size="md" py="xl">
      {back}
      <QueryState
        query={item}
        error={
          <PageLoadError title={t('title')} mt="md">
            {t('loadFailed')}
          </PageLoadError>
        }
      >
        {(news) => (
          <article aria-labelledby="news-title">
            <Title order={1} mt="md" id="news-title">
              {news.title}
            </Title>
            <Text size="sm" c="dimmed" mt="xs" mb="lg">
              <time dateTime={news.published_at}>{t('published', { date: formatLongDate(news.published_at) })}</time>
            </Text>
            <div
              ref={linkRef}
              className={`rich-text ${richText.content}`}
              // biome-ignore lint/security/noDangerouslySetInnerHtml: news content is sanitized by the server before it is stored
              dangerouslySetInnerHTML={{ __html: news.content }}
            />
          </article>
        )}
      </QueryState>
    </Container>
  );
}
