import type { Seats } from '@high5/contract';

export const seatKey = (row: number, col: number) => `${row}_${col}`;

/** A near-square grid for `count` students, at least 2 by 2 (docs/rules/classroom.md#seating-chart). */
export function nearSquare(count: number) {
  const cols = Math.max(2, Math.ceil(Math.sqrt(count)));
  const rows = Math.max(2, Math.ceil(count / cols));
  return { rows, cols };
}

/**
 * A preset layout (docs/decisions/0119). "Together" seats the flagged
 * students side by side from the front row; "spread across" spaces them over the room, each
 * next one on the free seat farthest from those already chosen. Everyone else fills the
 * remaining seats in name order.
 */
export function presetLayout(students: readonly { id: string; flagged: boolean }[], rows: number, cols: number, spread: boolean): Seats {
  const total = rows * cols;
  const flagged = students.filter((s) => s.flagged);
  const others = students.filter((s) => !s.flagged);
  const seats: Seats = {};
  const taken: number[] = [];
  const place = (index: number, id: string) => {
    taken.push(index);
    seats[seatKey(Math.floor(index / cols), index % cols)] = id;
  };
  const distance = (a: number, b: number) => Math.hypot(Math.floor(a / cols) - Math.floor(b / cols), (a % cols) - (b % cols));
  for (const [k, s] of flagged.entries()) {
    if (!spread || k === 0) {
      place(k === 0 ? 0 : k, s.id);
      continue;
    }
    let best = -1;
    let bestDistance = -1;
    for (let index = 0; index < total; index++) {
      if (taken.includes(index)) continue;
      const nearest = Math.min(...taken.map((t) => distance(t, index)));
      if (nearest > bestDistance) {
        best = index;
        bestDistance = nearest;
      }
    }
    place(best, s.id);
  }
  let next = 0;
  for (const s of others) {
    while (taken.includes(next)) next++;
    place(next, s.id);
  }
  return seats;
}

/** The first problem of a chart's seats, or null: inside the grid, each student once, all enrolled. */
export function seatProblem(seats: Seats, rows: number, cols: number, enrolled: Set<string>) {
  for (const key of Object.keys(seats)) {
    const [row, col] = key.split('_').map(Number) as [number, number];
    if (row >= rows || col >= cols) return 'SEAT_OUT_OF_GRID' as const;
  }
  const ids = Object.values(seats);
  if (new Set(ids).size !== ids.length) return 'SEAT_DUPLICATE_STUDENT' as const;
  if (ids.some((id) => !enrolled.has(id))) return 'STUDENT_NOT_ENROLLED' as const;
  return null;
}

/** Seats of students who have left the class, or outside the grid, are dropped on read. */
export function liveSeats(seats: Seats, rows: number, cols: number, enrolled: Set<string>): Seats {
  return Object.fromEntries(
    Object.entries(seats).filter(([key, id]) => {
      const [row, col] = key.split('_').map(Number) as [number, number];
      return row < rows && col < cols && enrolled.has(id);
    }),
  );
}
