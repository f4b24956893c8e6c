import { Box, Chip, MenuItem, TextField } from '@mui/material';
import { StudentFilterFlags, type StudentFilter, type StudentFlag, gradeLabel } from '@high5/contract';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';

/** Grades a student can be in: TK (-1), K (0), 1 to 12. */
const GRADES = Array.from({ length: 14 }, (_, i) => i - 1);

/** No flag, any grade. */
export const NO_STUDENT_FILTER: StudentFilter = { flags: [] };

/** A filter that outlives one form: the admin dashboard's report tabs share it, as /report's tabs share their dates. */
export interface SharedStudentFilter {
  student: StudentFilter;
  onStudent(next: StudentFilter): void;
}

/** A student filter as the lists' and reports' query fields (`studentFilterQuery`): nothing when unset. */
export const studentFilterParams = (filter: StudentFilter) => ({
  ...(filter.flags.length ? { flags: filter.flags.join(',') } : {}),
  ...(filter.grade !== undefined ? { grade: filter.grade } : {}),
});

/**
 * The flag chips (IEP, 504, English learner: each a toggle, a student has every one pressed) and the grade, as the
 * student list and the admin reports show them. `flags` only for the school's admins: anyone else's
 * server refuses them (docs/decisions/0601).
 */
export function StudentFilterFields({ value, onChange, flags }: { value: StudentFilter; onChange(next: StudentFilter): void; flags: boolean }) {
  const { t } = useTranslation('common');
  const toggle = (flag: StudentFlag) =>
    onChange({ ...value, flags: value.flags.includes(flag) ? value.flags.filter((f) => f !== flag) : [...value.flags, flag] });
  return (
    <>
      {flags && (
        <Box role="group" aria-label={t('studentFilter.label')} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', minHeight: 40 }}>
          {StudentFilterFlags.map((f) => {
            const on = value.flags.includes(f);
            return (
              <Chip
                key={f}
                label={t(`studentFilter.${f}`)}
                color={on ? 'primary' : 'default'}
                variant={on ? 'filled' : 'outlined'}
                aria-pressed={on}
                onClick={() => toggle(f)}
              />
            );
          })}
        </Box>
      )}
      <TextField
        select
        size="small"
        label={t('studentFilter.grade')}
        value={value.grade ?? ''}
        // "Any grade" shows as chosen, not as an empty field under its label.
        slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        onChange={(event) => onChange({ ...value, grade: event.target.value === '' ? undefined : Number(event.target.value) })}
        sx={{ width: { xs: '100%', sm: 180 } }}
      >
        <MenuItem value="">{t('studentFilter.anyGrade')}</MenuItem>
        {GRADES.map((g) => (
          <MenuItem key={g} value={g}>
            {gradeLabel(g, t)}
          </MenuItem>
        ))}
      </TextField>
    </>
  );
}

/** A filter in words, e.g. "IEP, 504 plan, grade 3" (empty when unset), for a report's "in use" line. */
export function describeStudentFilter(t: TFunction, filter: StudentFilter) {
  return [
    ...filter.flags.map((f) => t(`common:studentFilter.${f}`)),
    ...(filter.grade !== undefined ? [t('common:studentFilter.gradeIs', { grade: gradeLabel(filter.grade, t) })] : []),
  ].join(', ');
}

/** A student's flags as small chips beside their name (admins' lists only carry them). */
export function StudentFlagChips({ flags }: { flags: Record<StudentFlag, boolean> | undefined }) {
  const { t } = useTranslation('common');
  const on = flags ? StudentFilterFlags.filter((f) => flags[f]) : [];
  if (on.length === 0) return null;
  return (
    <Box component="span" sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, mt: 0.5 }}>
      {on.map((f) => (
        <Chip key={f} size="small" variant="outlined" label={t(`studentFilter.${f}`)} />
      ))}
    </Box>
  );
}
