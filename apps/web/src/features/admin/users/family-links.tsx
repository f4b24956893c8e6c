import { adminApi, formatDate, type FamilyLink } from '@high5/contract';
import LinkOffIcon from '@mui/icons-material/LinkOffOutlined';
import { Alert, Box, Chip, IconButton, Paper, Skeleton, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Tooltip, Typography } from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { useNotify } from '../../../components/ui/notifications';
import { api } from '../../../lib/api-client';
import { useErrorText } from '../../../lib/use-error-text';
import { adminKeys } from '../api';

/** The school's family links and requests, each removable (docs/decisions/0155). */
export function FamilyLinks() {
  const { t, i18n } = useTranslation('admin');
  const errorText = useErrorText('admin');
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [removing, setRemoving] = useState<FamilyLink | null>(null);
  const links = useQuery({ queryKey: adminKeys.familyLinks, queryFn: () => api(adminApi.familyLinks) });
  const remove = useMutation({
    mutationFn: (link: FamilyLink) => api(adminApi.removeFamilyLink, { params: { parentId: link.parentId, studentId: link.studentId }, body: {} }),
    onSuccess: (rest, link) => {
      queryClient.setQueryData(adminKeys.familyLinks, rest);
      notify('success', t('familyLinks.removed', { parent: link.parentName, student: link.studentName }));
      setRemoving(null);
    },
    onError: (error) => {
      notify('error', errorText(error));
      setRemoving(null);
    },
  });
  return (
    <Box component="section" aria-labelledby="family-links-title" sx={{ mt: 4 }}>
      <Typography id="family-links-title" variant="h6" component="h2" sx={{ fontWeight: 700 }}>
        {t('familyLinks.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('familyLinks.intro')}
      </Typography>
      {links.isError ? (
        <Alert severity="error">{errorText(links.error)}</Alert>
      ) : links.isPending ? (
        <Skeleton variant="rounded" height={120} />
      ) : links.data.length === 0 ? (
        <Paper variant="outlined" sx={{ p: 3, textAlign: 'center', borderRadius: 3, color: 'text.secondary' }}>
          {t('familyLinks.empty')}
        </Paper>
      ) : (
        <TableContainer component={Paper} variant="outlined" sx={{ borderRadius: 3 }}>
          <Table size="small" aria-label={t('familyLinks.title')}>
            <TableHead>
              <TableRow>
                <TableCell sx={{ fontWeight: 700 }}>{t('familyLinks.student')}</TableCell>
                <TableCell sx={{ fontWeight: 700 }}>{t('familyLinks.parent')}</TableCell>
                <TableCell sx={{ fontWeight: 700, display: { xs: 'none', md: 'table-cell' } }}>{t('familyLinks.since')}</TableCell>
                <TableCell sx={{ fontWeight: 700 }} align="right">
                  {t('familyLinks.remove')}
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {links.data.map((l) => (
                <TableRow key={`${l.parentId}:${l.studentId}`}>
                  <TableCell sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{l.studentName}</TableCell>
                  <TableCell sx={{ overflowWrap: 'anywhere' }}>
                    {l.parentName}
                    {l.status === 'requested' && <Chip size="small" label={t('familyLinks.requested')} sx={{ ml: 1 }} />}
                    <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block', overflowWrap: 'anywhere' }}>
                      {l.parentEmail}
                    </Typography>
                  </TableCell>
                  <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>{formatDate(l.since, i18n.language)}</TableCell>
                  <TableCell align="right">
                    <Tooltip title={t('familyLinks.removeFor', { parent: l.parentName, student: l.studentName })}>
                      <IconButton color="error" onClick={() => setRemoving(l)} aria-label={t('familyLinks.removeFor', { parent: l.parentName, student: l.studentName })}>
                        <LinkOffIcon />
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
        open={removing !== null}
        title={t('familyLinks.confirmTitle')}
        message={removing ? t('familyLinks.confirmBody', { parent: removing.parentName, student: removing.studentName }) : ''}
        confirmLabel={t('familyLinks.remove')}
        destructive
        busy={remove.isPending}
        onConfirm={() => removing && remove.mutate(removing)}
        onCancel={() => setRemoving(null)}
      />
    </Box>
  );
}
