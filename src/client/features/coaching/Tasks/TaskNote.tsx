import { Button, Group } from '@mantine/core';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Task } from '../../../../shared/contract/coaching/tasks';
import { errorText } from '../../../components/errorText';
import { LazyRichTextField } from '../../../components/LazyRichTextField';
import { showToast } from '../../../components/toast';
import { UnsavedBadge, UnsavedChangesGuard } from '../../../components/UnsavedChanges';
import { useUpdateTask } from './queries';
import { TaskSection } from './TaskBits';

/** The staff's note on a task, in the rich-text editor, saved with a button; leaving with changes asks first. */
export function TaskNote({ task }: { task: Task }) {
  const { t } = useTranslation('coaching');
  const update = useUpdateTask();
  const [draft, setDraft] = useState<string | null>(null);
  const dirty = draft !== null && draft !== task.Note;

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
    <TaskSection id="task-note" title={t('note.title')} data-testid="task-note">
      <LazyRichTextField key={task.Id} initialContent={task.Note} label={t('note.label')} onChange={setDraft} />
      <Group gap="sm">
        <Button
          leftSection={<IconDeviceFloppy size={16} aria-hidden />}
          onClick={save}
          loading={update.isPending}
          disabled={!dirty}
        >
          {t('note.save')}
        </Button>
        {dirty && <UnsavedBadge data-testid="note-unsaved">{t('note.unsaved')}</UnsavedBadge>}
      </Group>
      <UnsavedChangesGuard dirty={dirty} text={t('unsaved.text')} />
    </TaskSection>
  );
}
