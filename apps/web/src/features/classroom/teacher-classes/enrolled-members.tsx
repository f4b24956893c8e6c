import type { ClassItem, ClassStudent, ClassTeacher } from '@high5/contract';
import PersonRemoveOutlinedIcon from '@mui/icons-material/PersonRemoveOutlined';
import { IconButton, Tooltip } from '@mui/material';
import type { UseMutationResult } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { DataTable, type DataColumn } from '../../../components/ui/data-table';
import { useNotify } from '../../../components/ui/notifications';
import { useErrorText } from '../../../lib/use-error-text';
import { useClassStudents, useClassTeachers, useRemoveStudent, useRemoveTeacher } from './api';
import { NameNote, QueryPanel, personTable, TableArea, useStudentColumns } from './class-panel-parts';

/** The "Students" and "Teachers" views of a class (docs/rules/classroom.md#teacher-classes): who is in it, and removing them. */
export function EnrolledStudents({ cls, onOpen }: { cls: ClassItem; onOpen: (id: string) => void }) {
  const { t } = useTranslation('classroom');
  const students = useClassStudents(cls.id);
  const remove = useRemoveStudent(cls.id);
  const removal = useRemoval<ClassStudent>(remove, {
    done: (name) => t('classes.studentRemoved', { name }),
    title: (name) => t('classes.removeStudentTitle', { name, className: cls.name }),
  });
  const { columns, ...shape } = useStudentColumns();
  return (
    <>
      <QueryPanel query={students}>
        {(data) => (
          <TableArea top>
            <DataTable
              {...shape}
              // A rostered or last-year class's students are not removed here (docs/decisions/0600).
              columns={
                cls.policies.canChangeStudents
                  ? [...columns, removeColumn<ClassStudent>(t('columns.remove'), (s) => t('classes.removeStudent', { name: s.name }), removal.ask)]
                  : columns
              }
              rows={data}
              caption={t('classes.studentsTable', { name: cls.name })}
              empty={t('classes.noStudents')}
              onOpen={(s) => onOpen(s.id)}
              openLabel={(s) => t('classes.openProfile', { name: s.name })}
            />
          </TableArea>
        )}
      </QueryPanel>
      {removal.dialog}
    </>
  );
}

export function EnrolledTeachers({ cls }: { cls: ClassItem }) {
  const { t } = useTranslation('classroom');
  const teachers = useClassTeachers(cls.id);
  const removeTeacher = useRemoveTeacher(cls.id);
  const removal = useRemoval<ClassTeacher>(removeTeacher, {
    done: (name) => t('classes.teacherRemoved', { name }),
    title: (name) => t('classes.removeTeacherTitle', { name, className: cls.name }),
  });
  const people = personTable<ClassTeacher>(t);
  const remove = removeColumn<ClassTeacher>(
    t('columns.remove'),
    (teacher) => t('classes.removeTeacher', { name: teacher.name }),
    removal.ask,
    (teacher) => (teacher.disableRemove ? t('classes.ownerCannotBeRemoved') : null),
  );
  return (
    <>
      <QueryPanel query={teachers}>
        {(data) => (
          <TableArea top>
            <DataTable
              rows={data}
              {...people}
              columns={[...people.columns, remove]}
              badge={(teacher) => <NameNote>{teacher.isOwner ? t('classes.owner') : t('classes.substitute')}</NameNote>}
              caption={t('classes.teachersTable', { name: cls.name })}
              empty=""
              searchable={false}
            />
          </TableArea>
        )}
      </QueryPanel>
      {removal.dialog}
    </>
  );
}

/** A row's remove button (its label names the person; `blocked` says why it is off, in its tooltip). */
function removeColumn<T>(header: string, label: (row: T) => string, ask: (row: T) => void, blocked?: (row: T) => string | null): DataColumn<T> {
  return {
    id: 'remove',
    header,
    sortable: false,
    cell: (row) => {
      const reason = blocked?.(row) ?? null;
      return (
        <Tooltip title={reason ?? label(row)}>
          <span>
            <IconButton
              aria-label={label(row)}
              disabled={reason !== null}
              onClick={(event) => {
                event.stopPropagation();
                ask(row);
              }}
            >
              <PersonRemoveOutlinedIcon />
            </IconButton>
          </span>
        </Tooltip>
      );
    },
  };
}

/** Removing someone from the class: `ask` opens the confirmation; confirmed, they are removed and the outcome is told. */
function useRemoval<P extends { id: string; name: string }>(
  remove: UseMutationResult<unknown, Error, string>,
  words: { done: (name: string) => string; title: (name: string) => string },
) {
  const { t } = useTranslation('classroom');
  const notify = useNotify();
  const errorText = useErrorText('classroom');
  const [removing, setRemoving] = useState<P | null>(null);
  const confirm = () =>
    removing &&
    remove.mutate(removing.id, {
      onSuccess: () => notify('success', words.done(removing.name)),
      onError: (error) => notify('error', errorText(error)),
      onSettled: () => setRemoving(null),
    });
  const dialog = (
    <ConfirmDialog
      open={!!removing}
      title={words.title(removing?.name ?? '')}
      confirmLabel={t('classes.removeConfirm')}
      destructive
      busy={remove.isPending}
      onConfirm={confirm}
      onCancel={() => setRemoving(null)}
    />
  );
  return { ask: setRemoving, dialog };
}
