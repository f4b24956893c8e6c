import type { SchoolYears } from '@high5/contract';
import { Alert, LinearProgress } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SchoolYearPicker } from '../../../components/ui/school-year-picker';
import { useSchoolYears } from '../../../lib/school-years';
import { useErrorText } from '../../../lib/use-error-text';
import type { YearSpan } from '../lib/dates';

/**
 * Renders a report once the school's years are known, so its form starts with dates inside the
 * current year (decision 0598) rather than a range the server would refuse (decision 0573).
 */
export function WithSchoolYears({ children }: { children: (years: SchoolYears) => ReactNode }) {
  const { t } = useTranslation('admin');
  const errorText = useErrorText('admin');
  const years = useSchoolYears();
  if (years.isError) return <Alert severity="error">{errorText(years.error)}</Alert>;
  if (!years.data) return <LinearProgress aria-label={t('common:loading')} />;
  return <>{children(years.data)}</>;
}

/** The school year containing `date`, or the current one (a report's address names a range, not a year). */
export function yearContaining(years: SchoolYears, date: string | undefined): YearSpan {
  const found = date ? years.years.find((y) => y.from <= date && date <= y.to) : undefined;
  const { from, to } = found ?? years.current;
  return { from, to };
}

/** A report's school year (the one picker, decision 0573): `onChange` gets the chosen year's span. */
export function ReportYearPicker({ years, year, onChange }: { years: SchoolYears; year: YearSpan; onChange(year: YearSpan): void }) {
  return <SchoolYearPicker years={years} value={year.from} onChange={(chosen) => onChange(yearContaining(years, (chosen ?? years.current).from))} />;
}
