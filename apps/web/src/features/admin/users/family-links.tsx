import { formatDate, type FamilyLink } from '@high5/contract';
import LinkOffIcon from '@mui/icons-material/LinkOffOutlined';
import { Alert, Box, Button, Chip, IconButton, Skeleton, Tooltip, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { DataTable, type DataColumn } from '../../../components/ui/data-table';
import { useNotify } from '../../../components/ui/notifications';
import { useErrorText } from '../../../lib/use-error-text';
import { useConfirmFamilyLink, useFamilyLinks, useRemoveFamilyLink } from './api';

/** The school's family links and requests, each removable (docs/decisions/0155). */
export function FamilyLinks() {
  const { t, i18n } = useTranslation('admin');
  const errorText = useErrorText('admin');
  const notify = useNotify();
  const [removing, setRemoving] = useState<FamilyLink | null>(null);
  const links = useFamilyLinks();
  const remove = useRemoveFamilyLink();
  const confirm = useConfirmFamilyLink();
  const confirmLink = (link: FamilyLink) =>
    confirm.mutate(link, {
      onSuccess: () => notify('success', t('familyLinks.confirmedDone', { parent: link.parentName, student: link.studentName })),
      onError: (error) => notify('error', errorText(error)),
    });
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
          {l.status === 'linked' && !l.confirmedAt && (
            <Chip size="small" color="warning" variant="outlined" label={t('familyLinks.notConfirmed')} sx={{ ml: 1 }} />
          )}
          <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block', overflowWrap: 'anywhere' }}>
            {l.parentEmail}
          </Typography>
        </>
      ),
    },
    {
      id: 'known',
      header: t('familyLinks.known'),
      value: (l) => (l.status === 'requested' ? 2 : l.confirmedAt ? 1 : 0),
      cell: (l) =>
        l.status === 'requested' ? (
          '—'
        ) : l.confirmedAt ? (
          <Typography component="span" variant="body2">
            {l.confirmedBy
              ? t('familyLinks.confirmedBy', { date: formatDate(l.confirmedAt, i18n.language), by: l.confirmedBy })
              : t('familyLinks.confirmedOn', { date: formatDate(l.confirmedAt, i18n.language) })}
          </Typography>
        ) : (
          <Button
            size="small"
            variant="outlined"
            disabled={confirm.isPending}
            onClick={() => confirmLink(l)}
            aria-label={t('familyLinks.confirmFor', { parent: l.parentName, student: l.studentName })}
          >
            {t('familyLinks.confirm')}
          </Button>
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
        <DataTable
          rows={links.data}
          columns={columns}
          rowKey={(l) => `${l.parentId}:${l.studentId}`}
          caption={t('familyLinks.title')}
          empty={t('familyLinks.empty')}
        />
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
