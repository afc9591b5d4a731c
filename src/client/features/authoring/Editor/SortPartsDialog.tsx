import {
  type Announcements,
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  type UniqueIdentifier,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import {
  arrayMove,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { ActionIcon, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconGripVertical } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../../app/api';
import { showToast } from '../../../components/toast';
import classes from './editor.module.css';
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
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const position = (id: UniqueIdentifier | undefined) => (id === undefined ? 0 : order.indexOf(Number(id)) + 1);
  const nameOf = (id: UniqueIdentifier) => names.get(Number(id)) ?? String(id);
  const announcements: Announcements = {
    onDragStart: ({ active }) =>
      t('sort.picked', { name: nameOf(active.id), position: position(active.id), count: order.length }),
    onDragOver: ({ active, over }) =>
      over ? t('sort.moved', { name: nameOf(active.id), position: position(over.id), count: order.length }) : undefined,
    onDragEnd: ({ active, over }) =>
      over
        ? t('sort.dropped', { name: nameOf(active.id), position: position(over.id), count: order.length })
        : undefined,
    onDragCancel: ({ active }) => t('sort.cancelled', { name: nameOf(active.id) }),
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    setOrder((items) => arrayMove(items, items.indexOf(Number(active.id)), items.indexOf(Number(over.id))));
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
      <DndContext
        sensors={sensors}
        collisionDetection={closestCenter}
        onDragEnd={onDragEnd}
        accessibility={{ announcements, screenReaderInstructions: { draggable: t('sort.help') } }}
      >
        <SortableContext items={order} strategy={verticalListSortingStrategy}>
          <Stack gap={6} component="ol" p={0} m={0} style={{ listStyle: 'none' }} data-testid="sort-list">
            {order.map((id) => (
              <SortableRow key={id} id={id} name={nameOf(id)} />
            ))}
          </Stack>
        </SortableContext>
      </DndContext>
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

function SortableRow({ id, name }: { id: number; name: string }) {
  const { t } = useTranslation('courseEditor');
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id,
  });
  return (
    <li
      ref={setNodeRef}
      className={classes.sortItem}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      data-dragging={isDragging}
      data-testid="sort-item"
      data-part-id={id}
    >
      <ActionIcon
        ref={setActivatorNodeRef}
        variant="subtle"
        color="gray"
        className={classes.handle}
        {...attributes}
        {...listeners}
        aria-label={t('sort.handle', { name })}
        data-testid="sort-handle"
      >
        <IconGripVertical size={18} aria-hidden />
      </ActionIcon>
      <Text size="sm">{name}</Text>
    </li>
  );
}
