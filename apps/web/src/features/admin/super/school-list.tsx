import type { SuperSchool } from '@high5/contract';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import { Alert, Box, IconButton, Paper, Skeleton, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { superSchoolsQuery } from '../api';
import { timeZoneLabel } from '../lib/time-zones';
import { DeleteSchoolFlow } from './delete-school';
import { SchoolDialog } from './district-editor';

/** Every school with its district and time zone, to rename, move to another time zone or delete. */
export function SchoolList() {
  const { t, i18n } = useTranslation('admin');
  const schools = useQuery(superSchoolsQuery);
  const [editing, setEditing] = useState<SuperSchool | null>(null);
  const [deleting, setDeleting] = useState<SuperSchool | null>(null);
  return (
    <Box component="section" aria-labelledby="school-list" sx={{ mt: 3 }}>
      <Typography id="school-list" component="h2" variant="h6" sx={{ fontWeight: 700, mb: 1 }}>
        {t('districtEdit.schoolsTitle')}
      </Typography>
      {schools.isError ? (
        <Alert severity="error">{t('errors:INTERNAL')}</Alert>
      ) : !schools.data ? (
        <Skeleton variant="rounded" height={160} />
      ) : schools.data.length === 0 ? (
        <Typography color="text.secondary">{t('districtEdit.noSchools')}</Typography>
      ) : (
        <TableContainer component={Paper} variant="outlined" sx={{ borderRadius: 3 }}>
          <Table size="small" aria-labelledby="school-list">
            <TableHead>
              <TableRow>
                <TableCell sx={{ fontWeight: 700 }}>{t('district.schoolName')}</TableCell>
                <TableCell sx={{ fontWeight: 700, display: { xs: 'none', sm: 'table-cell' } }}>{t('district.districtName')}</TableCell>
                <TableCell sx={{ fontWeight: 700, display: { xs: 'none', md: 'table-cell' } }}>{t('config.timeZone')}</TableCell>
                <TableCell sx={{ fontWeight: 700 }} align="right">
                  {t('settingsScreen.actions')}
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {schools.data.map((s) => (
                <TableRow key={s.id}>
                  <TableCell sx={{ overflowWrap: 'break-word', hyphens: 'auto' }}>
                    {s.name}
                    <Typography component="span" variant="body2" color="text.secondary" sx={{ display: { xs: 'block', sm: 'none' } }}>
                      {s.districtName}
                    </Typography>
                  </TableCell>
                  <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{s.districtName}</TableCell>
                  <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>{timeZoneLabel(s.timeZone, i18n.language)}</TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    <IconButton size="small" onClick={() => setEditing(s)} aria-label={t('districtEdit.editSchoolFor', { name: s.name })}>
                      <EditIcon fontSize="small" />
                    </IconButton>
                    <IconButton size="small" onClick={() => setDeleting(s)} aria-label={t('districtEdit.deleteSchoolFor', { name: s.name })}>
                      <DeleteIcon fontSize="small" />
                    </IconButton>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {editing && <SchoolDialog school={editing} onClose={() => setEditing(null)} />}
      <DeleteSchoolFlow school={deleting} open={!!deleting} onClose={() => setDeleting(null)} />
    </Box>
  );
}
