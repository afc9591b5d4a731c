import { Button, Container, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBooks } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '../../../app/session';
import { QueryState } from '../../../components/LoadState';
import { PageHeading } from '../../../components/PageHeading';
import { CourseCard } from './CourseCard';
import { useMyCourses } from './queries';

/** /MyCourses: the caller's courses as cards, with progress, status and the way in (spec §2). */
export default function MyCoursesPage() {
  const { t } = useTranslation('learning');
  const session = useSession();
  const courses = useMyCourses();

  return (
    <Container size="lg" py="xl">
      <PageHeading title={t('myCourses.title')} intro={t('myCourses.intro')} />
      <QueryState query={courses} failed={session.checked && !session.user}>
        {(list) =>
          list.length === 0 ? (
            <EmptyState />
          ) : (
            <SimpleGrid
              component="ul"
              cols={{ base: 1, sm: 2, lg: 3 }}
              spacing="lg"
              p={0}
              m={0}
              style={{ listStyle: 'none' }}
              data-testid="my-courses"
            >
              {list.map((course) => (
                <CourseCard key={course.Id} course={course} />
              ))}
            </SimpleGrid>
          )
        }
      </QueryState>
    </Container>
  );
}

function EmptyState() {
  const { t } = useTranslation('learning');
  return (
    <Stack align="center" gap="sm" py="xl" ta="center" data-testid="my-courses-empty">
      <ThemeIcon size={56} radius="xl" variant="light" aria-hidden>
        <IconBooks size={32} />
      </ThemeIcon>
      <Title order={2} size="h3">
        {t('myCourses.empty.title')}
      </Title>
      <Text c="dimmed" maw={420}>
        {t('myCourses.empty.text')}
      </Text>
      <Button component={Link} to="/FreeLessons" mt="sm">
        {t('myCourses.empty.action')}
      </Button>
    </Stack>
  );
}
