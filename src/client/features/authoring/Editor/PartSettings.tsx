import { Button, Group, NumberInput, Select, Stack, Switch, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CoursePart } from '../../../../shared/contract/learning/courseShapes';
import { type ProgressCriteria, progressCriteria } from '../../../../shared/domain/learning/course';
import { call } from '../../../app/api';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { showToast } from '../../../components/toast';
import { fromLocalInput, toLocalInput } from './localDateTime';
import { useEditingSession } from './session';
import { writeCourse } from './writes';

const postTypes = ['1', '2', '3', '4'] as const;

/**
 * A part's settings (update_course_part): published or draft, a scheduled publish date, free, mentor-only, its
 * type, what completes it and its video length; and deleting it after a question (delete_course_part).
 */
export function PartSettings({
  part,
  refreshCourse,
  onDeleted,
}: {
  part: CoursePart;
  refreshCourse(): Promise<unknown>;
  onDeleted(): void;
}) {
  const { t } = useTranslation('courseEditor');
  const session = useEditingSession();
  const [form, setForm] = useState(() => ({
    Published: part.Published,
    PublishDate: toLocalInput(part.PublishDate),
    Free: part.Free,
    MentorOnly: part.MentorOnly,
    PostType: String(part.PostType),
    ProgressCriteria: (progressCriteria as readonly string[]).includes(part.ProgressCriteria)
      ? (part.ProgressCriteria as ProgressCriteria)
      : 'visit',
    VideoLength: part.VideoLength,
  }));
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const set = <K extends keyof typeof form>(field: K, value: (typeof form)[K]) => {
    session.touch();
    setForm((current) => ({ ...current, [field]: value }));
  };

  const save = async () => {
    setBusy(true);
    const answer = await writeCourse(
      session,
      (version) =>
        call('course_admin.php', 'update_course_part', {
          CourseId: session.course.Id,
          Version: version,
          CoursePartId: part.Id,
          Published: form.Published,
          PublishDate: fromLocalInput(form.PublishDate),
          Free: form.Free,
          MentorOnly: form.MentorOnly,
          PostType: Number(form.PostType),
          ProgressCriteria: form.ProgressCriteria,
          VideoLength: Math.max(0, Math.round(form.VideoLength)),
        }),
      (error) => t('part.failed', { error }),
    );
    setBusy(false);
    if (answer) {
      showToast(t('part.settingsSaved'), 'green');
      await refreshCourse();
    }
  };

  const remove = async () => {
    setBusy(true);
    const answer = await writeCourse(
      session,
      (version) =>
        call('course_admin.php', 'delete_course_part', {
          CourseId: session.course.Id,
          Version: version,
          CoursePartId: part.Id,
        }),
      (error) => t('part.failed', { error }),
    );
    setBusy(false);
    setConfirming(false);
    if (answer) {
      showToast(t('part.deleted'), 'green');
      await refreshCourse();
      onDeleted();
    }
  };

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
      data-testid="part-settings"
    >
      <Stack gap="md" maw={520}>
        <Switch
          label={t('part.published')}
          checked={form.Published}
          onChange={(event) => set('Published', event.currentTarget.checked)}
        />
        <TextInput
          type="datetime-local"
          label={t('part.publishDate')}
          description={t('part.publishDateHelp')}
          value={form.PublishDate}
          onChange={(event) => set('PublishDate', event.currentTarget.value)}
          data-testid="part-publish-date"
        />
        <Switch
          label={t('part.free')}
          checked={form.Free}
          onChange={(event) => set('Free', event.currentTarget.checked)}
        />
        <Switch
          label={t('part.mentorOnly')}
          checked={form.MentorOnly}
          onChange={(event) => set('MentorOnly', event.currentTarget.checked)}
        />
        <Select
          label={t('part.postType')}
          data={postTypes.map((value) => ({ value, label: t(`part.postTypes.${value}`) }))}
          value={form.PostType}
          onChange={(value) => value && set('PostType', value)}
          allowDeselect={false}
        />
        <Select
          label={t('part.progressCriteria')}
          data={progressCriteria.map((value) => ({ value, label: t(`part.criteria.${value}`) }))}
          value={form.ProgressCriteria}
          onChange={(value) => value && set('ProgressCriteria', value as ProgressCriteria)}
          allowDeselect={false}
        />
        <NumberInput
          label={t('part.videoLength')}
          value={form.VideoLength}
          min={0}
          max={1_000_000}
          allowDecimal={false}
          onChange={(value) => set('VideoLength', typeof value === 'number' ? value : 0)}
        />
        <Group justify="space-between">
          <Button type="submit" loading={busy} data-testid="part-settings-save">
            {t('part.saveSettings')}
          </Button>
          <Button color="red.8" onClick={() => setConfirming(true)} data-testid="part-delete">
            {t('part.delete')}
          </Button>
        </Group>
      </Stack>
      <ConfirmDialog
        opened={confirming}
        title={t('part.deleteTitle')}
        text={t('part.deleteText', { name: part.Name })}
        cancel={t('parts.cancel')}
        onCancel={() => setConfirming(false)}
        confirm={t('part.delete')}
        confirmColor="red.8"
        onConfirm={() => void remove()}
        busy={busy}
        focusCancel
        confirmTestId="part-delete-confirm"
      />
    </form>
  );
}
