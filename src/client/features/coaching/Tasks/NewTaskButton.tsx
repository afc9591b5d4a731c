import { Button, Group, Modal, NativeSelect, Stack, Textarea, TextInput } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { NO_OWNER, TaskType } from '../../../../shared/domain/coaching/tasks';
import { call } from '../../../app/api';
import { errorText } from '../../../components/errorText';
import { showToast } from '../../../components/toast';
import { coachingKeys } from '../keys';
import { useOwnerOptions } from './owners';
import { useCourseOptions } from './queries';

const MAX_DESCRIPTION = 5_000;

/** "New task": a dialog to write down work for the staff, optionally about a course, for someone, from a time. */
export function NewTaskButton({ courseId }: { courseId: number | null }) {
  const { t } = useTranslation('coaching');
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setOpened(true)} data-testid="new-task">
        {t('create.button')}
      </Button>
      <Modal
        opened={opened}
        onClose={() => setOpened(false)}
        title={t('create.title')}
        centered
        closeButtonProps={{ 'aria-label': t('create.close') }}
      >
        {opened && <NewTaskForm initialCourseId={courseId} onDone={() => setOpened(false)} />}
      </Modal>
    </>
  );
}

function NewTaskForm({ initialCourseId, onDone }: { initialCourseId: number | null; onDone(): void }) {
  const { t } = useTranslation('coaching');
  const courses = useCourseOptions();
  const owners = useOwnerOptions();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [description, setDescription] = useState('');
  const [courseId, setCourseId] = useState(initialCourseId === null ? '' : String(initialCourseId));
  const [owner, setOwner] = useState(String(NO_OWNER));
  const [starts, setStarts] = useState('');
  const [missing, setMissing] = useState(false);

  const create = useMutation({
    mutationFn: async () =>
      (
        await call('tasks.php', 'create_task', {
          Task: {
            TaskType: TaskType.other,
            Description: description.trim(),
            CourseId: courseId === '' ? null : Number(courseId),
            TaskOwner: Number(owner),
            // The picker gives local time without a zone; the wire takes UTC.
            EventStartDate: starts === '' ? null : new Date(starts).toISOString(),
          },
        })
      ).createTask.data.Id,
    onSuccess: (taskId) => {
      void queryClient.invalidateQueries({ queryKey: coachingKeys.tasks.lists });
      showToast(t('create.created'), 'green');
      onDone();
      navigate(`/Tasks/${taskId}`);
    },
    onError: (error) => showToast(t('saveFailed', { reason: errorText(error) }), 'red'),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (description.trim() === '') {
      setMissing(true);
      return;
    }
    create.mutate();
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Textarea
          label={t('create.description')}
          required
          autosize
          minRows={3}
          maxLength={MAX_DESCRIPTION}
          value={description}
          onChange={(event) => {
            setDescription(event.currentTarget.value);
            setMissing(false);
          }}
          error={missing ? t('create.descriptionRequired') : undefined}
          data-autofocus
        />
        <NativeSelect
          label={t('create.course')}
          value={courseId}
          onChange={(event) => setCourseId(event.currentTarget.value)}
          data={[
            { value: '', label: t('create.noCourse') },
            ...(courses.data ?? []).map((course) => ({ value: String(course.id), label: course.name })),
          ]}
        />
        <NativeSelect
          label={t('create.owner')}
          value={owner}
          onChange={(event) => setOwner(event.currentTarget.value)}
          data={owners}
        />
        <TextInput
          type="datetime-local"
          label={t('create.starts')}
          description={t('create.startsHint')}
          value={starts}
          onChange={(event) => setStarts(event.currentTarget.value)}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone}>
            {t('create.cancel')}
          </Button>
          <Button type="submit" loading={create.isPending}>
            {t('create.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
