import type { SchoolYear, SchoolYears } from '@high5/contract';
import { MenuItem, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useSchoolYears } from '../../lib/school-years';

/** A school year's name: "2026–2027". */
export const schoolYearName = (year: Pick<SchoolYear, 'startYear'>) => `${year.startYear}–${year.startYear + 1}`;

/**
 * The one school-year picker of reports and dashboards (docs/decisions/0573): this year by
 * default (`value` null), then the school's past years. `onChange` gets the year's first day,
 * null for the current one. `years` names another school's (the super admin's); else the caller's school's.
 */
export function SchoolYearPicker({
  value,
  onChange,
  years: given,
}: {
  value: string | null;
  onChange: (year: SchoolYear | null) => void;
  years?: SchoolYears;
}) {
  const { t } = useTranslation();
  const own = useSchoolYears(!given);
  const years = given ?? own.data;
  const list = years?.years ?? [];
  const current = years?.current.from;
  return (
    <TextField
      select
      size="small"
      label={t('schoolYear.label')}
      value={value ?? current ?? ''}
      onChange={(e) => onChange(e.target.value === current ? null : (list.find((y) => y.from === e.target.value) ?? null))}
      disabled={!years}
      sx={{ minWidth: 180, width: { xs: '100%', sm: 'auto' } }}
    >
      {list.map((y) => (
        <MenuItem key={y.from} value={y.from}>
          {y.from === current ? t('schoolYear.current', { name: schoolYearName(y) }) : schoolYearName(y)}
        </MenuItem>
      ))}
      {list.length === 0 && <MenuItem value="">{t('loading')}</MenuItem>}
    </TextField>
  );
}
