import { BackupOptionsSchema, type Backup, type SuperSchool } from '@high5/contract';
import BackupIcon from '@mui/icons-material/Backup';
import DeleteForeverIcon from '@mui/icons-material/DeleteForever';
import DeleteIcon from '@mui/icons-material/Delete';
import DownloadIcon from '@mui/icons-material/Download';
import RestoreIcon from '@mui/icons-material/SettingsBackupRestore';
import { Alert, Box, Button, IconButton, Link, Paper, Skeleton, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { DataTable, type DataColumn } from '../../../components/ui/data-table';
import { useNotify } from '../../../components/ui/notifications';
import { PageTitle } from '../../../components/ui/page-title';
import { useErrorText } from '../../../lib/use-error-text';
import { FormCheckbox } from '../../../components/form/form-checkbox';
import { useContractForm } from '../../../components/form/contract-form';
import { useBackups, useBackupSchool, useDeleteBackup } from './api';
import { SchoolPicker } from '../components/pickers';
import { DeleteSchoolFlow } from './delete-school';
import { RestoreDialog, RestoreProgress } from './restore';
import { showDate, showDateTime } from '../../../lib/dates';

const downloadPath = (backup: Backup) => `/v1/super/backups/${backup.id}/file`;

/**
 * /settings (docs/rules/administration.md#settings): pick a school, then back up its data (a file to download;
 * journals only when asked) or delete it after two confirmations, the second asking for its name.
 * Backups can be restored into an empty school, with a progress bar (docs/decisions/0183).
 */
export default function SettingsScreen() {
  const { t } = useTranslation('admin');
  const errorText = useErrorText('admin');
  const notify = useNotify();
  const [school, setSchool] = useState<SuperSchool | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [lastBackup, setLastBackup] = useState<Backup | null>(null);
  const [restoring, setRestoring] = useState<{ backup: Backup | null } | null>(null);
  const [removing, setRemoving] = useState<Backup | null>(null);
  const backups = useBackups();
  // The backup's one option (journals or not), as the contract's body has it.
  const options = useContractForm(BackupOptionsSchema, { defaultValues: { includeJournals: false } });
  const backup = useBackupSchool();
  const takeBackup = options.handleSubmit((body) =>
    backup.mutate(
      { schoolId: school!.id, body },
      {
        onSuccess: (created) => {
          setLastBackup(created);
          notify('success', t('settingsScreen.backupSuccess', { school: created.schoolName }));
        },
        onError: (error) => notify('error', `${t('settingsScreen.backupFailed')} ${errorText(error)}`),
      },
    ),
  );
  const removeBackup = useDeleteBackup();
  const remove = (b: Backup) =>
    removeBackup.mutate(b, {
      onSuccess: () => {
        notify('success', t('settingsScreen.backupDeleted', { school: b.schoolName }));
        if (lastBackup?.id === b.id) setLastBackup(null);
        setRemoving(null);
      },
      onError: (error) => notify('error', errorText(error)),
    });

  return (
    <Box>
      <PageTitle>{t('settingsScreen.title')}</PageTitle>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, borderRadius: 3, mb: 3, maxWidth: 760 }}>
        <SchoolPicker value={school} onChange={setSchool} />
        <FormCheckbox control={options.control} name="includeJournals" label={t('settingsScreen.includeJournals')} sx={{ mt: 1.5 }} />
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, mt: 1 }}>
          <Button variant="outlined" startIcon={<BackupIcon />} disabled={!school || backup.isPending} onClick={() => void takeBackup()}>
            {t('settingsScreen.backup')}
          </Button>
          <Button variant="contained" color="error" startIcon={<DeleteForeverIcon />} disabled={!school} onClick={() => setDeleting(true)}>
            {t('settingsScreen.delete')}
          </Button>
        </Box>
        {lastBackup && (
          <Alert severity="success" sx={{ mt: 2.5 }} action={<DownloadLink backup={lastBackup} />}>
            {t('settingsScreen.backupReady', { school: lastBackup.schoolName })} <KeptUntil backup={lastBackup} />
          </Alert>
        )}
      </Paper>

      <RestoreProgress />

      <Box component="section" aria-labelledby="backup-list">
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: 1, mb: 1 }}>
          <Typography id="backup-list" component="h2" variant="h6" sx={{ fontWeight: 700 }}>
            {t('settingsScreen.backupsTitle')}
          </Typography>
          <Button variant="outlined" size="small" startIcon={<RestoreIcon />} onClick={() => setRestoring({ backup: null })}>
            {t('restore.fromFileButton')}
          </Button>
        </Box>
        {backups.isError ? (
          <Alert severity="error">{errorText(backups.error)}</Alert>
        ) : !backups.data ? (
          <Skeleton variant="rounded" height={120} />
        ) : (
          <BackupTable backups={backups.data} onRestore={(b) => setRestoring({ backup: b })} onDelete={setRemoving} />
        )}
      </Box>

      <RestoreDialog open={!!restoring} backup={restoring?.backup ?? null} onClose={() => setRestoring(null)} />
      <ConfirmDialog
        open={!!removing}
        title={t('settingsScreen.deleteBackupTitle')}
        message={removing ? t('settingsScreen.deleteBackupBody', { school: removing.schoolName }) : undefined}
        confirmLabel={t('settingsScreen.deleteBackup')}
        destructive
        busy={removeBackup.isPending}
        onCancel={() => setRemoving(null)}
        onConfirm={() => removing && remove(removing)}
      />

      <DeleteSchoolFlow
        school={school}
        open={deleting}
        onClose={() => setDeleting(false)}
        onDeleted={(created) => {
          setLastBackup(created);
          setSchool(null);
        }}
      />
    </Box>
  );
}

