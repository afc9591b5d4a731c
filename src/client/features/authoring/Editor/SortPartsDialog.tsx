import { Button, Group, Modal, Text } from '@mantine/core';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../../app/api';
import { SortableList } from '../../../components/SortableList';
import { showToast } from '../../../components/toast';
import { useEditingSession } from './session';
import { writeCourse } from './writes';

/**
 * The sort-pages dialog (spec §4): the course's parts reordered by dragging their handles or by keyboard (Space
 * picks a part up, the arrow keys move it, Space drops it, Escape puts it back), each move announced to screen
 * readers; saving sends the whole order (save_sorted_course_parts), which numbers the parts from 1.
 */
export function SortPartsDialog({
  opened,
  onClose,
  refreshCourse,
}: {
  opened: boolean;
  onClose(): void;
  refreshCourse(): Promise<unknown>;
}) {
  const { t } = useTranslation('courseEditor');
  const session = useEditingSession();
  const parts = session.course.CourseParts;
  const [order, setOrder] = useState<number[]>([]);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (opened) setOrder([...parts].sort((a, b) => a.SortId - b.SortId).map((part) => part.Id));
  }, [opened, parts]);

  const names = useMemo(() => new Map(parts.map((part) => [part.Id, part.Name])), [parts]);
  const items = order.map((id) => ({ id, name: names.get(id) ?? String(id) }));
  const texts = {
    help: t('sort.help'),
    picked: (name: string, position: number, count: number) => t('sort.picked', { name, position, count }),
    moved: (name: string, position: number, count: number) => t('sort.moved', { name, position, count }),
    dropped: (name: string, position: number, count: number) => t('sort.dropped', { name, position, count }),
    cancelled: (name: string) => t('sort.cancelled', { name }),
    handle: (name: string) => t('sort.handle', { name }),
  };

  const save = async () => {
    setBusy(true);
    const answer = await writeCourse(
      session,
      (version) =>
        call('course_admin.php', 'save_sorted_course_parts', {
          CourseId: session.course.Id,
          Version: version,
          SortedItems: order,
        }),
      (error) => t('part.failed', { error }),
    );
    if (answer) {
      await refreshCourse();
      showToast(t('sort.saved'), 'green');
      onClose();
    }
    setBusy(false);
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('sort.title')}
      closeButtonProps={{ 'aria-label': t('sort.cancel') }}
    >
      <Text size="sm" c="dimmed" mb="sm" id="sort-parts-help">
        {t('sort.help')}
      </Text>
      <SortableList
        items={items}
        nameOf={(item) => item.name}
        onReorder={setOrder}
        texts={texts}
        renderItem={(item, handle) => (
          <>
            {handle}
            <Text size="sm">{item.name}</Text>
          </>
        )}
      />
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onClose}>
          {t('sort.cancel')}
        </Button>
        <Button onClick={save} loading={busy} data-testid="sort-save">
          {t('sort.save')}
        </Button>
      </Group>
    </Modal>
  );
}
