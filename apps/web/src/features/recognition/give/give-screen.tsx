import { recognitionApi, type Recipient, type RecipientRole, type RecognitionKind } from '@high5/contract';
import ClearIcon from '@mui/icons-material/Clear';
import FavoriteBorderIcon from '@mui/icons-material/FavoriteBorder';
import PanToolOutlinedIcon from '@mui/icons-material/PanToolOutlined';
import SearchIcon from '@mui/icons-material/Search';
import {
  Alert,
  Box,
  Button,
  Chip,
  IconButton,
  InputAdornment,
  LinearProgress,
  MenuItem,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useSignedInMe } from '../../../app/session';
import { GiveHigh5Dialog, GiveVibeDialog, gradeLabel, recognitionKeys } from '../../../components/give';
import { PageTitle } from '../../../components/ui/page-title';
import { api } from '../../../lib/api-client';
import { initialRole, recipientRoles } from './initial-role';

const PAGE_SIZES = [10, 25, 50];

/** Waits until typing pauses before searching. */
function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

/**
 * Give a High 5 (/high5) or a Positive Vibe (/positivevibes), spec 001: the people the
 * caller may give to, by role, searchable and paged on the server, each with an action
 * that opens the give dialog.
 */
export function GiveScreen({ kind }: { kind: RecognitionKind }) {
  const { t } = useTranslation('recognition');
  const me = useSignedInMe();
  const location = useLocation();
  const roles = useMemo(() => recipientRoles(me.role), [me.role]);
  const [role, setRole] = useState<RecipientRole>(() => initialRole(location.state, roles));
  const [search, setSearch] = useState('');
  const q = useDebounced(search.trim(), 300);
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(PAGE_SIZES[0]!);
  const [recipient, setRecipient] = useState<Recipient | null>(null);

  useEffect(() => setPage(0), [role, q, pageSize]);

  const query = role === 'self' ? '' : q;
  const list = useQuery({
    queryKey: recognitionKeys.recipients(role, query, page * pageSize, pageSize),
    queryFn: () => api(recognitionApi.recipients, { query: { role, ...(query ? { q: query } : {}), offset: page * pageSize, limit: pageSize } }),
    placeholderData: keepPreviousData,
  });
  const allowance = useQuery({ queryKey: recognitionKeys.allowance(), queryFn: () => api(recognitionApi.allowance) });

  const left = allowance.data ? (kind === 'high5' ? allowance.data.high5Remaining : allowance.data.vibeRemaining) : undefined;
  const title = t(kind === 'high5' ? 'give.high5Title' : 'give.vibeTitle');
  const showGrade = role === 'student';
  const Dialog = kind === 'high5' ? GiveHigh5Dialog : GiveVibeDialog;
  const ActionIcon = kind === 'high5' ? PanToolOutlinedIcon : FavoriteBorderIcon;
  const items = list.data?.items ?? [];

  return (
    <Box>
      <PageTitle
        subtitle={t(kind === 'high5' ? 'give.high5Subtitle' : 'give.vibeSubtitle')}
        actions={
          allowance.data && left !== undefined ? (
            <Chip
              data-testid="give-left"
              variant="outlined"
              label={t(kind === 'high5' ? 'give.high5Left' : 'give.vibeLeft', { count: left, limit: allowance.data.dailyLimit })}
              sx={{
                fontWeight: 600,
                maxWidth: '100%',
                height: 'auto',
                py: 0.5,
                '& .MuiChip-label': { whiteSpace: 'normal' },
                ...(left === 0 ? { bgcolor: '#fff3e0', color: '#8a3b00', borderColor: '#e65100' } : { bgcolor: 'background.paper', color: 'secondary.dark', borderColor: 'secondary.main' }),
              }}
            />
          ) : undefined
        }
      >
        {title}
      </PageTitle>

      {left === 0 && allowance.data && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {t(kind === 'high5' ? 'errors.high5LimitReached' : 'errors.vibeLimitReached', { limit: allowance.data.dailyLimit })}
        </Alert>
      )}

      <Paper variant="outlined" sx={{ borderRadius: 3, overflow: 'hidden' }}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, p: 2, alignItems: 'center' }}>
          <TextField
            select
            label={t('give.role')}
            value={role}
            onChange={(e) => setRole(e.target.value as RecipientRole)}
            sx={{ minWidth: 180, flex: { xs: '1 1 100%', sm: '0 0 auto' } }}
            size="small"
          >
            {roles.map((r) => (
              <MenuItem key={r} value={r}>
                {t(me.role === 'parent' && r === 'student' ? 'roles.myChildren' : `roles.${r}`)}
              </MenuItem>
            ))}
          </TextField>
          {role !== 'self' && (
            <TextField
              type="search"
              label={t('give.search')}
              value={search}
              onChange={(e) => setSearch(e.target.value.slice(0, 100))}
              size="small"
              sx={{ flex: '1 1 260px', maxWidth: { sm: 420 } }}
              slotProps={{
                input: {
                  startAdornment: (
                    <InputAdornment position="start">
                      <SearchIcon aria-hidden />
                    </InputAdornment>
                  ),
                  endAdornment: search ? (
                    <InputAdornment position="end">
                      <IconButton size="small" aria-label={t('give.clearSearch')} onClick={() => setSearch('')} edge="end">
                        <ClearIcon fontSize="small" />
                      </IconButton>
                    </InputAdornment>
                  ) : undefined,
                },
              }}
            />
          )}
        </Box>
        <Box sx={{ height: 4 }}>{list.isFetching && <LinearProgress aria-label={t('common:loading')} />}</Box>
        {list.isError ? (
          <Alert
            severity="error"
            sx={{ m: 2 }}
            action={
              <Button color="inherit" size="small" onClick={() => void list.refetch()}>
                {t('give.retry')}
              </Button>
            }
          >
            {t('give.loadFailed')}
          </Alert>
        ) : (
          <TableContainer>
            <Table aria-label={t('give.tableLabel')} size="medium">
              <TableHead>
                <TableRow>
                  <TableCell sx={{ fontWeight: 700 }}>{t('give.columns.name')}</TableCell>
                  <TableCell sx={{ fontWeight: 700, display: { xs: 'none', sm: 'table-cell' } }}>{t('give.columns.email')}</TableCell>
                  {showGrade && <TableCell sx={{ fontWeight: 700, width: 90 }}>{t('give.columns.grade')}</TableCell>}
                  <TableCell align="right" sx={{ fontWeight: 700, width: 90 }}>
                    {t('give.columns.action')}
                  </TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {items.map((r) => {
                  const label = t(kind === 'high5' ? 'give.giveHigh5To' : 'give.giveVibeTo', { name: r.name });
                  return (
                    <TableRow key={r.id} hover>
                      <TableCell sx={{ wordBreak: 'break-word' }}>
                        <Typography component="span" sx={{ fontWeight: 600, display: 'block' }}>
                          {r.name}
                        </Typography>
                        <Typography component="span" variant="body2" color="text.secondary" sx={{ display: { xs: 'block', sm: 'none' }, wordBreak: 'break-all' }}>
                          {r.email ?? t('give.noEmail')}
                        </Typography>
                      </TableCell>
                      <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' }, wordBreak: 'break-all' }}>
                        {r.email ?? (
                          <Typography component="span" variant="body2" color="text.secondary">
                            {t('give.noEmail')}
                          </Typography>
                        )}
                      </TableCell>
                      {showGrade && <TableCell>{gradeLabel(r.grade, t)}</TableCell>}
                      <TableCell align="right">
                        <Tooltip title={label}>
                          <IconButton aria-label={label} color="primary" onClick={() => setRecipient(r)} sx={{ border: 1, borderColor: 'primary.light' }}>
                            <ActionIcon />
                          </IconButton>
                        </Tooltip>
                      </TableCell>
                    </TableRow>
                  );
                })}
                {list.isSuccess && items.length === 0 && (
                  <TableRow>
                    <TableCell colSpan={showGrade ? 4 : 3} sx={{ py: 5, textAlign: 'center', color: 'text.secondary' }}>
                      {query ? t('give.emptySearch', { q: query }) : t('give.empty')}
                    </TableCell>
                  </TableRow>
                )}
              </TableBody>
            </Table>
          </TableContainer>
        )}
        {role !== 'self' && (
          <TablePagination
            component="div"
            count={list.data?.total ?? 0}
            page={page}
            onPageChange={(_e, next) => setPage(next)}
            rowsPerPage={pageSize}
            onRowsPerPageChange={(e) => setPageSize(Number(e.target.value))}
            rowsPerPageOptions={PAGE_SIZES}
            labelRowsPerPage={t('give.rowsPerPage')}
            labelDisplayedRows={({ from, to, count }) => t('give.pageInfo', { from, to, count: count as number })}
            getItemAriaLabel={(type) => t(`give.pagination.${type}`)}
            sx={{ borderTop: 1, borderColor: 'divider', '& .MuiTablePagination-toolbar': { px: { xs: 1, sm: 2 } }, '& .MuiTablePagination-selectLabel, & .MuiTablePagination-input': { display: { xs: 'none', sm: 'flex' } } }}
          />
        )}
      </Paper>
      {recipient && <Dialog recipient={recipient} onClose={() => setRecipient(null)} />}
    </Box>
  );
}
