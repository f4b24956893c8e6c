import type { ClassItem } from '@high5/contract';
import { Alert, Box, Button, Checkbox, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotify } from '../../../components/ui/notifications';
import { useErrorText } from '../../../lib/use-error-text';
import { api, classroomKeys, e } from '../api';
import { useDebounced } from '../components/use-debounced';
import { Empty, headCell, hideOnPhone, Loading, SearchField, StudentCells, useRefreshAll } from './class-panel-parts';

/** The "Add students" and "Add teachers" views of a class: search the school and add. */
export function FindStudents({ cls }: { cls: ClassItem }) {
  const { t } = useTranslation('classroom');
  const notify = useNotify();
  const errorText = useErrorText('classroom');
  const refresh = useRefreshAll();
  const [search, setSearch] = useState('');
  const q = useDebounced(search.trim());
  const [picked, setPicked] = useState<Set<string>>(new Set());
  const candidates = useQuery({ queryKey: classroomKeys.candidates(cls.id, q), queryFn: () => api(e.classStudentCandidates, { params: { classId: cls.id }, query: q ? { search: q } : {} }) });
  const add = useMutation({
    mutationFn: () => api(e.classEnrol, { params: { classId: cls.id }, body: { studentIds: [...picked] } }),
    onSuccess: async (result) => {
      notify('success', t('classes.studentsAdded', { count: result.enrolled, className: cls.name }));
      setPicked(new Set());
      await refresh();
    },
    onError: (error) => notify('error', errorText(error)),
  });
  const rows = candidates.data ?? [];
  const toggle = (id: string) =>
    setPicked((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  return (
    <>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, p: 2, alignItems: 'center' }}>
        <Typography component="h2" variant="h6" sx={{ fontWeight: 700, flex: '1 1 100%' }}>
          {t('classes.findStudentTitle', { name: cls.name })}
        </Typography>
        <SearchField value={search} onChange={setSearch} label={t('classes.searchStudents')} />
        {picked.size > 0 && (
          <Button variant="contained" onClick={() => add.mutate()} disabled={add.isPending}>
            {t('classes.addSelected', { count: picked.size })}
          </Button>
        )}
      </Box>
      <Loading show={candidates.isFetching} />
      {candidates.isError ? (
        <Alert severity="error" sx={{ m: 2 }}>
          {errorText(candidates.error)}
        </Alert>
      ) : candidates.data && rows.length === 0 ? (
        <Empty>{q ? t('classes.noMatches') : t('classes.noCandidates')}</Empty>
      ) : (
        <TableContainer>
          <Table aria-label={t('classes.findStudentTitle', { name: cls.name })}>
            <TableHead>
              <TableRow>
                <TableCell padding="checkbox">
                  <Checkbox
                    checked={rows.length > 0 && rows.every((r) => picked.has(r.id))}
                    indeterminate={rows.some((r) => picked.has(r.id)) && !rows.every((r) => picked.has(r.id))}
                    onChange={(_event, checked) => setPicked(checked ? new Set(rows.map((r) => r.id)) : new Set())}
                    slotProps={{ input: { 'aria-label': t('classes.selectAll') } }}
                  />
                </TableCell>
                <TableCell sx={headCell}>{t('columns.name')}</TableCell>
                <TableCell sx={{ ...headCell, ...hideOnPhone }}>{t('columns.email')}</TableCell>
                <TableCell sx={headCell}>{t('columns.grade')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((s) => (
                <TableRow key={s.id} hover selected={picked.has(s.id)} onClick={() => toggle(s.id)} sx={{ cursor: 'pointer' }}>
                  <TableCell padding="checkbox">
                    <Checkbox checked={picked.has(s.id)} onClick={(event) => event.stopPropagation()} onChange={() => toggle(s.id)} slotProps={{ input: { 'aria-label': t('classes.selectStudent', { name: s.name }) } }} />
                  </TableCell>
                  <StudentCells s={s} />
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </>
  );
}

export function FindTeachers({ cls, onAdded }: { cls: ClassItem; onAdded: () => void }) {
  const { t } = useTranslation('classroom');
  const notify = useNotify();
  const errorText = useErrorText('classroom');
  const refresh = useRefreshAll();
  const [search, setSearch] = useState('');
  const q = useDebounced(search.trim());
  const candidates = useQuery({ queryKey: classroomKeys.teacherCandidates(cls.id, q), queryFn: () => api(e.classTeacherCandidates, { params: { classId: cls.id }, query: q ? { search: q } : {} }) });
  const add = useMutation({
    mutationFn: (teacher: { id: string; name: string }) => api(e.classAddTeacher, { params: { classId: cls.id }, body: { teacherId: teacher.id } }),
    onSuccess: async (_result, teacher) => {
      notify('success', t('classes.teacherAdded', { name: teacher.name, className: cls.name }));
      await refresh();
      onAdded();
    },
    onError: (error) => notify('error', errorText(error)),
  });
  const rows = candidates.data ?? [];
  return (
    <>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, p: 2, alignItems: 'center' }}>
        <Typography component="h2" variant="h6" sx={{ fontWeight: 700, flex: '1 1 100%' }}>
          {t('classes.findTeacherTitle', { name: cls.name })}
        </Typography>
        <SearchField value={search} onChange={setSearch} label={t('classes.searchTeachers')} />
      </Box>
      <Loading show={candidates.isFetching} />
      {candidates.data && rows.length === 0 ? (
        <Empty>{q ? t('classes.noMatches') : t('classes.noTeacherCandidates')}</Empty>
      ) : (
        <TableContainer>
          <Table aria-label={t('classes.findTeacherTitle', { name: cls.name })}>
            <TableHead>
              <TableRow>
                <TableCell sx={headCell}>{t('columns.name')}</TableCell>
                <TableCell sx={{ ...headCell, ...hideOnPhone }}>{t('columns.email')}</TableCell>
                <TableCell sx={{ ...headCell, width: 120 }} align="right">
                  {t('columns.action')}
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((teacher) => (
                <TableRow key={teacher.id} hover>
                  <TableCell sx={{ fontWeight: 600, wordBreak: 'break-word' }}>{teacher.name}</TableCell>
                  <TableCell sx={{ ...hideOnPhone, wordBreak: 'break-all' }}>{teacher.email ?? '—'}</TableCell>
                  <TableCell align="right">
                    <Button size="small" variant="outlined" aria-label={t('classes.addTeacherNamed', { name: teacher.name })} disabled={add.isPending} onClick={() => add.mutate(teacher)}>
                      {t('classes.addTeacher')}
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </>
  );
}
