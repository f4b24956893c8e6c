import AddCircleOutlineIcon from '@mui/icons-material/AddCircleOutlined';
import RemoveCircleOutlineIcon from '@mui/icons-material/RemoveCircleOutlined';
import { Alert, Box, IconButton, LinearProgress, Paper, Tab, Tooltip } from '@mui/material';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { DataTable } from '../../../components/ui/data-table';
import { useNotify } from '../../../components/ui/notifications';
import { PageTitle } from '../../../components/ui/page-title';
import { ScrollableTabs } from '../../../components/ui/scrollable-tabs';
import { SearchField } from '../../../components/ui/search-field';
import { useErrorText } from '../../../lib/use-error-text';
import { useAddTrustedAdult, useRemoveTrustedAdult, useTrustedAdultCandidates, useTrustedAdults } from './api';
import { useDebounced } from '../components/use-debounced';

interface Adult {
  id: string;
  name: string;
  category: 'teacher' | 'staff';
}

/**
 * Trusted adults (/trustedadults, docs/rules/classroom.md#trusted-adults): a student's chosen adults among
 * their school's teachers and staff, and the list to add more from.
 */
export default function TrustedAdultsScreen() {
  const { t } = useTranslation('classroom');
  const [tab, setTab] = useState<'mine' | 'add'>('mine');
  return (
    <Box>
      <PageTitle subtitle={t('trusted.subtitle')}>{t('trusted.title')}</PageTitle>
      <Paper variant="outlined" sx={{ borderRadius: 3, overflow: 'hidden' }}>
        <ScrollableTabs
          value={tab}
          onChange={(_event, value: 'mine' | 'add') => setTab(value)}
          aria-label={t('trusted.tabsLabel')}
          sx={{ px: 1, borderBottom: 1, borderColor: 'divider', '& .MuiTab-root': { textTransform: 'none', fontWeight: 600, fontSize: 15 } }}
        >
          <Tab value="mine" label={t('trusted.mine')} id="trusted-tab-mine" aria-controls="trusted-panel" />
          <Tab value="add" label={t('trusted.add')} id="trusted-tab-add" aria-controls="trusted-panel" />
        </ScrollableTabs>
        <Box id="trusted-panel" role="tabpanel" aria-labelledby={`trusted-tab-${tab}`}>
          {tab === 'mine' ? <MyAdults /> : <AddAdults />}
        </Box>
      </Paper>
    </Box>
  );
}

/** Adults with their role and one button each (remove or add); `empty` when there are none. */
function AdultTable({ rows, label, empty, action }: { rows: Adult[]; label: string; empty: string; action: (a: Adult) => ReactNode }) {
  const { t } = useTranslation('classroom');
  return (
    <Box sx={{ p: 2 }}>
      <DataTable
        rows={rows}
        rowKey={(a) => a.id}
        columns={[
          { id: 'name', header: t('columns.name'), cell: (a) => a.name, value: (a) => a.name },
          { id: 'category', header: t('columns.category'), cell: (a) => t(`common:roles.${a.category}`), value: (a) => t(`common:roles.${a.category}`) },
          { id: 'action', header: t('columns.action'), sortable: false, cell: action },
        ]}
        caption={label}
        empty={empty}
        searchable={false}
      />
    </Box>
  );
}

function MyAdults() {
  const { t } = useTranslation('classroom');
  const notify = useNotify();
  const errorText = useErrorText('classroom');
  const [removing, setRemoving] = useState<Adult | null>(null);
  const adults = useTrustedAdults();
  const remove = useRemoveTrustedAdult();
  const removeAdult = (adult: Adult) =>
    remove.mutate(adult, {
      onSuccess: () => notify('success', t('trusted.removed', { name: adult.name })),
      onError: (error) => notify('error', t('trusted.removeFailed', { reason: errorText(error) })),
      onSettled: () => setRemoving(null),
    });
  return (
    <>
      <Box sx={{ height: 4 }}>{adults.isFetching && <LinearProgress aria-label={t('common:loading')} />}</Box>
      {adults.isError ? (
        <Alert severity="error" sx={{ m: 2 }}>
          {errorText(adults.error)}
        </Alert>
      ) : (
        adults.data && (
          <AdultTable
            rows={adults.data}
            label={t('trusted.mine')}
            empty={t('trusted.none')}
            action={(a) => (
              <Tooltip title={t('trusted.removeNamed', { name: a.name })}>
                <IconButton color="error" aria-label={t('trusted.removeNamed', { name: a.name })} onClick={() => setRemoving(a)}>
                  <RemoveCircleOutlineIcon />
                </IconButton>
              </Tooltip>
            )}
          />
        )
      )}
      <ConfirmDialog
        open={!!removing}
        title={t('trusted.removeTitle', { name: removing?.name ?? '' })}
        confirmLabel={t('trusted.removeConfirm')}
        destructive
        busy={remove.isPending}
        onConfirm={() => removing && removeAdult(removing)}
        onCancel={() => setRemoving(null)}
      />
    </>
  );
}

function AddAdults() {
  const { t } = useTranslation('classroom');
  const notify = useNotify();
  const errorText = useErrorText('classroom');
  const [search, setSearch] = useState('');
  const q = useDebounced(search.trim());
  const candidates = useTrustedAdultCandidates(q);
  const add = useAddTrustedAdult();
  const addAdult = (adult: Adult) =>
    add.mutate(adult, {
      onSuccess: () => notify('success', t('trusted.added', { name: adult.name })),
      onError: (error) => notify('error', t('trusted.addFailed', { reason: errorText(error) })),
    });
  return (
    <>
      <Box sx={{ p: 2, pb: 0 }}>
        <SearchField value={search} onChange={setSearch} label={t('trusted.search')} sx={{ width: { xs: '100%', sm: 380 } }} />
      </Box>
      <Box sx={{ height: 4 }}>{candidates.isFetching && <LinearProgress aria-label={t('common:loading')} />}</Box>
      {candidates.data && (
        <AdultTable
          rows={candidates.data}
          label={t('trusted.add')}
          empty={q ? t('classes.noMatches') : t('trusted.noCandidates')}
          action={(a) => (
            <Tooltip title={t('trusted.addNamed', { name: a.name })}>
              <span>
                <IconButton color="primary" aria-label={t('trusted.addNamed', { name: a.name })} disabled={add.isPending} onClick={() => addAdult(a)}>
                  <AddCircleOutlineIcon />
                </IconButton>
              </span>
            </Tooltip>
          )}
        />
      )}
    </>
  );
}
