import { Button, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { BlockOf } from '../../../../shared/contract/learning/courseShapes';
import { SurveyView } from '../../surveys';
import { useBlockHost } from './BlockHost';

/**
 * A survey placed in a course: on a course page the learner answers it in place (once, or again where the survey
 * allows), and the course is kept with her response; elsewhere (a free lesson, the editor's preview, which record
 * nothing) the block leads to the survey's own page.
 */
export function SurveyBlock({ block }: { block: BlockOf<'Survey'> }) {
  const { t } = useTranslation('learning');
  const host = useBlockHost();
  const { surveyId } = block.Content;
  if (host.mode !== 'course') {
    return (
      <Paper withBorder p="md" data-testid="survey-block" data-in-place="false">
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{t('surveyBlock.elsewhere')}</Text>
          <Button component={Link} to={`/survey/${surveyId}`} variant="light">
            {t('surveyBlock.open')}
          </Button>
        </Stack>
      </Paper>
    );
  }
  return (
    <Paper withBorder p="md" data-testid="survey-block" data-in-place="true">
      <Suspense fallback={<Loader size="sm" />}>
        <SurveyView
          id={surveyId}
          courseId={host.courseId}
          missingText={t('surveyBlock.notOpen')}
          heading={(title, intro) => (
            <Stack gap={4} mb="md">
              <Title order={3} size="h4">
                {title}
              </Title>
              {intro && (
                <Text size="sm" c="dimmed">
                  {intro}
                </Text>
              )}
            </Stack>
          )}
        />
      </Suspense>
    </Paper>
  );
}
