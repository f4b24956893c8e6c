import { formatDate, type FamilyLink } from '@high5/contract';
import LinkOffIcon from '@mui/icons-material/LinkOffOutlined';
import { Alert, Box, Chip, IconButton, Skeleton, Tooltip, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { DataTable, type DataColumn } from '../../../components/ui/data-table';
import { useNotify } from '../../../components/ui/notifications';
import { useErrorText } from '../../../lib/use-error-text';
import { useFamilyLinks, useRemoveFamilyLink } from './api';

/** The school's family links and requests, each removable (docs/decisions/0155). */
export function FamilyLinks() {
  const { t, i18n } = useTranslation('admin');
  const errorText = useErrorText('admin');
  const notify = useNotify();
  const [removing, setRemoving] = useState<FamilyLink | null>(null);
  const links = useFamilyLinks();
  const remove = useRemoveFamilyLink();
  const removeLink = (link: FamilyLink) =>
    remove.mutate(link, {
      onSuccess: () => notify('success', t('familyLinks.removed', { parent: link.parentName, student: link.studentName })),
      onError: (error) => notify('error', errorText(error)),
      onSettled: () => setRemoving(null),
    });
  const columns: DataColumn<FamilyLink>[] = [
    { id: 'student', header: t('familyLinks.student'), cell: (l) => l.studentName, value: (l) => l.studentName },
    {
      id: 'parent',
      header: t('familyLinks.parent'),
      long: true,
      value: (l) => `${l.parentName} ${l.parentEmail ?? ''}`,
      cell: (l) => (
        <>
          {l.parentName}
          {l.status === 'requested' && <Chip size="small" label={t('familyLinks.requested')} sx={{ ml: 1 }} />}
          <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block', overflowWrap: 'anywhere' }}>
            {l.parentEmail}
          </Typography>
        </>
      ),
    },
    { id: 'since', header: t('familyLinks.since'), cell: (l) => formatDate(l.since, i18n.language), value: (l) => l.since, wide: true, date: true },
    {
      id: 'remove',
      header: t('familyLinks.remove'),
      sortable: false,
      cell: (l) => (
        <Tooltip title={t('familyLinks.removeFor', { parent: l.parentName, student: l.studentName })}>
          <IconButton color="error" onClick={() => setRemoving(l)} aria-label={t('familyLinks.removeFor', { parent: l.parentName, student: l.studentName })}>
            <LinkOffIcon />
          </IconButton>
        </Tooltip>
      ),
    },
  ];
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
      ) : (
        <DataTable rows={links.data} columns={columns} rowKey={(l) => `${l.parentId}:${l.studentId}`} caption={t('familyLinks.title')} empty={t('familyLinks.empty')} />
      )}
      <ConfirmDialog
        open={removing !== null}
        title={t('familyLinks.confirmTitle')}
        message={removing ? t('familyLinks.confirmBody', { parent: removing.parentName, student: removing.studentName }) : ''}
        confirmLabel={t('familyLinks.remove')}
        destructive
        busy={remove.isPending}
        onConfirm={() => removing && removeLink(removing)}
        onCancel={() => setRemoving(null)}
      />
    </Box>
  );
}
