import type { SuperSchool } from '@high5/contract';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import { Alert, Box, IconButton, Skeleton, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataColumn } from '../../../components/ui/data-table';
import { useSuperSchools } from '../api';
import { timeZoneLabel } from '../lib/time-zones';
import { DeleteSchoolFlow } from './delete-school';
import { SchoolDialog } from './district-editor';

/** Every school with its district and time zone, to rename, move to another time zone or delete. */
export function SchoolList() {
  const { t, i18n } = useTranslation('admin');
  const schools = useSuperSchools();
  const [editing, setEditing] = useState<SuperSchool | null>(null);
  const [deleting, setDeleting] = useState<SuperSchool | null>(null);
  const columns: DataColumn<SuperSchool>[] = [
    { id: 'name', header: t('district.schoolName'), cell: (s) => s.name, value: (s) => s.name },
    { id: 'district', header: t('district.districtName'), cell: (s) => s.districtName, value: (s) => s.districtName, wide: true },
    {
      id: 'timeZone',
      header: t('config.timeZone'),
      cell: (s) => timeZoneLabel(s.timeZone, i18n.language),
      value: (s) => timeZoneLabel(s.timeZone, i18n.language),
      wide: true,
    },
    {
      id: 'actions',
      header: t('settingsScreen.actions'),
      sortable: false,
      cell: (s) => (
        <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
          <IconButton size="small" onClick={() => setEditing(s)} aria-label={t('districtEdit.editSchoolFor', { name: s.name })}>
            <EditIcon fontSize="small" />
          </IconButton>
          <IconButton size="small" onClick={() => setDeleting(s)} aria-label={t('districtEdit.deleteSchoolFor', { name: s.name })}>
            <DeleteIcon fontSize="small" />
          </IconButton>
        </Box>
      ),
    },
  ];
  return (
    <Box component="section" aria-labelledby="school-list" sx={{ mt: 3 }}>
      <Typography id="school-list" component="h2" variant="h6" sx={{ fontWeight: 700, mb: 1 }}>
        {t('districtEdit.schoolsTitle')}
      </Typography>
      {schools.isError ? (
        <Alert severity="error">{t('errors:INTERNAL')}</Alert>
      ) : !schools.data ? (
        <Skeleton variant="rounded" height={160} />
      ) : (
        <DataTable
          rows={schools.data}
          columns={columns}
          rowKey={(s) => s.id}
          subline={(s) => s.districtName}
          caption={t('districtEdit.schoolsTitle')}
          empty={t('districtEdit.noSchools')}
        />
      )}
      {editing && <SchoolDialog school={editing} onClose={() => setEditing(null)} />}
      <DeleteSchoolFlow school={deleting} open={!!deleting} onClose={() => setDeleting(null)} />
    </Box>
  );
}
