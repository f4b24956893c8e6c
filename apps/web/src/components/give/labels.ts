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
