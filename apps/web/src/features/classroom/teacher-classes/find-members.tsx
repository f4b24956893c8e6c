import type { ClassItem, Person } from '@high5/contract';
import { Button } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataColumn } from '../../../components/ui/data-table';
import { useNotify } from '../../../components/ui/notifications';
import { SearchField } from '../../../components/ui/search-field';
import { useErrorText } from '../../../lib/use-error-text';
import { useDebounced } from '../components/use-debounced';
import { useAddTeacher, useEnrolStudents, useStudentCandidates, useTeacherCandidates } from './api';
import { Loading, PanelHeader, personTable, QueryPanel, TableArea, useStudentColumns, useStudentPicks } from './class-panel-parts';

/** The "Add students" and "Add teachers" views of a class: search the school and add. */
export function FindStudents({ cls }: { cls: ClassItem }) {
  const { t } = useTranslation('classroom');
  const notify = useNotify();
  const errorText = useErrorText('classroom');
  const [search, setSearch] = useState('');
  const q = useDebounced(search.trim());
  const { picked, clear, selection } = useStudentPicks();
  const students = useStudentColumns();
  const candidates = useStudentCandidates(cls.id, q);
  const add = useEnrolStudents(cls.id);
  const enrol = () =>
    add.mutate([...picked], {
      onSuccess: (result) => {
        notify('success', t('classes.studentsAdded', { count: result.enrolled, className: cls.name }));
        clear();
      },
      onError: (error) => notify('error', errorText(error)),
    });
  return (
    <>
      <PanelHeader title={t('classes.findStudentTitle', { name: cls.name })} fullTitle>
        <SearchField value={search} onChange={setSearch} label={t('classes.searchStudents')} />
        {picked.size > 0 && (
          <Button variant="contained" onClick={enrol} disabled={add.isPending}>
            {t('classes.addSelected', { count: picked.size })}
          </Button>
        )}
      </PanelHeader>
      <QueryPanel query={candidates}>
        {(data) => (
          <TableArea>
            <DataTable
              {...students}
              rows={data}
              caption={t('classes.findStudentTitle', { name: cls.name })}
              empty={q ? t('classes.noMatches') : t('classes.noCandidates')}
              searchable={false}
              selection={selection}
            />
          </TableArea>
        )}
      </QueryPanel>
    </>
  );
}

export function FindTeachers({ cls, onAdded }: { cls: ClassItem; onAdded: () => void }) {
  const { t } = useTranslation('classroom');
  const notify = useNotify();
  const errorText = useErrorText('classroom');
  const [search, setSearch] = useState('');
  const q = useDebounced(search.trim());
  const candidates = useTeacherCandidates(cls.id, q);
  const add = useAddTeacher(cls.id);
  const addTeacher = (teacher: Person) =>
    add.mutate(teacher, {
      onSuccess: () => {
        notify('success', t('classes.teacherAdded', { name: teacher.name, className: cls.name }));
        onAdded();
      },
      onError: (error) => notify('error', errorText(error)),
    });
  const people = personTable<Person>(t);
  const columns: DataColumn<Person>[] = [
    ...people.columns,
    {
      id: 'action',
      header: t('columns.action'),
      sortable: false,
      cell: (teacher) => (
        <Button
          size="small"
          variant="outlined"
          aria-label={t('classes.addTeacherNamed', { name: teacher.name })}
          disabled={add.isPending}
          onClick={() => addTeacher(teacher)}
        >
          {t('classes.addTeacher')}
        </Button>
      ),
    },
  ];
  return (
    <>
      <PanelHeader title={t('classes.findTeacherTitle', { name: cls.name })} fullTitle>
        <SearchField value={search} onChange={setSearch} label={t('classes.searchTeachers')} />
      </PanelHeader>
      <Loading show={candidates.isFetching} />
      {candidates.data && (
        <TableArea>
          <DataTable
            rows={candidates.data}
            {...people}
            columns={columns}
            caption={t('classes.findTeacherTitle', { name: cls.name })}
            empty={q ? t('classes.noMatches') : t('classes.noTeacherCandidates')}
            searchable={false}
          />
        </TableArea>
      )}
    </>
  );
}
