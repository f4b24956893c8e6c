import type { ClassItem, ClassStudent } from '@high5/contract';
import PersonRemoveOutlinedIcon from '@mui/icons-material/PersonRemoveOutlined';
import { Alert, IconButton, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Tooltip, Typography } from '@mui/material';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { useNotify } from '../../../components/ui/notifications';
import { useErrorText } from '../../../lib/use-error-text';
import { api, classroomKeys, e } from '../api';
import { Empty, headCell, hideOnPhone, Loading, StudentCells, useRefreshAll } from './class-panel-parts';

/** The "Students" and "Teachers" views of a class (spec 002 section 4.1): who is in it, and removing them. */
export function EnrolledStudents({ cls, onOpen }: { cls: ClassItem; onOpen: (id: string) => void }) {
  const { t } = useTranslation('classroom');
  const notify = useNotify();
  const errorText = useErrorText('classroom');
  const refresh = useRefreshAll();
  const [removing, setRemoving] = useState<ClassStudent | null>(null);
  const students = useQuery({ queryKey: classroomKeys.classStudents(cls.id), queryFn: () => api(e.classStudents, { params: { classId: cls.id } }) });
  const remove = useMutation({
    mutationFn: (studentId: string) => api(e.classRemoveStudent, { params: { classId: cls.id, studentId } }),
    onSuccess: async () => {
      notify('success', t('classes.studentRemoved', { name: removing?.name ?? '' }));
      setRemoving(null);
      await refresh();
    },
    onError: (error) => {
      setRemoving(null);
      notify('error', errorText(error));
    },
  });
  const rows = students.data ?? [];
  return (
    <>
      <Loading show={students.isFetching} />
      {students.isError ? (
        <Alert severity="error" sx={{ m: 2 }}>
          {errorText(students.error)}
        </Alert>
      ) : students.data && rows.length === 0 ? (
        <Empty>{t('classes.noStudents')}</Empty>
      ) : (
        <TableContainer>
          <Table aria-label={t('classes.studentsTable', { name: cls.name })}>
            <TableHead>
              <TableRow>
                <TableCell sx={headCell}>{t('columns.name')}</TableCell>
                <TableCell sx={{ ...headCell, ...hideOnPhone }}>{t('columns.email')}</TableCell>
                <TableCell sx={headCell}>{t('columns.grade')}</TableCell>
                <TableCell sx={{ ...headCell, width: 72 }} align="right">
                  {t('columns.remove')}
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((s) => (
                <TableRow
                  key={s.id}
                  hover
                  tabIndex={0}
                  aria-label={t('classes.openProfile', { name: s.name })}
                  onClick={() => onOpen(s.id)}
                  onKeyDown={(event) => {
                    if (event.target === event.currentTarget && (event.key === 'Enter' || event.key === ' ')) {
                      event.preventDefault();
                      onOpen(s.id);
                    }
                  }}
                  sx={{ cursor: 'pointer', '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: -2 } }}
                >
                  <StudentCells s={s} />
                  <TableCell align="right" onClick={(event) => event.stopPropagation()}>
                    <Tooltip title={t('classes.removeStudent', { name: s.name })}>
                      <IconButton aria-label={t('classes.removeStudent', { name: s.name })} onClick={() => setRemoving(s)} onKeyDown={(event) => event.stopPropagation()}>
                        <PersonRemoveOutlinedIcon />
                      </IconButton>
                    </Tooltip>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      <ConfirmDialog
        open={!!removing}
        title={t('classes.removeStudentTitle', { name: removing?.name ?? '', className: cls.name })}
        confirmLabel={t('classes.removeConfirm')}
        destructive
        busy={remove.isPending}
        onConfirm={() => removing && remove.mutate(removing.id)}
        onCancel={() => setRemoving(null)}
      />
    </>
  );
}

export function EnrolledTeachers({ cls }: { cls: ClassItem }) {
  const { t } = useTranslation('classroom');
  const notify = useNotify();
  const errorText = useErrorText('classroom');
  const refresh = useRefreshAll();
  const [removing, setRemoving] = useState<{ id: string; name: string } | null>(null);
  const teachers = useQuery({ queryKey: classroomKeys.teachers(cls.id), queryFn: () => api(e.classTeachers, { params: { classId: cls.id } }) });
  const remove = useMutation({
    mutationFn: (teacherId: string) => api(e.classRemoveTeacher, { params: { classId: cls.id, teacherId } }),
    onSuccess: async () => {
      notify('success', t('classes.teacherRemoved', { name: removing?.name ?? '' }));
      setRemoving(null);
      await refresh();
    },
    onError: (error) => {
      setRemoving(null);
      notify('error', errorText(error));
    },
  });
  return (
    <>
      <Loading show={teachers.isFetching} />
      {teachers.isError ? (
        <Alert severity="error" sx={{ m: 2 }}>
          {errorText(teachers.error)}
        </Alert>
      ) : (
        <TableContainer>
          <Table aria-label={t('classes.teachersTable', { name: cls.name })}>
            <TableHead>
              <TableRow>
                <TableCell sx={headCell}>{t('columns.name')}</TableCell>
                <TableCell sx={{ ...headCell, ...hideOnPhone }}>{t('columns.email')}</TableCell>
                <TableCell sx={{ ...headCell, width: 72 }} align="right">
                  {t('columns.remove')}
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {(teachers.data ?? []).map((teacher) => (
                <TableRow key={teacher.id}>
                  <TableCell sx={{ wordBreak: 'break-word' }}>
                    <Typography component="span" sx={{ fontWeight: 600, display: 'block' }}>
                      {teacher.name}
                    </Typography>
                    <Typography component="span" variant="body2" color="text.secondary">
                      {teacher.isOwner ? t('classes.owner') : t('classes.substitute')}
                    </Typography>
                  </TableCell>
                  <TableCell sx={{ ...hideOnPhone, wordBreak: 'break-all' }}>{teacher.email ?? '—'}</TableCell>
                  <TableCell align="right">
                    <Tooltip title={teacher.disableRemove ? t('classes.ownerCannotBeRemoved') : t('classes.removeTeacher', { name: teacher.name })}>
                      <span>
                        <IconButton aria-label={t('classes.removeTeacher', { name: teacher.name })} disabled={teacher.disableRemove} onClick={() => setRemoving(teacher)}>
                          <PersonRemoveOutlinedIcon />
                        </IconButton>
                      </span>
                    </Tooltip>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      <ConfirmDialog
        open={!!removing}
        title={t('classes.removeTeacherTitle', { name: removing?.name ?? '', className: cls.name })}
        confirmLabel={t('classes.removeConfirm')}
        destructive
        busy={remove.isPending}
        onConfirm={() => removing && remove.mutate(removing.id)}
        onCancel={() => setRemoving(null)}
      />
    </>
  );
}
