import type { SeatingStudent } from '@high5/contract';
import {
  closestCenter,
  DndContext,
  DragOverlay,
  KeyboardSensor,
  pointerWithin,
  useSensor,
  useSensors,
  type Announcements,
  type CollisionDetection,
  type KeyboardCoordinateGetter,
} from '@dnd-kit/core';
import { Box, Button, FormControlLabel, Paper, Switch, Typography } from '@mui/material';
import { useCallback, useState, type ReactNode, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { visuallyHidden } from '../../../components/ui/visually-hidden';
import { Classroom, GRID_GAP, NAME_LINE, Seat, UnseatedStrip, type CardTap } from './seat-grid';
import { CardPointerSensor } from './seating-hooks';
import { dropStudent, parseSeat, seatKey, seatOf, type Layout } from './seating-state';

/**
 * The chart's grid and the strip of students without a seat, with drag and drop by pointer or
 * keyboard (Space, arrows, Space). What a screen reader hears says where a student went, or
 * that a drop was refused and the student stayed. "Move by tapping" is the single-pointer way
 * (WCAG 2.5.7): tap a student, then an empty seat or "take off the chart".
 */
export function ChartEditor({
  ref,
  layout,
  size,
  byId,
  waiting,
  label,
  renderCard,
  renderDragged,
  onDrop,
}: {
  ref: Ref<HTMLDivElement>;
  layout: Layout;
  size: number;
  byId: ReadonlyMap<string, SeatingStudent>;
  waiting: readonly SeatingStudent[];
  label: string;
  renderCard: (student: SeatingStudent, tap: CardTap | undefined) => ReactNode;
  renderDragged: (student: SeatingStudent) => ReactNode;
  onDrop: (studentId: string, target: string) => void;
}) {
  const { t } = useTranslation('classroom');
  const [activeId, setActiveId] = useState<string | null>(null);
  const [tapping, setTapping] = useState(false);
  const [picked, setPicked] = useState<string | null>(null);
  const [tapMessage, setTapMessage] = useState('');
  const pitchX = size + GRID_GAP - 2 + GRID_GAP;
  const pitchY = size + NAME_LINE + GRID_GAP;
  const coordinateGetter: KeyboardCoordinateGetter = useCallback(
    (event, { currentCoordinates }) => {
      const step: Record<string, [number, number]> = { ArrowRight: [pitchX, 0], ArrowLeft: [-pitchX, 0], ArrowDown: [0, pitchY], ArrowUp: [0, -pitchY] };
      const move = step[event.code];
      if (!move) return undefined;
      event.preventDefault();
      return { x: currentCoordinates.x + move[0], y: currentCoordinates.y + move[1] };
    },
    [pitchX, pitchY],
  );
  const sensors = useSensors(
    useSensor(CardPointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter, keyboardCodes: { start: ['Space'], cancel: ['Escape'], end: ['Space'] } }),
  );
  const collision: CollisionDetection = (args) => {
    const within = pointerWithin(args);
    return within.length > 0 ? within : closestCenter(args);
  };
  const where = (id: string | number | undefined) => {
    if (id === undefined) return t('seating.nowhere');
    if (id === 'strip') return t('seating.theStrip');
    const [row, col] = parseSeat(String(id));
    return t('seating.seatAt', { row: row + 1, col: col + 1 });
  };
  const nameOf = (id: string | number) => byId.get(String(id))?.name ?? '';
  const announcements: Announcements = {
    onDragStart: ({ active }) => t('seating.announce.start', { name: nameOf(active.id) }),
    onDragOver: ({ active, over }) => t('seating.announce.over', { name: nameOf(active.id), place: where(over?.id) }),
    onDragEnd: ({ active, over }) => {
      // Worked out on the layout before the drop is applied.
      const outcome = over ? dropStudent(layout.seats, String(active.id), String(over.id)) : null;
      if (outcome?.ok) return t('seating.announce.end', { name: nameOf(active.id), place: where(over?.id) });
      if (outcome?.reason === 'occupied') return t('seating.announce.refused', { name: nameOf(active.id), place: where(over?.id) });
      return t('seating.announce.stays', { name: nameOf(active.id) });
    },
    onDragCancel: ({ active }) => t('seating.announce.cancel', { name: nameOf(active.id) }),
  };
  const active = activeId ? byId.get(activeId) : undefined;

  const pickedName = picked ? nameOf(picked) : '';
  const tapFor = (student: SeatingStudent): CardTap | undefined =>
    tapping
      ? {
          picked: picked === student.id,
          onTap: () => {
            const again = picked === student.id;
            setPicked(again ? null : student.id);
            setTapMessage(again ? t('seating.tap.cancelled', { name: student.name }) : t('seating.tap.picked', { name: student.name }));
          },
        }
      : undefined;
  const placeAt = (target: string) => {
    if (!picked) return;
    onDrop(picked, target);
    setTapMessage(target === 'strip' ? t('seating.tap.unseated', { name: pickedName }) : t('seating.tap.placed', { name: pickedName, place: where(target) }));
    setPicked(null);
  };
  const setTappingMode = (on: boolean) => {
    setTapping(on);
    setPicked(null);
    setTapMessage(on ? t('seating.tap.help') : '');
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={collision}
      onDragStart={(event) => setActiveId(String(event.active.id))}
      onDragCancel={() => setActiveId(null)}
      onDragEnd={(event) => {
        setActiveId(null);
        if (event.over) onDrop(String(event.active.id), String(event.over.id));
      }}
      accessibility={{ announcements, screenReaderInstructions: { draggable: t('seating.dndHelp') } }}
    >
      <Box id="seating-dnd-help" sx={visuallyHidden}>
        {t('seating.dndHelp')}
      </Box>
      <Paper ref={ref} variant="outlined" sx={{ borderRadius: 3, mb: 2 }} component="section" aria-label={label}>
        <Classroom
          layout={layout}
          size={size}
          renderSeat={(row, col) => {
            const id = layout.seats[seatKey(row, col)];
            const student = id ? byId.get(id) : undefined;
            return (
              <Seat
                key={seatKey(row, col)}
                row={row}
                col={col}
                size={size}
                place={picked ? { name: pickedName, onPlace: () => placeAt(seatKey(row, col)) } : undefined}
              >
                {student ? renderCard(student, tapFor(student)) : undefined}
              </Seat>
            );
          }}
        />
      </Paper>
      <UnseatedStrip
        count={waiting.length}
        empty={byId.size === 0}
        // In the strip's title row, so the grid keeps its height on a classroom laptop.
        action={
          <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'flex-end', columnGap: 2 }}>
            <Typography role="status" variant="body2" color="text.secondary">
              {tapMessage}
            </Typography>
            {picked && seatOf(layout.seats, picked) && (
              <Button size="small" variant="outlined" onClick={() => placeAt('strip')}>
                {t('seating.tap.unseat', { name: pickedName })}
              </Button>
            )}
            <FormControlLabel
              control={<Switch checked={tapping} onChange={(event) => setTappingMode(event.target.checked)} />}
              label={t('seating.tap.mode')}
              sx={{ mr: 0 }}
            />
          </Box>
        }
      >
        {waiting.map((student) => renderCard(student, tapFor(student)))}
      </UnseatedStrip>
      <DragOverlay dropAnimation={null}>{active ? renderDragged(active) : null}</DragOverlay>
    </DndContext>
  );
}
