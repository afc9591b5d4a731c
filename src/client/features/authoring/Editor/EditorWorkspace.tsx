import { Badge, Button, Container, Group, Paper, SegmentedControl, Switch, Text } from '@mantine/core';
import { IconArrowsSort, IconPlus, IconX } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AddPartButton } from './AddPartButton';
import classes from './editor.module.css';
import { PartEditor } from './PartEditor';
import { PartsPanel } from './PartsPanel';
import { SaveStatusText } from './SaveStatusText';
import { SortPartsDialog } from './SortPartsDialog';
import { type EditingSession, EditingSessionContext } from './session';
import { type ContentLanguage, contentLanguages } from './translations';
import type { CourseEditingProps } from './types';
import type { SaveStatus } from './usePartDraft';

/**
 * The course while its editor holds the lock: a bar with the holder, the saving state, the content language, the
 * student preview and Close; below it the parts (on the overview) or the part's editor (on a part's page).
 */
export default function EditorWorkspace(
  props: CourseEditingProps & {
    session: Omit<EditingSession, 'language'>;
    onClose(): Promise<void>;
    closing: boolean;
  },
) {
  const { t } = useTranslation('courseEditor');
  const [language, setLanguage] = useState<ContentLanguage>('en');
  const [preview, setPreview] = useState(false);
  const [sorting, setSorting] = useState(false);
  const [status, setStatus] = useState<SaveStatus>({ kind: 'idle' });
  const session = useMemo<EditingSession>(() => ({ ...props.session, language }), [props.session, language]);
  const { course, partId } = props;

  return (
    <EditingSessionContext.Provider value={session}>
      <div className={classes.barWrap}>
        <Paper
          withBorder
          p="sm"
          className={classes.bar}
          role="region"
          aria-label={t('bar.label')}
          data-testid="course-editor-bar"
        >
          <Group justify="space-between" gap="sm">
            <Group gap="sm">
              <Badge color="teal.9" variant="filled" data-testid="course-editing-holder">
                {t('bar.editing', { name: session.holder })}
              </Badge>
              <SaveStatusText status={status} />
            </Group>
            <Group gap="sm">
              <SegmentedControl
                size="xs"
                aria-label={t('bar.language')}
                value={language}
                onChange={(value) => setLanguage(value as ContentLanguage)}
                data={contentLanguages.map((code) => ({ value: code, label: t(`languages.${code}`) }))}
                data-testid="content-language"
              />
              {partId !== null && (
                <Switch
                  label={t('bar.preview')}
                  checked={preview}
                  onChange={(event) => setPreview(event.currentTarget.checked)}
                  data-testid="student-preview-toggle"
                />
              )}
              <Button
                variant="default"
                size="xs"
                leftSection={<IconArrowsSort size={14} aria-hidden />}
                onClick={() => setSorting(true)}
                data-testid="sort-parts"
              >
                {t('parts.sort')}
              </Button>
              <AddPartButton
                after={partId}
                onAdded={(id) => props.openPart(id)}
                refreshCourse={props.refreshCourse}
                icon={<IconPlus size={14} aria-hidden />}
              />
              <Button
                color="red.8"
                size="xs"
                leftSection={<IconX size={14} aria-hidden />}
                onClick={() => void props.onClose()}
                loading={props.closing}
                data-testid="course-edit-close"
              >
                {t('bar.close')}
              </Button>
            </Group>
          </Group>
        </Paper>
      </div>
      <Container size="md" py="md">
        {partId === null ? (
          <>
            <Text c="dimmed" mb="md">
              {t('overview.pick')}
            </Text>
            <PartsPanel refreshCourse={props.refreshCourse} />
          </>
        ) : course.CourseParts.some((part) => part.Id === partId) ? (
          <PartEditor
            key={partId}
            partId={partId}
            preview={preview}
            onStatus={setStatus}
            refreshCourse={props.refreshCourse}
            renderStudentPart={props.renderStudentPart}
            openPart={props.openPart}
          />
        ) : (
          props.children
        )}
      </Container>
      <SortPartsDialog opened={sorting} onClose={() => setSorting(false)} refreshCourse={props.refreshCourse} />
    </EditingSessionContext.Provider>
  );
}
