import { Alert, Button } from '@mantine/core';
import { IconMessageQuestion } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCourseSurvey } from '../../surveys';

/** Once she has completed the course: the survey that follows it, if there is one she has not answered. */
export function CourseSurvey({ courseId, completed }: { courseId: number; completed: boolean }) {
  const { t } = useTranslation('learning');
  const survey = useCourseSurvey(courseId, completed);
  if (!completed || !survey.data || survey.data.Id === 0) return null;
  return (
    <Alert
      variant="light"
      color="blue"
      icon={<IconMessageQuestion size={20} aria-hidden />}
      title={t('overview.survey.title')}
      mb="xl"
      data-testid="course-survey"
    >
      {t('overview.survey.text', { title: survey.data.Title })}
      <Button component={Link} to={`/survey/${survey.data.Id}`} size="xs" mt="sm" display="block" w="fit-content">
        {t('overview.survey.answer')}
      </Button>
    </Alert>
  );
}
