import { Button, Group, Modal, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';

/** Asks for a course's name (a new course, or a new name); the name is required. */
export function NameDialog(props: {
  title: string;
  initialName: string;
  busy: boolean;
  error: string | null;
  onCancel(): void;
  onSave(name: string): void;
}) {
  const { t } = useTranslation('authoring');
  const form = useForm({
    initialValues: { name: props.initialName },
    validate: { name: (value) => (value.trim() === '' ? t('courses.nameRequired') : null) },
  });
  return (
    <Modal
      opened
      onClose={props.onCancel}
      title={props.title}
      centered
      closeButtonProps={{ 'aria-label': t('courses.cancel') }}
    >
      <form onSubmit={form.onSubmit((values) => props.onSave(values.name.trim()))} noValidate>
        <TextInput
          label={t('courses.name')}
          maxLength={200}
          required
          data-autofocus
          data-testid="course-name-input"
          {...form.getInputProps('name')}
          error={form.errors.name ?? props.error}
        />
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={props.onCancel}>
            {t('courses.cancel')}
          </Button>
          <Button type="submit" loading={props.busy} data-testid="course-name-save">
            {t('courses.save')}
          </Button>
        </Group>
      </form>
    </Modal>
  );
}