function DownloadLink({ backup }: { backup: Backup }) {
  const { t } = useTranslation('admin');
  return (
    <Button
      component="a"
      href={downloadPath(backup)}
      download
      color="inherit"
      size="small"
      startIcon={<DownloadIcon />}
      aria-label={t('settingsScreen.downloadFor', { school: backup.schoolName })}
    >
      {t('settingsScreen.download')}
    </Button>
  );
}

/** When the retention deletes the backup. */
function KeptUntil({ backup }: { backup: Backup }) {
  const { t } = useTranslation('admin');
  return <>{t('settingsScreen.keptUntil', { date: showDate(backup.expiresAt) })}</>;
}

/** The backups, newest first: when, size, download, restore and delete. */
function BackupTable({ backups, onRestore, onDelete }: { backups: Backup[]; onRestore: (backup: Backup) => void; onDelete: (backup: Backup) => void }) {
  const { t, i18n } = useTranslation('admin');
  const when = (backup: Backup) => showDateTime(backup.createdAt);
  const size = (bytes: number) =>
    new Intl.NumberFormat(i18n.language, { style: 'unit', unit: bytes > 1_000_000 ? 'megabyte' : 'kilobyte', maximumFractionDigits: 1 }).format(
      bytes / (bytes > 1_000_000 ? 1_000_000 : 1000),
    );
  const columns: DataColumn<Backup>[] = [
    { id: 'school', header: t('settingsScreen.school'), cell: (b) => b.schoolName, value: (b) => b.schoolName },
    { id: 'takenAt', header: t('settingsScreen.takenAt'), cell: when, value: (b) => b.createdAt, wide: true, date: true },
    { id: 'size', header: t('settingsScreen.size'), cell: (b) => size(b.sizeBytes), value: (b) => b.sizeBytes, numeric: true, wide: true },
    {
      id: 'actions',
      header: t('settingsScreen.actions'),
      sortable: false,
      cell: (b) => (
        <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
          <Link href={downloadPath(b)} download aria-label={t('settingsScreen.downloadFor', { school: b.schoolName })}>
            {t('settingsScreen.download')}
          </Link>
          <IconButton
            size="small"
            onClick={() => onRestore(b)}
            disabled={!b.restorable}
            aria-label={t('restore.for', { school: b.schoolName })}
            sx={{ ml: 0.5 }}
          >
            <RestoreIcon fontSize="small" />
          </IconButton>
          <IconButton size="small" onClick={() => onDelete(b)} aria-label={t('settingsScreen.deleteBackupFor', { school: b.schoolName })}>
            <DeleteIcon fontSize="small" />
          </IconButton>
        </Box>
      ),
    },
  ];
  const notes = (b: Backup) =>
    [!b.schoolId && t('settingsScreen.deleted'), b.includesJournals && t('settingsScreen.withJournals')]
      .filter(Boolean)
      .map((note) => ` (${String(note)})`)
      .join('');
  return (
    <DataTable
      rows={backups}
      columns={columns}
      rowKey={(b) => b.id}
      caption={t('settingsScreen.backupsTitle')}
      empty={t('settingsScreen.noBackups')}
      initialSort={{ sort: 'takenAt', dir: 'desc' }}
      badge={(b) =>
        notes(b) && (
          <Typography component="span" variant="body2" color="text.secondary">
            {notes(b)}
          </Typography>
        )
      }
      subline={when}
    />
  );
}
