import { useTranslate } from 'react-admin';
import type { ReactNode } from 'react';
import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { Box, IconButton, Tooltip } from '@mui/material';
import DragIndicatorIcon from '@mui/icons-material/DragIndicator';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';

/**
 * What a screen reader hears while a row is dragged, in words: the row's name (never its id), its place, and the
 * list it is in ('Picked up Flat White, item 2 of 5 in Coffee.').
 */
export function dragAnnouncements(ids: string[], nameOf: (id: string) => string, listName: string): Announcements {
  const place = (id: UniqueIdentifier | undefined) => `${ids.indexOf(String(id)) + 1} of ${ids.length} in ${listName}`;
  return {
    onDragStart: ({ active }) => `Picked up ${nameOf(String(active.id))}, ${place(active.id)}.`,
    onDragOver: ({ active, over }) =>
      over ? `${nameOf(String(active.id))} moved to ${place(over.id)}.` : `${nameOf(String(active.id))} is no longer over the list.`,
    onDragEnd: ({ active, over }) =>
      over ? `${nameOf(String(active.id))} dropped at ${place(over.id)}.` : `${nameOf(String(active.id))} dropped.`,
    onDragCancel: ({ active }) => `Moving ${nameOf(String(active.id))} was cancelled; it stays at ${place(active.id)}.`,
  };
}

/**
 * A vertical list reordered by dragging (mouse, touch, or keyboard: focus the handle, Space, arrows, Space) and by
 * up/down buttons; `move(from, to)` is called either way. `nameOf` and `listName` word what a screen reader hears.
 */
export function SortableList({
  ids,
  move,
  nameOf,
  listName,
  children,
}: {
  ids: string[];
  move: (from: number, to: number) => void;
  nameOf: (id: string) => string;
  listName: string;
  children: ReactNode;
}) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    move(ids.indexOf(String(active.id)), ids.indexOf(String(over.id)));
  };
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{
        announcements: dragAnnouncements(ids, nameOf, listName),
        screenReaderInstructions: {
          draggable:
            'To move it, press Space or Enter, move it with the arrow keys, and press Space or Enter again to drop it. Escape cancels.',
        },
      }}
    >
      <SortableContext items={ids} strategy={verticalListSortingStrategy}>
        {children}
      </SortableContext>
    </DndContext>
  );
}

/** One row of a SortableList: a drag handle, the row's content, and up/down buttons. */
export function SortableRow({
  id,
  index,
  count,
  label,
  move,
  children,
}: {
  id: string;
  index: number;
  count: number;
  label: string;
  move: (from: number, to: number) => void;
  children: ReactNode;
}) {
  const translate = useTranslate();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id });
  return (
    <Box
      ref={setNodeRef}
      sx={{
        display: 'flex',
        alignItems: 'flex-start',
        gap: 0.5,
        opacity: isDragging ? 0.6 : 1,
        position: 'relative',
        zIndex: isDragging ? 1 : 'auto',
      }}
      style={{ transform: CSS.Transform.toString(transform), transition }}
    >
      <IconButton
        ref={setActivatorNodeRef}
        {...attributes}
        {...listeners}
        aria-label={translate('resources.catalog.menu.actions.drag', { name: label })}
        size="small"
        sx={{ cursor: 'grab', touchAction: 'none', mt: 0.5 }}
      >
        <DragIndicatorIcon fontSize="small" />
      </IconButton>
      <Box sx={{ flex: 1, minWidth: 0 }}>{children}</Box>
      <Box sx={{ display: 'flex', flexDirection: { xs: 'column', sm: 'row' } }}>
        <Tooltip title={translate('resources.catalog.menu.actions.moveUp')}>
          <span>
            <IconButton
              size="small"
              aria-label={translate('resources.catalog.menu.actions.moveUpNamed', { name: label })}
              disabled={index === 0}
              onClick={() => move(index, index - 1)}
            >
              <ArrowUpwardIcon fontSize="small" />
            </IconButton>
          </span>
        </Tooltip>
        <Tooltip title={translate('resources.catalog.menu.actions.moveDown')}>
          <span>
            <IconButton
              size="small"
              aria-label={translate('resources.catalog.menu.actions.moveDownNamed', { name: label })}
              disabled={index === count - 1}
              onClick={() => move(index, index + 1)}
            >
              <ArrowDownwardIcon fontSize="small" />
            </IconButton>
          </span>
        </Tooltip>
      </Box>
    </Box>
  );
}
