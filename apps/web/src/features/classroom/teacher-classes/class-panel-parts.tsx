import { gradeLabel } from '@high5/contract';
import type { ClassStudent, Person } from '@high5/contract';
import { Alert, Box, LinearProgress, Typography } from '@mui/material';
import type { UseQueryResult } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { DataColumn, TableSelection } from '../../../components/ui/data-table';
import { useErrorText } from '../../../lib/use-error-text';

/* Pieces the views of a class share. */

/** A class view's list: the loading bar, the error in the user's language, then `children` once loaded. */
export function QueryPanel<T>({ query, children }: { query: UseQueryResult<T>; children: (data: T) => ReactNode }) {
  const errorText = useErrorText('classroom');
  return (
    <>
      <Loading show={query.isFetching} />
      {query.isError ? (
        <Alert severity="error" sx={{ m: 2 }}>
          {errorText(query.error)}
        </Alert>
      ) : (
        query.data !== undefined && children(query.data)
      )}
    </>
  );
}

export function Loading({ show }: { show: boolean }) {
  const { t } = useTranslation();
  return <Box sx={{ height: 4 }}>{show && <LinearProgress aria-label={t('loading')} />}</Box>;
}

/** A class view's heading row: its title, then its actions (a search field, buttons); `fullTitle` puts them on the next line. */
export function PanelHeader({ title, fullTitle = false, children }: { title: string; fullTitle?: boolean; children: ReactNode }) {
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: fullTitle ? 2 : 1, p: 2, alignItems: 'center' }}>
      <Typography component="h2" variant="h6" sx={{ fontWeight: 700, flex: fullTitle ? '1 1 100%' : '1 1 auto' }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/** Room around a view's table inside the class panel (`top` where no heading stands above it). */
export function TableArea({ children, top = false }: { children: ReactNode; top?: boolean }) {
  return <Box sx={{ px: 2, pb: 2, pt: top ? 2 : 0 }}>{children}</Box>;
}

/** A line under a person's name ("Not registered yet", "Owner"). */
export function NameNote({ children }: { children: ReactNode }) {
  return (
    <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
      {children}
    </Typography>
  );
}

/** Name and e-mail columns of the people in a class's lists (the e-mail under the name on phones). */
export function personTable<T extends Person>(t: TFunction<'classroom'>) {
  const columns: DataColumn<T>[] = [
    { id: 'name', header: t('columns.name'), cell: (p) => p.name, value: (p) => p.name },
    { id: 'email', header: t('columns.email'), cell: (p) => p.email ?? '—', value: (p) => p.email ?? '', wide: true },
  ];
  return { columns, rowKey: (p: T) => p.id, subline: (p: T) => p.email };
}

/** Name, e-mail and grade of students in a class's lists, and the line for students yet to register. */
export function useStudentColumns() {
  const { t } = useTranslation('classroom');
  const person = useMemo(() => personTable<ClassStudent>(t), [t]);
  const columns = useMemo<DataColumn<ClassStudent>[]>(
    () => [...person.columns, { id: 'grade', header: t('columns.grade'), cell: (s) => gradeLabel(s.grade, t), value: (s) => s.grade ?? -1 }],
    [person, t],
  );
  return {
    ...person,
    columns,
    badge: (s: ClassStudent) => !s.registered && <NameNote>{t('classes.notRegistered')}</NameNote>,
  };
}

/** The students picked in a list of checkboxes ("Select Sofia Diaz", "Select all"). */
export function useStudentPicks() {
  const { t } = useTranslation('classroom');
  const [picked, setPicked] = useState<Set<string>>(new Set());
  const selection: TableSelection<ClassStudent> = {
    selected: picked,
    onChange: setPicked,
    rowLabel: (s) => t('classes.selectStudent', { name: s.name }),
    allLabel: t('classes.selectAll'),
  };
  return { picked, clear: () => setPicked(new Set()), selection };
}
