import { Badge, Button, Center, Group, Loader, Paper, Stack, Title } from '@mantine/core';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Task } from '../../../shared/contract/tasks';
import { errorText } from '../../components/errorText';
import { UnsavedChangesDialog, useUnsavedChangesGuard } from '../../components/useUnsavedChangesGuard';
import { showToast } from '../../course/toast';
import { useUpdateTask } from './queries';

// The editor is the heaviest part of the page; it loads beside the task rather than with the list.
const RichTextField = lazy(() => import('../../components/RichTextEditor'));

/** The staff's note on a task, in the rich-text editor, saved with a button; leaving with changes asks first. */
export function TaskNote({ task }: { task: Task }) {
  const { t } = useTranslation('tasks');
  const update = useUpdateTask();
  const [draft, setDraft] = useState<string | null>(null);
  const dirty = draft !== null && draft !== task.Note;
  const guard = useUnsavedChangesGuard(dirty);

  const save = () => {
    if (draft === null) return;
    update.mutate(
      { task, changes: { Note: draft } },
      {
        onSuccess: () => {
          setDraft(null);
          showToast(t('note.saved'), 'green');
        },
        onError: (error) => showToast(t('saveFailed', { reason: errorText(error) }), 'red'),
      },
    );
  };

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="task-note" data-testid="task-note">
      <Stack gap="sm">
        <Title order={2} size="h4" id="task-note">
          {t('note.title')}
        </Title>
        <Suspense
          fallback={
            <Center py="md">
              <Loader size="sm" role="status" aria-label={t('note.loading')} />
            </Center>
          }
        >
          <RichTextField key={task.Id} initialContent={task.Note} label={t('note.label')} onChange={setDraft} />
        </Suspense>
        <Group gap="sm">
          <Button
            leftSection={<IconDeviceFloppy size={16} aria-hidden />}
            onClick={save}
            loading={update.isPending}
            disabled={!dirty}
          >
            {t('note.save')}
          </Button>
          {dirty && (
            <Badge color="orange" variant="dot" data-testid="note-unsaved">
              {t('note.unsaved')}
            </Badge>
          )}
        </Group>
      </Stack>
      <UnsavedChangesDialog
        opened={guard.target !== null}
        onStay={guard.stay}
        onLeave={guard.leave}
        text={t('unsaved.text')}
      />
    </Paper>
  );
}
