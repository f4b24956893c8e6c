import { LIMITS } from '@high5/contract';

/** A category label as a tile shows it: longer than 15 characters, cut with an ellipsis (docs/rules/recognition.md#give). */
export function shortLabel(name: string, max: number = LIMITS.categoryLabelShown): string {
  const chars = [...name];
  return chars.length > max ? `${chars.slice(0, max).join('').trimEnd()}…` : name;
}

/** Hidden from sight, still read by screen readers. */
export const visuallyHidden = {
  border: 0,
  clip: 'rect(0 0 0 0)',
  height: '1px',
  margin: '-1px',
  overflow: 'hidden',
  padding: 0,
  position: 'absolute',
  whiteSpace: 'nowrap',
  width: '1px',
} as const;

/** Grade as schools write it: -1 is transitional kindergarten, 0 kindergarten. */
export function gradeLabel(grade: number | null, t: (key: string) => string): string {
  if (grade === null) return '';
  if (grade === -1) return t('recognition:grades.tk');
  if (grade === 0) return t('recognition:grades.k');
  return String(grade);
}
