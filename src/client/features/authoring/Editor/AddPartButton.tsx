import { Button } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../../app/api';
import { useEditingSession } from './session';
import { writeCourse } from './writes';

/** Adds a draft part after the part shown (or at the end) and opens it (course_admin.php add_course_part). */
export function AddPartButton({
  after,
  onAdded,
  refreshCourse,
  icon,
}: {
  after: number | null;
  onAdded(partId: number): void;
  refreshCourse(): Promise<unknown>;
  icon?: ReactNode;
}) {
  const { t } = useTranslation('courseEditor');
  const session = useEditingSession();
  const [busy, setBusy] = useState(false);
  const parts = [...session.course.CourseParts].sort((a, b) => a.SortId - b.SortId);
  const index = after === null ? -1 : parts.findIndex((part) => part.Id === after);
  const sortNr = index < 0 ? parts.length + 1 : index + 2;

  const add = async () => {
    setBusy(true);
    const answer = await writeCourse(
      session,
      (version) =>
        call('course_admin.php', 'add_course_part', {
          Id: session.course.Id,
          UserId: session.userId,
          SortNr: sortNr,
          PostType: 1,
          Free: false,
          Name: t('parts.newName'),
          Version: version,
        }),
      (error) => t('part.failed', { error }),
    );
    if (answer) {
      await refreshCourse();
      onAdded(answer.data.Id);
    }
    setBusy(false);
  };

  return (
    <Button variant="default" size="xs" leftSection={icon} onClick={add} loading={busy} data-testid="add-part">
      {t('parts.add')}
    </Button>
  );
}
