/** Grade as schools write it: -1 is transitional kindergarten, 0 kindergarten. */
export function gradeLabel(grade: number | null, t: (key: string) => string): string {
  if (grade === null) return '';
  if (grade === -1) return t('common:grades.tk');
  if (grade === 0) return t('common:grades.k');
  return String(grade);
}
