import { CLASSROOM_LIMITS, cardName, type SeatingStudent, type StudentMood } from '@high5/contract';
import { format } from 'date-fns';
import { EMOJI_FONT, MOOD_COLOURS, moodEmoji, moodGroup } from '../components/moods';
import { FLAG_STYLES } from './seat-grid';
import { seatKey, wrapText, type Layout } from './seating-state';

const CELL = 110;
const GAP = 16;
const MARGIN = 40;
const TITLE_LINE = 30;
/** Two lines of name under each seat. */
const NAME_ROOM = 38;
const DESK = 36;

/** class_chart_<timestamp>.png (docs/rules/classroom.md#seating-chart). */
export const chartFileName = (now = new Date()) => `class_chart_${format(now, 'yyyyMMdd_HHmmss')}.png`;

function roundRect(ctx: CanvasRenderingContext2D, x: number, y: number, w: number, h: number, r: number) {
  ctx.beginPath();
  ctx.moveTo(x + r, y);
  ctx.arcTo(x + w, y, x + w, y + h, r);
  ctx.arcTo(x + w, y + h, x, y + h, r);
  ctx.arcTo(x, y + h, x, y, r);
  ctx.arcTo(x, y, x + w, y, r);
  ctx.closePath();
}

/**
 * Draws the chart on a canvas and returns it as a PNG: the title, the desk on its side, every
 * seat with the student's initials and name, and, when asked (decision 0211), the IEP, 504 and
 * language flags and today's mood. A long title wraps onto more lines, never cut. Photos are left
 * out so the image never depends on another site's pictures. Grids wider or taller than 15 seats
 * get 200 px more room (docs/rules/classroom.md#seating-chart).
 */
