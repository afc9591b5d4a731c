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
import { ActionIcon, Stack } from '@mantine/core';
import { IconGripVertical } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import classes from './SortableList.module.css';

/** What a sortable list tells a screen reader and names its handles with, in the page's language. */
export interface SortTexts {
  help: string;
  picked(name: string, position: number, count: number): string;
  moved(name: string, position: number, count: number): string;
  dropped(name: string, position: number, count: number): string;
  cancelled(name: string): string;
  handle(name: string): string;
}

/**
 * A list reordered by dragging its items' handles or by keyboard (Space picks an item up, the arrow keys move it,
 * Space drops it, Escape puts it back), each move announced to screen readers. The order is the caller's: it gets
 * the new one through `onReorder`.
 */
export function SortableList<T extends { id: number }>({
  items,
  nameOf,
  onReorder,
  texts,
  renderItem,
  testId = 'sort-list',
}: {
  items: T[];
  nameOf(item: T): string;
  onReorder(ids: number[]): void;
  texts: SortTexts;
  renderItem(item: T, handle: ReactNode): ReactNode;
  testId?: string;
}) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const ids = items.map((item) => item.id);
  const position = (id: UniqueIdentifier | undefined) => (id === undefined ? 0 : ids.indexOf(Number(id)) + 1);
  const name = (id: UniqueIdentifier) => {
    const item = items.find((each) => each.id === Number(id));
    return item ? nameOf(item) : String(id);
  };
  const announcements: Announcements = {
    onDragStart: ({ active }) => texts.picked(name(active.id), position(active.id), ids.length),
    onDragOver: ({ active, over }) => (over ? texts.moved(name(active.id), position(over.id), ids.length) : undefined),
    onDragEnd: ({ active, over }) => (over ? texts.dropped(name(active.id), position(over.id), ids.length) : undefined),
    onDragCancel: ({ active }) => texts.cancelled(name(active.id)),
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    onReorder(arrayMove(ids, ids.indexOf(Number(active.id)), ids.indexOf(Number(over.id))));
  };
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{ announcements, screenReaderInstructions: { draggable: texts.help } }}
    >
      <SortableContext items={ids} strategy={verticalListSortingStrategy}>
        <Stack gap={6} component="ol" p={0} m={0} style={{ listStyle: 'none' }} data-testid={testId}>
          {items.map((item) => (
            <SortableItem key={item.id} id={item.id} handleLabel={texts.handle(nameOf(item))}>
              {(handle) => renderItem(item, handle)}
            </SortableItem>
          ))}
        </Stack>
      </SortableContext>
    </DndContext>
  );
}

function SortableItem({
  id,
  handleLabel,
  children,
}: {
  id: number;
  handleLabel: string;
  children(handle: ReactNode): ReactNode;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id,
  });
  const handle = (
    <ActionIcon
      ref={setActivatorNodeRef}
      variant="subtle"
      color="gray"
      className={classes.handle}
      {...attributes}
      {...listeners}
      aria-label={handleLabel}
      data-testid="sort-handle"
    >
      <IconGripVertical size={18} aria-hidden />
    </ActionIcon>
  );
  return (
    <li
      ref={setNodeRef}
      className={classes.item}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      data-dragging={isDragging}
      data-testid="sort-item"
      data-item-id={id}
    >
      {children(handle)}
    </li>
  );
}
