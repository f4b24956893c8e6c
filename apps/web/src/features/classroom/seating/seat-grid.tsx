import { cardName, type AttendanceCode, type DeskDirection, type SeatingStudent, type StudentMood } from '@high5/contract';
import { useDraggable, useDroppable } from '@dnd-kit/core';
import { Box, ButtonBase, IconButton, Tooltip, Typography } from '@mui/material';
import { keyframes, useTheme } from '@mui/material/styles';
import HourglassEmptyIcon from '@mui/icons-material/HourglassEmpty';
import { Fragment, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Emoji } from '../../../components/ui/emoji';
import { MOOD_COLOURS, moodEmoji, moodGroup, moodInfo } from '../components/moods';
import { nameFontSize } from './name-fit';
import { GRID_GAP, NAME_LINES_HEIGHT, seatKey, type Layout } from './seating-state';

export { GRID_GAP };
/** The height under each card for the student's name (two lines). */
export const NAME_LINE = NAME_LINES_HEIGHT;

/** The random pick's marks: black and grey, never a mood colour (a calm child must not look upset). */
export const PICK_STYLES = {
  current: { outline: '4px solid #212121' },
  previous: { outline: '3px dashed #616161' },
} as const;

export const FLAG_STYLES = {
  iep: { bg: '#5e35b1', label: 'IEP', short: 'I' },
  plan504: { bg: '#00695c', label: '504', short: '5' },
  language: { bg: '#bf360c', label: 'L', short: 'L' },
} as const;

export const ATTENDANCE_STYLES: Record<AttendanceCode, { bg: string; fg: string }> = {
  P: { bg: '#2e7d32', fg: '#fff' },
  A: { bg: '#c62828', fg: '#fff' },
  T: { bg: '#ef6c00', fg: '#000' },
  E: { bg: '#1565c0', fg: '#fff' },
};

const glow = keyframes`
  0%, 100% { box-shadow: 0 0 4px 2px rgba(229, 57, 53, 0.55); }
  50% { box-shadow: 0 0 14px 6px rgba(229, 57, 53, 0.95); }
`;

export interface CardState {
  mood: StudentMood | undefined;
  pick: 'current' | 'previous' | null;
  /** Shown only while the teacher's "not yet" marker is on; never printed nor exported. */
  notYet?: boolean;
}

/** What a card says to a screen reader: the name, flags, today's mood and any emergency. */
export function useCardLabel() {
  const { t } = useTranslation('classroom');
  return (student: SeatingStudent, mood: StudentMood | undefined, notYet = false) => {
    const parts = [student.name];
    if (notYet) parts.push(t('seating.notYet.label'));
    if (student.iep) parts.push(t('seating.flags.iep'));
    if (student.plan504) parts.push(t('seating.flags.plan504'));
    if (student.language) parts.push(t('seating.flags.language'));
    const info = mood?.mood ? moodInfo(mood.mood) : undefined;
    if (info) parts.push(t('seating.feels', { feeling: t(`feelings.${info.feeling}`) }));
    if (mood?.moodSwing) parts.push(t('seating.moodSwing'));
    if (mood && isEmergency(mood)) parts.push(t('seating.emergencyShort'));
    return parts.join(', ');
  };
}

/** The "↕" of a card: today's mood swung from last check-in (explained in the legend and read out in the card's name). */
export function MoodSwingMark({ sx }: { sx?: object }) {
  const { t } = useTranslation('classroom');
  return (
    <Box component="span" aria-hidden title={t('seating.moodSwing')} sx={{ fontWeight: 800, color: '#4a148c', lineHeight: 1, ...sx }}>
      ↕
    </Box>
  );
}

/** The "not yet" marker: an hourglass in a white chip, explained in the legend and read out in the card's label; never printed. */
export function NotYetMark({ size, sx }: { size: number; sx?: object }) {
  return (
    <Box
      component="span"
      aria-hidden
      data-testid="not-yet-mark"
      sx={{
        display: 'flex',
        bgcolor: '#fff',
        color: '#37474f',
        border: '1px solid #37474f',
        borderRadius: 0.5,
        p: '1px',
        lineHeight: 0,
        '@media print': { display: 'none' },
        ...sx,
      }}
    >
      <HourglassEmptyIcon sx={{ fontSize: size >= 80 ? 14 : 11 }} />
    </Box>
  );
}

