import { ROSTER_CHANGES_MAX, RosterChangeKinds, type RosterFieldChange, type RosterPersonChange, type RosterRun, gradeLabel } from '@high5/contract';
import { Box, MenuItem, TextField, Typography } from '@mui/material';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataColumn } from '../../../../components/ui/data-table';

type Change = RosterPersonChange & { school: string; key: string };
const ALL = '';
const ROLES = ['student', 'teacher', 'staff'] as const;

/**
 * Every person a run added, brought back, changed or deactivated (decision 0580): name, school,
 * role, grade, and each field from → to, filtered by kind of change, role, grade and school.
 */
export function RunChanges({ run }: { run: RosterRun }) {
  const { t } = useTranslation('admin');
  const id = useId();
  const future = run.status !== 'done';
  const rows = useMemo<Change[]>(
    () => run.schools.flatMap((s) => s.changes.map((c, i) => ({ ...c, school: s.schoolName, key: `${s.schoolSourceId}-${i}` }))),
    [run.schools],
  );
  const [filter, setFilter] = useState({ kind: ALL, role: ALL, grade: ALL, school: ALL });
  const grades = [...new Set(rows.map((r) => r.grade).filter((g): g is number => g !== null))].sort((a, b) => a - b);
  const schools = run.schools.map((s) => s.schoolName);
  const shown = rows.filter(
    (r) =>
      (filter.kind === ALL || r.kind === filter.kind) &&
      (filter.role === ALL || r.role === filter.role) &&
      (filter.grade === ALL || String(r.grade) === filter.grade) &&
      (filter.school === ALL || r.school === filter.school),
  );
  const grade = (g: number | null) => gradeLabel(g, t) || '—';
  const value = (field: RosterFieldChange['field'], v: RosterFieldChange['from']) => {
    if (v === null || v === '') return t('roster.value.none');
    if (typeof v === 'boolean') return t(v ? 'roster.value.yes' : 'roster.value.no');
    if (field === 'grade') return grade(Number(v));
    if (field === 'status' || field === 'languageLevel') return t(`roster.value.${v}`, { defaultValue: String(v) });
    return String(v);
  };
  const what = (c: Change) =>
    c.fields.map((f) => t('roster.fieldChange', { field: t(`roster.field.${f.field}`), from: value(f.field, f.from), to: value(f.field, f.to) })).join(' · ');
  const columns: DataColumn<Change>[] = [
    {
      id: 'person',
      header: t('roster.columnPerson'),
      cell: (c) => `${c.lastName}, ${c.firstName}`,
      value: (c) => `${c.lastName}, ${c.firstName} ${c.sourceId ?? ''}`,
    },
    ...(schools.length > 1 ? [{ id: 'school', header: t('roster.columnSchool'), cell: (c: Change) => c.school, value: (c: Change) => c.school }] : []),
    { id: 'role', header: t('roster.columnRole'), cell: (c) => t(`roster.role.${c.role}`), value: (c) => t(`roster.role.${c.role}`) },
    { id: 'grade', header: t('roster.columnGrade'), cell: (c) => grade(c.grade), value: (c) => c.grade ?? -2, numeric: true },
    { id: 'kind', header: t('roster.columnChange'), cell: (c) => t(`roster.changeKind.${c.kind}`), value: (c) => t(`roster.changeKind.${c.kind}`) },
    { id: 'what', header: t('roster.columnWhat'), cell: what, value: what, long: true, sortable: false },
  ];
  const select = (name: keyof typeof filter, label: string, options: { value: string; label: string }[]) => (
    <TextField
      select
      size="small"
      label={label}
      value={filter[name]}
      onChange={(e) => setFilter({ ...filter, [name]: e.target.value })}
      // "All" shows as the value, not as an empty field under its label.
      slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
      sx={{ minWidth: { xs: '100%', sm: 160 } }}
    >
      <MenuItem value={ALL}>{t('roster.filterAll')}</MenuItem>
      {options.map((o) => (
        <MenuItem key={o.value} value={o.value}>
          {o.label}
        </MenuItem>
      ))}
    </TextField>
  );
  const capped = run.schools.filter((s) => s.changes.length >= ROSTER_CHANGES_MAX);
  return (
    <Box component="section" aria-labelledby={id} sx={{ my: 2 }}>
      <Typography id={id} component="h4" variant="subtitle2" sx={{ fontWeight: 700, mb: 1 }}>
        {t(future ? 'roster.wouldChangesTitle' : 'roster.changesTitle')}
      </Typography>
      {rows.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {t('roster.changesNone')}
        </Typography>
      ) : (
        <>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, mb: 1.5 }}>
            {select(
              'kind',
              t('roster.filterKind'),
              RosterChangeKinds.map((k) => ({ value: k, label: t(`roster.changeKind.${k}`) })),
            )}
            {select(
              'role',
              t('roster.filterRole'),
              ROLES.map((r) => ({ value: r, label: t(`roster.role.${r}`) })),
            )}
            {grades.length > 0 &&
              select(
                'grade',
                t('roster.filterGrade'),
                grades.map((g) => ({ value: String(g), label: grade(g) })),
              )}
            {schools.length > 1 &&
              select(
                'school',
                t('roster.filterSchool'),
                schools.map((s) => ({ value: s, label: s })),
              )}
          </Box>
          {/* People, not memberships: a teacher of two schools shown twice is one person. */}
          <Typography variant="body2" role="status" sx={{ mb: 1 }}>
            {t('roster.changesPeople', { count: new Set(shown.map((c) => c.sourceId ?? c.key)).size })}
          </Typography>
          <DataTable
            rows={shown}
            columns={columns}
            rowKey={(c) => c.key}
            caption={t(future ? 'roster.wouldChangesTitle' : 'roster.changesTitle')}
            empty={t('roster.changesNoMatch')}
            searchLabel={t('roster.changesSearch')}
          />
          {capped.map((s) => (
            <Typography key={s.schoolSourceId} variant="caption" color="text.secondary" sx={{ display: 'block' }}>
              {t('roster.changesCapped', { school: s.schoolName, shown: s.changes.length })}
            </Typography>
          ))}
        </>
      )}
    </Box>
  );
}
