import type { ClassItem, ClassStudent, ClassTeacher } from '@high5/contract';
import PersonRemoveOutlinedIcon from '@mui/icons-material/PersonRemoveOutlined';
import { IconButton, Tooltip } from '@mui/material';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { DataTable, type DataColumn } from '../../../components/ui/data-table';
import { useNotify } from '../../../components/ui/notifications';
import { useErrorText } from '../../../lib/use-error-text';
import { api, classroomKeys, e } from '../api';
import { NameNote, QueryPanel, personTable, TableArea, useRefreshAll, useStudentColumns } from './class-panel-parts';

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
  const { columns, ...shape } = useStudentColumns();
  const withRemove: DataColumn<ClassStudent>[] = [
    ...columns,
    {
      id: 'remove',
      header: t('columns.remove'),
      sortable: false,
      cell: (s) => (
        <Tooltip title={t('classes.removeStudent', { name: s.name })}>
          <IconButton
            aria-label={t('classes.removeStudent', { name: s.name })}
            onClick={(event) => {
              event.stopPropagation();
              setRemoving(s);
            }}
          >
            <PersonRemoveOutlinedIcon />
          </IconButton>
        </Tooltip>
      ),
    },
  ];
  return (
    <>
      <QueryPanel query={students}>
        {(data) => (
          <TableArea top>
            <DataTable
              {...shape}
              columns={withRemove}
              rows={data}
              caption={t('classes.studentsTable', { name: cls.name })}
              empty={t('classes.noStudents')}
              onOpen={(s) => onOpen(s.id)}
              openLabel={(s) => t('classes.openProfile', { name: s.name })}
            />
          </TableArea>
        )}
      </QueryPanel>
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
  const people = personTable<ClassTeacher>(t);
  const columns: DataColumn<ClassTeacher>[] = [
    ...people.columns,
    {
      id: 'remove',
      header: t('columns.remove'),
      sortable: false,
      cell: (teacher) => (
        <Tooltip title={teacher.disableRemove ? t('classes.ownerCannotBeRemoved') : t('classes.removeTeacher', { name: teacher.name })}>
          <span>
            <IconButton aria-label={t('classes.removeTeacher', { name: teacher.name })} disabled={teacher.disableRemove} onClick={() => setRemoving(teacher)}>
              <PersonRemoveOutlinedIcon />
            </IconButton>
          </span>
        </Tooltip>
      ),
    },
  ];
  return (
    <>
      <QueryPanel query={teachers}>
        {(data) => (
          <TableArea top>
            <DataTable
              rows={data}
              {...people}
              columns={columns}
              badge={(teacher) => <NameNote>{teacher.isOwner ? t('classes.owner') : t('classes.substitute')}</NameNote>}
              caption={t('classes.teachersTable', { name: cls.name })}
              empty=""
              searchable={false}
            />
          </TableArea>
        )}
      </QueryPanel>
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
