import { CLASSROOM_LIMITS, type AttendanceCode, type DeskDirection, type Seats } from '@high5/contract';

/** The chart being edited: the grid, the desk side and who sits where ('row_col' to student id). */
export interface Layout {
  rows: number;
  cols: number;
  deskDirection: DeskDirection;
  seats: Seats;
}

export const seatKey = (row: number, col: number) => `${row}_${col}`;
export const parseSeat = (key: string) => key.split('_').map(Number) as [number, number];

/** A near-square grid for `count` students, at least 2 by 2 (docs/rules/classroom.md#seating-chart). */
export function nearSquare(count: number) {
  const cols = Math.max(2, Math.ceil(Math.sqrt(count)));
  const rows = Math.max(2, Math.ceil(count / cols));
  return { rows, cols };
}

/** A new chart: a near-square grid with the students seated in name order. */
export function draftLayout(studentIds: readonly string[]): Layout {
  const { rows, cols } = nearSquare(studentIds.length);
  const seats: Seats = {};
  studentIds.forEach((id, index) => (seats[seatKey(Math.floor(index / cols), index % cols)] = id));
  return { rows, cols, deskDirection: 0, seats };
}

/** The lowest rows and columns the grid can shrink to without dropping anyone. */
export function minimumGrid(seats: Seats) {
  let rows = 1;
  let cols = 1;
  for (const key of Object.keys(seats)) {
    const [row, col] = parseSeat(key);
    rows = Math.max(rows, row + 1);
    cols = Math.max(cols, col + 1);
  }
  return { rows, cols };
}

export const seatOf = (seats: Seats, studentId: string) => Object.keys(seats).find((key) => seats[key] === studentId) ?? null;

export type DropResult = { ok: true; seats: Seats } | { ok: false; reason: 'occupied' | 'noop' };

/**
 * Moves a student by drag and drop (docs/rules/classroom.md#seating-chart): from the unseated strip only onto an
 * empty seat; from a seat onto an empty seat (move) or another student's seat (the two swap);
 * from a seat onto the strip (unseated).
 */
export function dropStudent(seats: Seats, studentId: string, target: string | 'strip'): DropResult {
  const from = seatOf(seats, studentId);
  if (target === 'strip') {
    if (!from) return { ok: false, reason: 'noop' };
    const next = { ...seats };
    delete next[from];
    return { ok: true, seats: next };
  }
  if (from === target) return { ok: false, reason: 'noop' };
  const occupant = seats[target];
  if (occupant && !from) return { ok: false, reason: 'occupied' };
  const next = { ...seats, [target]: studentId };
  if (from) {
    if (occupant) next[from] = occupant;
    else delete next[from];
  }
  return { ok: true, seats: next };
}

/** Students of the class without a seat in `seats`. */
export const unseated = <T extends { id: string }>(students: readonly T[], seats: Seats) => {
  const seated = new Set(Object.values(seats));
  return students.filter((s) => !seated.has(s.id));
};

/**
 * Random selection (docs/rules/classroom.md#seating-chart): a seated student not picked yet; once everyone has
 * been picked the round starts again. `random` returns a number in [0, 1).
 */
export function pickRandom(seated: readonly string[], previous: readonly string[], random: () => number = Math.random) {
  if (seated.length === 0) return null;
  let pool = seated.filter((id) => !previous.includes(id));
  let history = [...previous];
  if (pool.length === 0) {
    pool = [...seated];
    history = [];
  }
  const chosen = pool[Math.floor(random() * pool.length)]!;
  return { chosen, previous: [...history, chosen] };
}

/** Click cycles present, absent, tardy, excused, then present again (docs/rules/classroom.md#attendance). */
const NEXT_CODE: Record<AttendanceCode, AttendanceCode> = { P: 'A', A: 'T', T: 'E', E: 'P' };
export const nextCode = (code: AttendanceCode): AttendanceCode => NEXT_CODE[code];

/**
 * The seat card's size (docs/rules/classroom.md#seating-chart): 100 px by default, at least 50, from the screen
 * less 300 px of width and 500 px of height, less a 40 px gap per seat.
 */
export function cardSize(width: number, height: number, rows: number, cols: number) {
  const byWidth = (width - 300) / cols - CLASSROOM_LIMITS.seatCardGap;
  const byHeight = (height - 500) / rows - CLASSROOM_LIMITS.seatCardGap;
  return Math.round(Math.max(CLASSROOM_LIMITS.seatCardMin, Math.min(CLASSROOM_LIMITS.seatCardDefault, byWidth, byHeight)));
}

/** The grid's spacing on screen: the gap between seats and the two lines under a card for the name. */
export const GRID_GAP = 12;
export const NAME_LINES_HEIGHT = 34;
/** The room around the seats inside the chart's box: padding, border, and the desk with its gap. */
const BOX_PADDING = 2 * 16 + 2;
const DESK_ROOM = 30 + 16;

export interface Fit {
  /** The width of the chart's box, and the height from its top to where the fold must stay free. */
  width: number;
  height: number;
  rows: number;
  cols: number;
  deskDirection: DeskDirection;
}

/**
 * The seat card's size from the room really available (decision 0210): each column takes the
 * card plus 10 px, each row the card plus two lines of name, with 12 px between seats; the desk
 * takes a row's or a column's room on its side. At least 50 px (docs/rules/classroom.md#seating-chart, the page
 * then scrolls), at most 100.
 */
export function fitCardSize({ width, height, rows, cols, deskDirection }: Fit) {
  const sideDesk = deskDirection === 90 || deskDirection === 270;
  const byWidth = (width - BOX_PADDING - (sideDesk ? DESK_ROOM : 0) + GRID_GAP) / cols - (GRID_GAP - 2) - GRID_GAP;
  const byHeight = (height - BOX_PADDING - 8 - (sideDesk ? 0 : DESK_ROOM) + GRID_GAP) / rows - GRID_GAP - NAME_LINES_HEIGHT;
  return Math.floor(Math.max(CLASSROOM_LIMITS.seatCardMin, Math.min(CLASSROOM_LIMITS.seatCardDefault, byWidth, byHeight)));
}

/** Same layout? (the modified flag compares against the saved chart). */
export function sameLayout(a: Layout, b: Layout) {
  if (a.rows !== b.rows || a.cols !== b.cols || a.deskDirection !== b.deskDirection) return false;
  const ka = Object.keys(a.seats);
  return ka.length === Object.keys(b.seats).length && ka.every((k) => a.seats[k] === b.seats[k]);
}

/** A name for a chart saved without a title: "Chart 1", "Chart 2"… not yet taken. */
export function defaultChartName(base: string, taken: readonly string[]) {
  const lower = new Set(taken.map((n) => n.toLowerCase()));
  for (let n = 1; ; n++) {
    const name = `${base} ${n}`;
    if (!lower.has(name.toLowerCase())) return name;
  }
}

/** Splits `text` into lines no wider than `max` (words first; a word too long alone is cut by letters). */
export function wrapText(measure: (text: string) => number, text: string, max: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const tried = line ? `${line} ${word}` : word;
    if (measure(tried) <= max) {
      line = tried;
      continue;
    }
    if (line) lines.push(line);
    line = '';
    let rest = word;
    while (measure(rest) > max && rest.length > 1) {
      let cut = rest.length - 1;
      while (cut > 1 && measure(rest.slice(0, cut)) > max) cut--;
      lines.push(rest.slice(0, cut));
      rest = rest.slice(cut);
    }
    line = rest;
  }
  if (line) lines.push(line);
  return lines;
}
