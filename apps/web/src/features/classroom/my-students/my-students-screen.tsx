import { Alert, Box, Button, LinearProgress, Paper, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../../app/paths';
import { gradeLabel } from '../../../components/give';
import { MoodConsents } from '../../../components/alerts/mood-consent';
import { PageTitle } from '../../../components/ui/page-title';
import { useErrorText } from '../../../lib/use-error-text';
import { api, classroomKeys, e } from '../api';

const headCell = { fontWeight: 700 } as const;
const hideOnPhone = { display: { xs: 'none', sm: 'table-cell' } } as const;

/** My students (/mystudent, spec 002 section 2.6): a parent's own children at the school. */
export default function MyStudentsScreen() {
  const { t } = useTranslation('classroom');
  const errorText = useErrorText('classroom');
  const children = useQuery({ queryKey: classroomKeys.myStudents(), queryFn: () => api(e.myStudents) });
  const rows = children.data ?? [];
  return (
    <Box>
      <PageTitle subtitle={t('myStudents.subtitle')}>{t('myStudents.title')}</PageTitle>
      <Paper variant="outlined" sx={{ borderRadius: 3, overflow: 'hidden' }}>
        <Box sx={{ height: 4 }}>{children.isFetching && <LinearProgress aria-label={t('common:loading')} />}</Box>
        {children.isError ? (
          <Alert severity="error" sx={{ m: 2 }}>
            {errorText(children.error)}
          </Alert>
        ) : children.data && rows.length === 0 ? (
          <Typography color="text.secondary" sx={{ p: 3 }}>
            {t('myStudents.none')}
          </Typography>
        ) : (
          <TableContainer>
            <Table aria-label={t('myStudents.title')}>
              <TableHead>
                <TableRow>
                  <TableCell sx={headCell}>{t('columns.name')}</TableCell>
                  <TableCell sx={{ ...headCell, ...hideOnPhone }}>{t('columns.email')}</TableCell>
                  <TableCell sx={{ ...headCell, width: 80 }}>{t('columns.grade')}</TableCell>
                  <TableCell sx={{ ...headCell, width: 160 }} align="right">
                    {t('columns.action')}
                  </TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((child) => (
                  <TableRow key={child.id} hover>
                    <TableCell sx={{ wordBreak: 'break-word' }}>
                      <Typography component="span" sx={{ fontWeight: 600, display: 'block' }}>
                        {child.name}
                      </Typography>
                      <Typography component="span" variant="body2" color="text.secondary" sx={{ display: { xs: 'block', sm: 'none' }, wordBreak: 'break-all' }}>
                        {child.email}
                      </Typography>
                    </TableCell>
                    <TableCell sx={{ ...hideOnPhone, wordBreak: 'break-all' }}>{child.email ?? '—'}</TableCell>
                    <TableCell>{gradeLabel(child.grade, t)}</TableCell>
                    <TableCell align="right">
                      <Button size="small" component={RouterLink} to={`${paths.viewHigh5}?student=${child.id}`} aria-label={t('myStudents.viewHigh5Named', { name: child.name })}>
                        {t('myStudents.viewHigh5')}
                      </Button>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </Paper>
      <MoodConsents />
    </Box>
  );
}