export async function renderChartPng(options: {
  title: string;
  subtitle: string;
  deskLabel: string;
  layout: Layout;
  students: readonly SeatingStudent[];
  moods: readonly StudentMood[];
  showFlags: boolean;
  showMoods: boolean;
}): Promise<Blob> {
  const { layout } = options;
  const extraW = layout.cols > CLASSROOM_LIMITS.seatingExportExtraAfter ? CLASSROOM_LIMITS.seatingExportExtraPx : 0;
  const extraH = layout.rows > CLASSROOM_LIMITS.seatingExportExtraAfter ? CLASSROOM_LIMITS.seatingExportExtraPx : 0;
  const sideDesk = layout.deskDirection === 90 || layout.deskDirection === 270;
  const gridW = layout.cols * CELL + (layout.cols - 1) * GAP;
  const gridH = layout.rows * (CELL + NAME_ROOM) + (layout.rows - 1) * GAP;
  const width = Math.max(480, gridW + 2 * MARGIN + (sideDesk ? DESK + GAP : 0) + extraW);
  const canvas = document.createElement('canvas');
  canvas.width = width;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('no 2d context');
  const font = (size: number, weight = 400) => `${weight} ${size}px system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif`;
  ctx.font = font(24, 700);
  const titleLines = wrapText((text) => ctx.measureText(text).width, options.title, width - 2 * MARGIN);
  const HEADER = 20 + titleLines.length * TITLE_LINE + 20;
  const height = HEADER + gridH + 2 * MARGIN + (sideDesk ? 0 : DESK + GAP) + extraH;
  // Setting the height clears the canvas and its state: fonts are set again below.
  canvas.height = height;

  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, width, height);
  ctx.fillStyle = '#1a1a1a';
  ctx.font = font(24, 700);
  ctx.textBaseline = 'top';
  titleLines.forEach((line, index) => ctx.fillText(line, MARGIN, 20 + index * TITLE_LINE));
  ctx.font = font(14);
  ctx.fillStyle = '#555555';
  ctx.fillText(options.subtitle, MARGIN, 20 + titleLines.length * TITLE_LINE);

  let gridX = (width - gridW - (sideDesk ? DESK + GAP : 0)) / 2;
  let gridY = HEADER + MARGIN / 2;
  const desk = { x: 0, y: 0, w: 0, h: 0 };
  if (layout.deskDirection === 0) {
    Object.assign(desk, { x: width / 2 - 100, y: gridY, w: 200, h: DESK });
    gridY += DESK + GAP;
  } else if (layout.deskDirection === 180) {
    Object.assign(desk, { x: width / 2 - 100, y: gridY + gridH + GAP, w: 200, h: DESK });
  } else if (layout.deskDirection === 270) {
    Object.assign(desk, { x: gridX, y: gridY + gridH / 2 - 100, w: DESK, h: 200 });
    gridX += DESK + GAP;
  } else {
    Object.assign(desk, { x: gridX + gridW + GAP, y: gridY + gridH / 2 - 100, w: DESK, h: 200 });
  }
  ctx.fillStyle = '#4e342e';
  roundRect(ctx, desk.x, desk.y, desk.w, desk.h, 8);
  ctx.fill();
  ctx.save();
  ctx.fillStyle = '#ffffff';
  ctx.font = font(14, 700);
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.translate(desk.x + desk.w / 2, desk.y + desk.h / 2);
  if (sideDesk) ctx.rotate(Math.PI / 2);
  ctx.fillText(options.deskLabel, 0, 0);
  ctx.restore();

  const byId = new Map(options.students.map((s) => [s.id, s]));
  const moodById = new Map(options.moods.map((m) => [m.studentId, m]));
  for (let row = 0; row < layout.rows; row++) {
    for (let col = 0; col < layout.cols; col++) {
      const x = gridX + col * (CELL + GAP);
      const y = gridY + row * (CELL + NAME_ROOM + GAP);
      const id = layout.seats[seatKey(row, col)];
      const student = id ? byId.get(id) : undefined;
      roundRect(ctx, x, y, CELL, CELL, 10);
      if (!student) {
        ctx.setLineDash([6, 5]);
        ctx.strokeStyle = '#bdbdbd';
        ctx.lineWidth = 2;
        ctx.stroke();
        ctx.setLineDash([]);
        continue;
      }
      const mood = options.showMoods ? moodById.get(student.id) : undefined;
      const group = moodGroup(mood?.mood);
      ctx.fillStyle = group ? MOOD_COLOURS[group].light : '#ffffff';
      ctx.fill();
      ctx.strokeStyle = group ? MOOD_COLOURS[group].main : '#9e9e9e';
      ctx.lineWidth = 3;
      ctx.stroke();
      // Initials
      ctx.fillStyle = '#6a1b9a';
      ctx.beginPath();
      ctx.arc(x + CELL / 2, y + CELL / 2, 26, 0, Math.PI * 2);
      ctx.fill();
      ctx.fillStyle = '#ffffff';
      ctx.font = font(20, 700);
      ctx.textAlign = 'center';
      ctx.textBaseline = 'middle';
      const parts = student.name.trim().split(/\s+/);
      ctx.fillText(((parts[0]?.[0] ?? '') + (parts.length > 1 ? (parts[parts.length - 1]?.[0] ?? '') : '')).toUpperCase(), x + CELL / 2, y + CELL / 2 + 1);
      // Flags
      let fy = y + 6;
      for (const flag of ['iep', 'plan504', 'language'] as const) {
        if (!options.showFlags || !student[flag]) continue;
        ctx.fillStyle = FLAG_STYLES[flag].bg;
        roundRect(ctx, x + 6, fy, 32, 16, 3);
        ctx.fill();
        ctx.fillStyle = '#ffffff';
        ctx.font = font(11, 700);
        ctx.fillText(FLAG_STYLES[flag].label, x + 22, fy + 8.5);
        fy += 19;
      }
      // Mood
      if (mood?.mood) {
        ctx.font = `24px ${EMOJI_FONT}`;
        ctx.fillText(moodEmoji(mood.mood), x + CELL - 18, y + 20);
      }
      // Name
      ctx.fillStyle = '#1a1a1a';
      ctx.font = font(13, 600);
      ctx.textBaseline = 'top';
      // The name on up to two lines, like on screen.
      const lines = wrapText((text) => ctx.measureText(text).width, cardName(student.name), CELL + GAP - 4);
      let second = lines.slice(1).join(' ');
      while (second && ctx.measureText(second).width > CELL + GAP - 4 && second.length > 2) second = `${second.slice(0, -2)}…`;
      ctx.fillText(lines[0] ?? '', x + CELL / 2, y + CELL + 4);
      if (second) ctx.fillText(second, x + CELL / 2, y + CELL + 20);
      ctx.textAlign = 'left';
    }
  }
  return new Promise((resolve, reject) => canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('toBlob failed'))), 'image/png'));
}