/** Shows the full name instead of the short one while hovered or focused. */
export const FULL_NAME_ON_FOCUS = {
  '&:hover .seat-name, &:focus-within .seat-name': { display: 'none' },
  '&:hover .seat-full-name, &:focus-within .seat-full-name': { display: 'inline-block' },
} as const;

export const isEmergency = (mood: StudentMood | undefined) => !!mood && mood.emergency && mood.emergencyPriority === 'today' && !mood.acknowledged;

function initials(name: string) {
  const parts = name.trim().split(/\s+/);
  return ((parts[0]?.[0] ?? '') + (parts.length > 1 ? (parts[parts.length - 1]?.[0] ?? '') : '')).toUpperCase();
}

/** The face of a card: photo or initials, flags, today's mood emoji, coloured by mood group. */
export function CardFace({
  student,
  mood,
  size,
  pick,
  code,
  emergencyShown = false,
  notYet = false,
}: {
  student: SeatingStudent;
  mood: StudentMood | undefined;
  size: number;
  pick: CardState['pick'];
  code?: AttendanceCode;
  emergencyShown?: boolean;
  notYet?: boolean;
}) {
  const theme = useTheme();
  const group = moodGroup(mood?.mood);
  const colour = group ? MOOD_COLOURS[group] : null;
  const avatar = Math.round(size * (size >= 80 ? 0.48 : 0.42));
  const flagSize = size >= 80 ? 11 : 9;
  return (
    <Box sx={{ width: size, display: 'flex', flexDirection: 'column', alignItems: 'center' }}>
      <Box
        sx={{
          position: 'relative',
          width: size,
          height: size,
          borderRadius: 2,
          border: 3,
          borderColor: colour?.main ?? 'grey.400',
          outline: pick ? PICK_STYLES[pick].outline : 'none',
          outlineOffset: pick ? '2px' : undefined,
          bgcolor: colour?.light ?? 'background.paper',
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          overflow: 'hidden',
        }}
      >
        {code && size < 80 ? (
          <Box
            aria-hidden
            sx={{
              width: avatar + 4,
              height: avatar + 4,
              borderRadius: 1,
              bgcolor: ATTENDANCE_STYLES[code].bg,
              color: ATTENDANCE_STYLES[code].fg,
              fontWeight: 800,
              fontSize: avatar * 0.7,
              display: 'flex',
              alignItems: 'center',
              justifyContent: 'center',
              mb: '6px',
            }}
          >
            {code}
          </Box>
        ) : student.photoUrl ? (
          <Box
            component="img"
            src={student.photoUrl}
            alt=""
            loading="lazy"
            sx={{ width: avatar, height: avatar, borderRadius: '50%', objectFit: 'cover', mb: size >= 80 ? 0 : '6px' }}
          />
        ) : (
          <Box
            aria-hidden
            sx={{
              width: avatar,
              height: avatar,
              mb: size >= 80 ? 0 : '6px',
              borderRadius: '50%',
              bgcolor: '#6a1b9a',
              color: '#fff',
              fontWeight: 700,
              fontSize: avatar * 0.4,
              display: 'flex',
              alignItems: 'center',
              justifyContent: 'center',
            }}
          >
            {initials(student.name)}
          </Box>
        )}
        <Box aria-hidden sx={{ position: 'absolute', bottom: 2, left: 2, display: 'flex', gap: '2px' }}>
          {(['iep', 'plan504', 'language'] as const)
            .filter((flag) => student[flag])
            .map((flag) => (
              <Box
                key={flag}
                component="span"
                sx={{
                  bgcolor: FLAG_STYLES[flag].bg,
                  color: '#fff',
                  fontSize: flagSize,
                  fontWeight: 700,
                  lineHeight: 1.25,
                  px: size >= 80 ? '3px' : '2px',
                  borderRadius: 0.5,
                }}
              >
                {size >= 80 ? FLAG_STYLES[flag].label : FLAG_STYLES[flag].short}
              </Box>
            ))}
        </Box>
        {mood?.mood && !emergencyShown && (
          <Box aria-hidden sx={{ position: 'absolute', top: 1, right: 3, lineHeight: 0 }}>
            <Emoji char={moodEmoji(mood.mood)} size={Math.max(14, Math.round(size * 0.22))} alt="" />
          </Box>
        )}
        {notYet && <NotYetMark size={size} sx={{ position: 'absolute', top: 2, left: 2 }} />}
        {mood?.moodSwing && <MoodSwingMark sx={{ position: 'absolute', top: '45%', right: 3, fontSize: flagSize + 2 }} />}
        {code && size >= 80 && (
          <Box
            aria-hidden
            sx={{
              position: 'absolute',
              top: 2,
              left: 2,
              minWidth: size * 0.32,
              height: size * 0.32,
              borderRadius: 1,
              bgcolor: ATTENDANCE_STYLES[code].bg,
              color: ATTENDANCE_STYLES[code].fg,
              fontWeight: 800,
              fontSize: Math.max(12, size * 0.22),
              display: 'flex',
              alignItems: 'center',
              justifyContent: 'center',
            }}
          >
            {code}
          </Box>
        )}
      </Box>
      <Box
        sx={{
          width: size + GRID_GAP - 2,
          height: NAME_LINE,
          fontSize: nameFontSize(cardName(student.name), size + GRID_GAP - 2, size >= 96 ? 13 : 12, theme.typography.fontFamily ?? 'sans-serif'),
          lineHeight: '16px',
          fontWeight: 600,
          textAlign: 'center',
          overflowWrap: 'anywhere',
        }}
      >
        {/* Two lines of the short name; hover and focus show the full name over the seats below. */}
        <Box component="span" className="seat-name" sx={{ display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', overflow: 'hidden' }}>
          {cardName(student.name)
            .split(/\s+/)
            .map((word, index) => (
              <Fragment key={index}>
                {index > 0 && ' '}
                {/* Never split inside a word: one too long for the card ends in "…". */}
                <Box
                  component="span"
                  sx={{ display: 'inline-block', maxWidth: '100%', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', verticalAlign: 'top' }}
                >
                  {word}
                </Box>
              </Fragment>
            ))}
        </Box>
        <Box
          component="span"
          className="seat-full-name"
          sx={{ display: 'none', position: 'relative', zIndex: 3, bgcolor: 'background.paper', color: 'text.primary', boxShadow: 3, borderRadius: 1, px: 0.5 }}
        >
          {student.name}
        </Box>
      </Box>
    </Box>
  );
}

/** Tap-to-move (WCAG 2.5.7): while it is on, a tap on a card picks it instead of opening the profile. */
export interface CardTap {
  picked: boolean;
  onTap: () => void;
}

/** A seated or unseated student that can be dragged (pointer, or Space then arrows then Space), or picked by a tap. */
export function DraggableCard({
  student,
  state,
  size,
  label,
  tap,
  onOpen,
  onEmergency,
}: {
  student: SeatingStudent;
  state: CardState;
  size: number;
  label: string;
  tap?: CardTap | undefined;
  onOpen: () => void;
  onEmergency: () => void;
}) {
  const { t } = useTranslation('classroom');
  const { attributes, listeners, setNodeRef, isDragging } = useDraggable({ id: student.id });
  const activate = tap ? tap.onTap : onOpen;
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      activate();
      return;
    }
    listeners?.onKeyDown?.(event);
  };
  return (
    <Box sx={{ position: 'relative', opacity: isDragging ? 0.35 : 1, ...FULL_NAME_ON_FOCUS }}>
      <Box
        ref={setNodeRef}
        {...attributes}
        {...listeners}
        onKeyDown={onKeyDown}
        onClick={activate}
        aria-label={label}
        aria-pressed={tap ? tap.picked : undefined}
        aria-roledescription={t('seating.draggable')}
        aria-describedby="seating-dnd-help"
        data-student={student.id}
        sx={{
          cursor: tap ? 'pointer' : 'grab',
          borderRadius: 2,
          touchAction: 'none',
          '&:focus-visible': { outline: '3px solid', outlineColor: 'primary.main', outlineOffset: 2 },
          ...(tap?.picked ? { outline: '4px solid', outlineColor: 'primary.main', outlineOffset: 3 } : {}),
        }}
      >
        <CardFace student={student} mood={state.mood} size={size} pick={state.pick} emergencyShown={isEmergency(state.mood)} notYet={state.notYet} />
      </Box>
      {isEmergency(state.mood) && <EmergencyButton name={student.name} emoji={moodEmoji(state.mood?.mood)} size={size} onClick={onEmergency} />}
    </Box>
  );
}

/** The glowing emoji of a "today" emergency; it opens the acknowledge dialog. */
export function EmergencyButton({ name, emoji, size, onClick }: { name: string; emoji: string; size: number; onClick: () => void }) {
  const { t } = useTranslation('classroom');
  const dim = Math.max(26, Math.round(size * 0.34));
  return (
    <Tooltip title={t('seating.emergencyOpen', { name })}>
      <IconButton
        onClick={onClick}
        aria-label={t('seating.emergencyOpen', { name })}
        data-testid="emergency"
        sx={{
          position: 'absolute',
          top: -dim / 3,
          right: -dim / 3,
          width: dim,
          height: dim,
          p: 0,
          fontSize: dim * 0.7,
          bgcolor: '#fff',
          border: '2px solid #e53935',
          boxShadow: '0 0 10px 4px rgba(229, 57, 53, 0.8)',
          '@media (prefers-reduced-motion: no-preference)': { animation: `${glow} 1.4s ease-in-out infinite` },
          '&:hover': { bgcolor: '#ffebee' },
          zIndex: 2,
        }}
      >
        {/* The button's label says what it is; the face is decorative (alt ''). */}
        <Emoji char={emoji || '❗'} size={Math.round(dim * 0.7)} alt="" />
      </IconButton>
    </Tooltip>
  );
}

/**
 * A seat of the grid; empty seats are drop targets that say where they are. While a student is
 * picked by a tap (`place`), an empty seat is a button that seats them there.
 */
export function Seat({
  row,
  col,
  size,
  place,
  children,
}: {
  row: number;
  col: number;
  size: number;
  place?: { name: string; onPlace: () => void } | undefined;
  children?: ReactNode;
}) {
  const { t } = useTranslation('classroom');
  const { setNodeRef, isOver } = useDroppable({ id: seatKey(row, col) });
  const empty = { width: size, height: size, borderRadius: 2, border: '2px dashed', borderColor: isOver ? 'primary.main' : 'grey.400' };
  return (
    <Box
      ref={setNodeRef}
      data-seat={seatKey(row, col)}
      sx={{
        width: size + GRID_GAP - 2,
        minHeight: size + NAME_LINE,
        display: 'flex',
        justifyContent: 'center',
        borderRadius: 2,
        bgcolor: isOver ? 'rgba(106, 27, 154, 0.12)' : undefined,
      }}
    >
      {children ??
        (place ? (
          <ButtonBase
            focusRipple
            onClick={place.onPlace}
            aria-label={t('seating.tap.place', { name: place.name, row: row + 1, col: col + 1 })}
            sx={{
              ...empty,
              borderColor: 'primary.main',
              bgcolor: 'rgba(106, 27, 154, 0.06)',
              '&:hover, &.Mui-focusVisible': { bgcolor: 'rgba(106, 27, 154, 0.16)' },
              '&.Mui-focusVisible': { outline: '3px solid', outlineColor: 'primary.main', outlineOffset: 2 },
            }}
          />
        ) : (
          <Box role="img" aria-label={t('seating.emptySeat', { row: row + 1, col: col + 1 })} sx={empty} />
        ))}
    </Box>
  );
}

/** A seat of the attendance view (no drag and drop). */
export function StaticSeat({ row, col, size, children }: { row: number; col: number; size: number; children?: ReactNode }) {
  const { t } = useTranslation('classroom');
  return (
    <Box data-seat={seatKey(row, col)} sx={{ width: size + GRID_GAP - 2, minHeight: size + NAME_LINE, display: 'flex', justifyContent: 'center' }}>
      {children ?? (
        <Box
          role="img"
          aria-label={t('seating.emptySeat', { row: row + 1, col: col + 1 })}
          sx={{ width: size, height: size, borderRadius: 2, border: '2px dashed', borderColor: 'grey.400' }}
        />
      )}
    </Box>
  );
}

/** The teacher's desk, on the side the direction names (0 front/top, 90 right, 180 back/bottom, 270 left). */
export function Desk({ direction }: { direction: DeskDirection }) {
  const { t } = useTranslation('classroom');
  const vertical = direction === 90 || direction === 270;
  return (
    <Box
      data-testid="teacher-desk"
      data-direction={direction}
      sx={{
        bgcolor: '#4e342e',
        color: '#fff',
        borderRadius: 2,
        fontWeight: 700,
        fontSize: 13,
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        px: vertical ? 0.5 : 2,
        py: vertical ? 2 : 0.5,
        alignSelf: 'center',
        ...(vertical ? { writingMode: 'vertical-rl', minHeight: 140 } : { minWidth: 160 }),
      }}
    >
      {t('seating.desk')}
    </Box>
  );
}

/** The grid with the desk on its side. */
export function Classroom({ layout, size, renderSeat }: { layout: Layout; size: number; renderSeat: (row: number, col: number) => ReactNode }) {
  const flexDirection = { 0: 'column', 90: 'row-reverse', 180: 'column-reverse', 270: 'row' }[layout.deskDirection];
  return (
    <Box sx={{ overflowX: 'auto', pb: 1 }}>
      <Box sx={{ display: 'flex', flexDirection, gap: 2, p: 2, width: 'max-content', mx: 'auto' }}>
        <Desk direction={layout.deskDirection} />
        <Box sx={{ display: 'grid', gridTemplateColumns: `repeat(${layout.cols}, ${size + GRID_GAP - 2}px)`, gap: `${GRID_GAP}px`, justifyContent: 'center' }}>
          {Array.from({ length: layout.rows * layout.cols }, (_, index) => renderSeat(Math.floor(index / layout.cols), index % layout.cols))}
        </Box>
      </Box>
    </Box>
  );
}

/** A card of the attendance view: a click moves it to the next code. */
export function AttendanceCard({
  student,
  mood,
  size,
  code,
  onNext,
}: {
  student: SeatingStudent;
  mood: StudentMood | undefined;
  size: number;
  code: AttendanceCode;
  onNext: () => void;
}) {
  const { t } = useTranslation('classroom');
  return (
    <ButtonBase
      focusRipple
      onClick={onNext}
      data-student={student.id}
      data-code={code}
      aria-label={t('attendance.cardLabel', { name: student.name, status: t(`attendance.codes.${code}`) })}
      sx={{
        borderRadius: 2,
        alignItems: 'flex-start',
        ...FULL_NAME_ON_FOCUS,
        '&.Mui-focusVisible': { outline: '3px solid', outlineColor: 'primary.main', outlineOffset: 2 },
      }}
    >
      <CardFace student={student} mood={mood} size={size} pick={null} code={code} />
    </ButtonBase>
  );
}

/** Where students without a seat wait; a seated student dropped here (or sent here by `action`) loses their seat. `empty`: the class has no students at all. */
export function UnseatedStrip({ children, count, empty = false, action }: { children: ReactNode; count: number; empty?: boolean; action?: ReactNode }) {
  const { t } = useTranslation('classroom');
  const { setNodeRef, isOver } = useDroppable({ id: 'strip' });
  return (
    <Box
      ref={setNodeRef}
      component="section"
      aria-labelledby="unseated-title"
      data-testid="unseated-strip"
      sx={{
        border: '2px dashed',
        borderColor: isOver ? 'primary.main' : 'divider',
        borderRadius: 3,
        p: 1.5,
        bgcolor: isOver ? 'rgba(106, 27, 154, 0.06)' : 'background.paper',
      }}
    >
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: 1, mb: 1 }}>
        <Typography id="unseated-title" component="h2" variant="subtitle2" sx={{ fontWeight: 700 }}>
          {t('seating.unseatedTitle', { count })}
        </Typography>
        {action}
      </Box>
      {count === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {t(empty ? 'seating.noStudentsYet' : 'seating.allSeated')}
        </Typography>
      ) : (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: `${GRID_GAP}px` }}>{children}</Box>
      )}
    </Box>
  );
}
