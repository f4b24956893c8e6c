import { gradeLabel } from '@high5/contract';
import type { MyStudent } from '@high5/contract';
import { Alert, Box, Button, LinearProgress } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { paths } from '../../../app/paths';
import { MoodConsents } from '../../../components/alerts/mood-consent';
import { DataTable, type DataColumn } from '../../../components/ui/data-table';
import { PageTitle } from '../../../components/ui/page-title';
import { useErrorText } from '../../../lib/use-error-text';
import { useMyStudents } from './api';
import { ChildMoods } from './child-moods';

/**
 * My students (/mystudent, docs/rules/classroom.md#my-students): a parent's own children at the school; with
 * `?moods=<id>`, that child's mood history when the server allows it (docs/decisions/0597).
 */
export default function MyStudentsScreen() {
  const { t } = useTranslation('classroom');
  const errorText = useErrorText('classroom');
  const children = useMyStudents();
  const [params] = useSearchParams();
  const moodsOf = children.data?.find((child) => child.id === params.get('moods') && child.canReadMoodHistory);
  if (moodsOf) return <ChildMoods child={moodsOf} />;
  const moodsNotShared = !!children.data?.some((child) => !child.canReadMoodHistory);
  const columns: DataColumn<MyStudent>[] = [
    { id: 'name', header: t('columns.name'), cell: (child) => child.name, value: (child) => child.name },
    { id: 'email', header: t('columns.email'), cell: (child) => child.email ?? '—', value: (child) => child.email ?? '', wide: true },
    { id: 'grade', header: t('columns.grade'), cell: (child) => gradeLabel(child.grade, t), value: (child) => child.grade ?? -1 },
    {
      id: 'action',
      header: t('columns.action'),
      sortable: false,
      cell: (child) => (
        <Box component="span" sx={{ display: 'inline-flex', flexWrap: 'wrap', gap: 1 }}>
          <Button
            size="small"
            component={RouterLink}
            to={`${paths.viewHigh5}?student=${child.id}`}
            aria-label={t('myStudents.viewHigh5Named', { name: child.name })}
          >
            {t('myStudents.viewHigh5')}
          </Button>
          {child.canReadMoodHistory && (
            <Button
              size="small"
              component={RouterLink}
              to={`${paths.myStudents}?moods=${child.id}`}
              aria-label={t('myStudents.moodHistoryNamed', { name: child.name })}
            >
              {t('myStudents.moodHistory')}
            </Button>
          )}
        </Box>
      ),
    },
  ];
  return (
    <Box>
      <PageTitle subtitle={t('myStudents.subtitle')}>{t('myStudents.title')}</PageTitle>
      <Box sx={{ height: 4 }}>{children.isFetching && <LinearProgress aria-label={t('common:loading')} />}</Box>
      {children.isError ? (
        <Alert severity="error">{errorText(children.error)}</Alert>
      ) : (
        children.data && (
          <DataTable
            rows={children.data}
            columns={columns}
            rowKey={(child) => child.id}
            subline={(child) => child.email}
            caption={t('myStudents.title')}
            empty={t('myStudents.none')}
            searchable={false}
          />
        )
      )}
      {moodsNotShared && (
        <Alert severity="info" sx={{ mt: 2 }}>
          {t('myStudents.moodsNotShared')}
        </Alert>
      )}
      <MoodConsents />
    </Box>
  );
}
