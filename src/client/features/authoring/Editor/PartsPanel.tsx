import { Anchor, Badge, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { CoursePart } from '../../../../shared/contract/learning/courseShapes';
import { call } from '../../../app/api';
import { tone } from '../../../components/tone';
import { authoringKeys } from '../keys';
import { useEditingSession } from './session';
import { writeCourse } from './writes';

/**
 * The course's parts while editing its overview: each with its draft state and the languages it still lacks
 * (get_course_translation_status), opened, renamed (rename_course_part) from here; and the languages the course's
 * own name or description lacks, which its settings write.
 */
export function PartsPanel({ refreshCourse }: { refreshCourse(): Promise<unknown> }) {
  const { t } = useTranslation('courseEditor');
  const session = useEditingSession();
  const parts = [...session.course.CourseParts].sort((a, b) => a.SortId - b.SortId);
  const status = useQuery({
    queryKey: authoringKeys.translationStatus(session.course.Id),
    queryFn: () => call('course_admin.php', 'get_course_translation_status', { CourseId: session.course.Id }),
    staleTime: 0,
  });
  const missingOf = new Map(status.data?.data.map((entry) => [entry.CoursePartId, entry.MissingTranslations]));
  const courseMissing = status.data?.CourseMissingTranslations ?? [];

  return (
    <section aria-labelledby="editor-parts-title">
      <Title order={2} size="h3" id="editor-parts-title" mb="sm">
        {t('parts.title')}
      </Title>
      {courseMissing.length > 0 && (
        <Text size="sm" c="dimmed" mb="sm" data-testid="course-missing-translation">
          {t('parts.courseMissing', {
            languages: courseMissing.map((language) => t(`languages.${language as 'en' | 'sv'}`)).join(', '),
          })}
        </Text>
      )}
      <Stack gap="xs" data-testid="editor-parts">
        {parts.map((part) => (
          <PartRow
            key={part.Id}
            part={part}
            missing={missingOf.get(part.Id) ?? null}
            loading={status.isPending}
            onRenamed={async () => {
              await refreshCourse();
              await status.refetch();
            }}
          />
        ))}
      </Stack>
    </section>
  );
}

function PartRow({
  part,
  missing,
  loading,
  onRenamed,
}: {
  part: CoursePart;
  missing: string[] | null;
  /** The part's content is being read to tell its missing translations. */
  loading: boolean;
  onRenamed(): Promise<void>;
}) {
  const { t } = useTranslation('courseEditor');
  const session = useEditingSession();
  const [renaming, setRenaming] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const rename = async () => {
    if (renaming === null || !renaming.trim()) return;
    setBusy(true);
    const answer = await writeCourse(
      session,
      (version) =>
        call('course_admin.php', 'rename_course_part', {
          CourseId: session.course.Id,
          Version: version,
          CoursePartId: part.Id,
          Name: renaming.trim(),
        }),
      (error) => t('part.failed', { error }),
    );
    setBusy(false);
    if (answer) {
      setRenaming(null);
      await onRenamed();
    }
  };

  return (
    <Paper withBorder p="xs" data-testid="editor-part" data-part-id={part.Id}>
      {renaming === null ? (
        <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
          <Group gap="xs" style={{ flex: 1, minWidth: 0 }}>
            <Anchor component={Link} to={`/course/${session.course.Id}/post/${part.Id}`}>
              {part.Name}
            </Anchor>
            {!part.Published && (
              <Badge size="sm" color="red.9" variant="filled">
                {t('parts.draft')}
              </Badge>
            )}
            {missing === null
              ? loading && (
                  <Text size="xs" c="dimmed">
                    {t('parts.translationsUnknown')}
                  </Text>
                )
              : missing.map((language) => (
                  <Badge key={language} size="sm" variant="light" {...tone('orange')} data-testid="missing-translation">
                    {t('parts.missingTranslation', { language: t(`languages.${language as 'en' | 'sv'}`) })}
                  </Badge>
                ))}
          </Group>
          <Button variant="subtle" size="xs" onClick={() => setRenaming(part.Name)} style={{ flexShrink: 0 }}>
            {t('parts.rename')}
          </Button>
        </Group>
      ) : (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            void rename();
          }}
        >
          <Group gap="xs" align="flex-end">
            <TextInput
              label={t('parts.renameLabel', { name: part.Name })}
              value={renaming}
              onChange={(event) => setRenaming(event.currentTarget.value)}
              maxLength={200}
              required
              style={{ flex: 1 }}
              data-autofocus
            />
            <Button type="submit" size="sm" loading={busy}>
              {t('parts.save')}
            </Button>
            <Button variant="default" size="sm" onClick={() => setRenaming(null)}>
              {t('parts.cancel')}
            </Button>
          </Group>
        </form>
      )}
    </Paper>
  );
}
