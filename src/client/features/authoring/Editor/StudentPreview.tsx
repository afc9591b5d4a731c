import { Alert, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { MediaInfo } from '../../../../shared/contract/authoring/partContent';
import type { CoursePart } from '../../../../shared/contract/learning/courseShapes';
import type { PartDraft } from './draft';
import { useEditingSession } from './session';
import { studentPart } from './studentView';
import type { CourseEditingProps } from './types';

/**
 * "Preview as student": the draft as a learner with no progress sees it in the editor's content language, drawn by
 * the course pages' own renderers (`renderStudentPart`), so the preview and the learner's page cannot differ.
 */
export function StudentPreview({
  part,
  draft,
  media,
  defaultLanguage,
  renderStudentPart,
}: {
  part: CoursePart;
  draft: PartDraft;
  media: Record<string, MediaInfo>;
  defaultLanguage: string;
  renderStudentPart: CourseEditingProps['renderStudentPart'];
}) {
  const { t } = useTranslation('courseEditor');
  const session = useEditingSession();
  const shown = studentPart(part, draft, {
    course: session.course,
    media,
    language: session.language,
    defaultLanguage,
  });
  return (
    <section aria-labelledby="student-preview-title" data-testid="student-preview">
      <Alert color="blue" mb="md">
        <Text size="sm">{t('preview.note', { language: t(`languages.${session.language}`) })}</Text>
        {shown.hidden > 0 && <Text size="sm">{t('preview.hiddenBlocks', { count: shown.hidden })}</Text>}
      </Alert>
      <Title order={1} size="h2" mb="lg" id="student-preview-title">
        {shown.part.Name}
      </Title>
      {renderStudentPart(shown.part)}
    </section>
  );
}
