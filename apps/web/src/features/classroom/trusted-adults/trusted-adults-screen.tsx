import AddCircleOutlineIcon from '@mui/icons-material/AddCircleOutlined';
import RemoveCircleOutlineIcon from '@mui/icons-material/RemoveCircleOutlined';
import SearchIcon from '@mui/icons-material/Search';
import {
  Alert,
  Box,
  IconButton,
  InputAdornment,
  LinearProgress,
  Paper,
  Tab,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { useNotify } from '../../../components/ui/notifications';
import { PageTitle } from '../../../components/ui/page-title';
import { ScrollableTabs } from '../../../components/ui/scrollable-tabs';
import { useErrorText } from '../../../lib/use-error-text';
import { api, classroomKeys, e } from '../api';
import { useDebounced } from '../components/use-debounced';

const headCell = { fontWeight: 700 } as const;

interface Adult {
  id: string;
  name: string;
  category: 'teacher' | 'staff';
}

/**
 * Trusted adults (/trustedadults, spec 002 section 2.5): a student's chosen adults among
 * their school's teachers and staff, and the list to add more from.
 */
export default function TrustedAdultsScreen() {
  const { t } = useTranslation('classroom');
  const [tab, setTab] = useState<'mine' | 'add'>('mine');
  return (
    <Box>
      <PageTitle subtitle={t('trusted.subtitle')}>{t('trusted.title')}</PageTitle>
      <Paper variant="outlined" sx={{ borderRadius: 3, overflow: 'hidden' }}>
        <ScrollableTabs value={tab} onChange={(_event, value: 'mine' | 'add') => setTab(value)} aria-label={t('trusted.tabsLabel')} sx={{ px: 1, borderBottom: 1, borderColor: 'divider', '& .MuiTab-root': { textTransform: 'none', fontWeight: 600, fontSize: 15 } }}>
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

function AdultTable({ rows, label, action }: { rows: Adult[]; label: string; action: (a: Adult) => ReactNode }) {
  const { t } = useTranslation('classroom');
  return (
    <TableContainer>
      <Table aria-label={label}>
        <TableHead>
          <TableRow>
            <TableCell sx={headCell}>{t('columns.name')}</TableCell>
            <TableCell sx={headCell}>{t('columns.category')}</TableCell>
            <TableCell sx={{ ...headCell, width: 80 }} align="right">
              {t('columns.action')}
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((a) => (
            <TableRow key={a.id} hover>
              <TableCell sx={{ fontWeight: 600, wordBreak: 'break-word' }}>{a.name}</TableCell>
              <TableCell>{t(`common:roles.${a.category}`)}</TableCell>
              <TableCell align="right">{action(a)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function MyAdults() {
  const { t } = useTranslation('classroom');
  const notify = useNotify();
  const errorText = useErrorText('classroom');
  const queryClient = useQueryClient();
  const [removing, setRemoving] = useState<Adult | null>(null);
  const adults = useQuery({ queryKey: classroomKeys.trustedAdults(), queryFn: () => api(e.trustedAdults) });
  const remove = useMutation({
    mutationFn: (adult: Adult) => api(e.trustedAdultsRemove, { params: { adultId: adult.id } }),
    onSuccess: async (list, adult) => {
      queryClient.setQueryData(classroomKeys.trustedAdults(), list);
      notify('success', t('trusted.removed', { name: adult.name }));
      setRemoving(null);
      await queryClient.invalidateQueries({ queryKey: ['classroom', 'trustedAdultCandidates'] });
    },
    onError: (error) => {
      setRemoving(null);
      notify('error', t('trusted.removeFailed', { reason: errorText(error) }));
    },
  });
  const rows = adults.data ?? [];
  return (
    <>
      <Box sx={{ height: 4 }}>{adults.isFetching && <LinearProgress aria-label={t('common:loading')} />}</Box>
      {adults.isError ? (
        <Alert severity="error" sx={{ m: 2 }}>
          {errorText(adults.error)}
        </Alert>
      ) : adults.data && rows.length === 0 ? (
        <Typography color="text.secondary" sx={{ p: 3 }}>
          {t('trusted.none')}
        </Typography>
      ) : (
        <AdultTable
          rows={rows}
          label={t('trusted.mine')}
          action={(a) => (
            <Tooltip title={t('trusted.removeNamed', { name: a.name })}>
              <IconButton color="error" aria-label={t('trusted.removeNamed', { name: a.name })} onClick={() => setRemoving(a)}>
                <RemoveCircleOutlineIcon />
              </IconButton>
            </Tooltip>
          )}
        />
      )}
      <ConfirmDialog
        open={!!removing}
        title={t('trusted.removeTitle', { name: removing?.name ?? '' })}
        confirmLabel={t('trusted.removeConfirm')}
        destructive
        busy={remove.isPending}
        onConfirm={() => removing && remove.mutate(removing)}
        onCancel={() => setRemoving(null)}
      />
    </>
  );
}

function AddAdults() {
  const { t } = useTranslation('classroom');
  const notify = useNotify();
  const errorText = useErrorText('classroom');
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  const q = useDebounced(search.trim());
  const candidates = useQuery({ queryKey: classroomKeys.trustedAdultCandidates(q), queryFn: () => api(e.trustedAdultCandidates, { query: q ? { search: q } : {} }) });
  const add = useMutation({
    mutationFn: (adult: Adult) => api(e.trustedAdultsAdd, { body: { adultIds: [adult.id] } }),
    onSuccess: async (list, adult) => {
      queryClient.setQueryData(classroomKeys.trustedAdults(), list);
      notify('success', t('trusted.added', { name: adult.name }));
      await queryClient.invalidateQueries({ queryKey: ['classroom', 'trustedAdultCandidates'] });
    },
    onError: (error) => notify('error', t('trusted.addFailed', { reason: errorText(error) })),
  });
  const rows = candidates.data ?? [];
  return (
    <>
      <Box sx={{ p: 2 }}>
        <TextField
          type="search"
          size="small"
          label={t('trusted.search')}
          value={search}
          onChange={(event) => setSearch(event.target.value.slice(0, 100))}
          sx={{ width: { xs: '100%', sm: 380 } }}
          slotProps={{ input: { startAdornment: <InputAdornment position="start"><SearchIcon aria-hidden /></InputAdornment> } }}
        />
      </Box>
      <Box sx={{ height: 4 }}>{candidates.isFetching && <LinearProgress aria-label={t('common:loading')} />}</Box>
      {candidates.data && rows.length === 0 ? (
        <Typography color="text.secondary" sx={{ p: 3 }}>
          {q ? t('classes.noMatches') : t('trusted.noCandidates')}
        </Typography>
      ) : (
        <AdultTable
          rows={rows}
          label={t('trusted.add')}
          action={(a) => (
            <Tooltip title={t('trusted.addNamed', { name: a.name })}>
              <span>
                <IconButton color="primary" aria-label={t('trusted.addNamed', { name: a.name })} disabled={add.isPending} onClick={() => add.mutate(a)}>
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
