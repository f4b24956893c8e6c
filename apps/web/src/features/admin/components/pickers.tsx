import { Roles, type ClassOption, type Role, type SuperSchool } from '@high5/contract';
import { Autocomplete, MenuItem, TextField } from '@mui/material';
import type { UseQueryResult } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSuperSchools } from '../api';

/** The user group of a report: teacher, student, staff or parent (docs/rules/administration.md#group-report). */
export function RoleSelect({ value, onChange, label }: { value: Role; onChange: (role: Role) => void; label?: string }) {
  const { t } = useTranslation('admin');
  const order: Role[] = ['teacher', 'student', 'staff', 'parent'];
  return (
    <TextField
      select
      size="small"
      label={label ?? t('filters.role')}
      value={value}
      onChange={(e) => onChange(e.target.value as Role)}
      sx={{ minWidth: 160, width: { xs: '100%', sm: 'auto' } }}
    >
      {order
        .filter((r) => Roles.includes(r))
        .map((role) => (
          <MenuItem key={role} value={role}>
            {t(`common:roles.${role}`)}
          </MenuItem>
        ))}
    </TextField>
  );
}

const ALL = { id: '', name: '', teacherName: '', yearStart: '' } satisfies ClassOption;

/**
 * A class, or "All classes" (null). Searchable by class or teacher name. With `yearStart`, only the
 * classes of that school year (docs/decisions/0608); a chosen class of another year goes back to all.
 */
export function ClassPicker({
  classes,
  value,
  onChange,
  loading,
  yearStart,
}: {
  classes: ClassOption[];
  value: string | null;
  onChange: (classId: string | null) => void;
  loading?: boolean;
  yearStart?: string;
}) {
  const { t } = useTranslation('admin');
  const options = [ALL, ...(yearStart ? classes.filter((c) => c.yearStart === yearStart) : classes)];
  const selected = options.find((c) => c.id === (value ?? '')) ?? ALL;
  const stale = !loading && !!value && selected === ALL;
  useEffect(() => {
    if (stale) onChange(null);
  }, [stale, onChange]);
  return (
    <Autocomplete
      size="small"
      options={options}
      value={selected}
      loading={loading}
      disableClearable
      onChange={(_e, option) => onChange(option.id || null)}
      getOptionLabel={(c) => (c.id ? c.name : t('filters.allClasses'))}
      getOptionKey={(c) => c.id || 'all'}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      renderOption={(props, c) => {
        const { key, ...rest } = props as typeof props & { key: string };
        return (
          <li key={key} {...rest}>
            {c.id ? `${c.name} · ${c.teacherName}` : t('filters.allClasses')}
          </li>
        );
      }}
      renderInput={(params) => <TextField {...params} label={t('filters.class')} />}
      sx={{ minWidth: 220, width: { xs: '100%', sm: 260 } }}
      noOptionsText={t('filters.noClasses')}
      loadingText={t('common:loading')}
    />
  );
}

/** The super admin's school search (by school or district name): every school, or the `schools` a screen narrowed them to (the restore targets). */
export function SchoolPicker({
  value,
  onChange,
  autoFocus,
  label,
  schools: only,
  noOptionsText,
}: {
  value: SuperSchool | null;
  onChange: (school: SuperSchool | null) => void;
  autoFocus?: boolean;
  label?: string;
  schools?: UseQueryResult<SuperSchool[]>;
  noOptionsText?: string;
}) {
  const { t } = useTranslation('admin');
  const every = useSuperSchools();
  const schools = only ?? every;
  return (
    <Autocomplete
      size="small"
      options={schools.data ?? []}
      value={value}
      loading={schools.isPending}
      onChange={(_e, school) => onChange(school)}
      getOptionLabel={(s) => s.name}
      getOptionKey={(s) => s.id}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      filterOptions={(options, state) => {
        const q = state.inputValue.trim().toLocaleLowerCase();
        return q ? options.filter((s) => s.name.toLocaleLowerCase().includes(q) || s.districtName.toLocaleLowerCase().includes(q)) : options;
      }}
      renderOption={(props, s) => {
        const { key, ...rest } = props as typeof props & { key: string };
        return (
          <li key={key} {...rest}>
            <span>
              {s.name}
              <br />
              <small style={{ opacity: 0.75 }}>{s.districtName}</small>
            </span>
          </li>
        );
      }}
      renderInput={(params) => (
        <TextField {...params} label={label ?? t('filters.school')} placeholder={t('filters.schoolPlaceholder')} autoFocus={autoFocus} />
      )}
      sx={{ width: { xs: '100%', sm: 360 } }}
      noOptionsText={noOptionsText ?? t('filters.noSchools')}
      loadingText={t('common:loading')}
    />
  );
}
