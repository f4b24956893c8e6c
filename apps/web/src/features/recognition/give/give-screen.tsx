import { type Recipient, type RecipientRole, type RecognitionKind, gradeLabel } from '@high5/contract';
import FavoriteBorderIcon from '@mui/icons-material/FavoriteBorder';
import PanToolOutlinedIcon from '@mui/icons-material/PanToolOutlined';
import { Alert, Box, Button, Chip, IconButton, LinearProgress, MenuItem, Paper, TextField, Tooltip, Typography } from '@mui/material';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useSignedInMe } from '../../../app/session';
import { GiveHigh5Dialog, GiveVibeDialog } from '../../../components/give';
import { DataTable, initialTableState, type DataColumn, type TableState } from '../../../components/ui/data-table';
import { PageTitle } from '../../../components/ui/page-title';
import { useAllowance, useRecipients } from './api';
import { initialRole, recipientRoles } from './initial-role';

const PAGE_SIZES = [10, 25, 50];

/**
 * Give a High 5 (/high5) or a Positive Vibe (/positivevibes), docs/rules/recognition.md#give: the people the
 * caller may give to, by role, searchable and paged on the server, each with an action
 * that opens the give dialog.
 */
export function GiveScreen({ kind }: { kind: RecognitionKind }) {
  const { t } = useTranslation('recognition');
  const me = useSignedInMe();
  const location = useLocation();
  const roles = useMemo(() => recipientRoles(me.role), [me.role]);
  const [role, setRole] = useState<RecipientRole>(() => initialRole(location.state, roles));
  // The server searches and pages; the table keeps what it asks for (nothing sorts: the server's order).
  const [table, setTable] = useState<TableState>(() => ({ ...initialTableState(), pageSize: PAGE_SIZES[0]! }));
  const [recipient, setRecipient] = useState<Recipient | null>(null);

  const query = role === 'self' ? '' : table.q;
  const offset = table.page * table.pageSize;
  const list = useRecipients(role, query, offset, table.pageSize);
  const allowance = useAllowance();

  const left = allowance.data ? (kind === 'high5' ? allowance.data.high5Remaining : allowance.data.vibeRemaining) : undefined;
  const title = t(kind === 'high5' ? 'give.high5Title' : 'give.vibeTitle');
  const showGrade = role === 'student';
  const Dialog = kind === 'high5' ? GiveHigh5Dialog : GiveVibeDialog;
  const ActionIcon = kind === 'high5' ? PanToolOutlinedIcon : FavoriteBorderIcon;
  const columns: DataColumn<Recipient>[] = [
    { id: 'name', header: t('give.columns.name'), cell: (r) => r.name, sortable: false },
    {
      id: 'email',
      header: t('give.columns.email'),
      sortable: false,
      wide: true,
      cell: (r) =>
        r.email ?? (
          <Typography component="span" variant="body2" color="text.secondary">
            {t('give.noEmail')}
          </Typography>
        ),
    },
    ...(showGrade ? [{ id: 'grade', header: t('give.columns.grade'), cell: (r: Recipient) => gradeLabel(r.grade, t), sortable: false }] : []),
    {
      id: 'action',
      header: t('give.columns.action'),
      sortable: false,
      cell: (r) => {
        const label = t(kind === 'high5' ? 'give.giveHigh5To' : 'give.giveVibeTo', { name: r.name });
        return (
          <Tooltip title={label}>
            <IconButton aria-label={label} color="primary" onClick={() => setRecipient(r)} sx={{ border: 1, borderColor: 'primary.light' }}>
              <ActionIcon />
            </IconButton>
          </Tooltip>
        );
      },
    },
  ];

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
                ...(left === 0
                  ? { bgcolor: '#fff3e0', color: '#8a3b00', borderColor: '#e65100' }
                  : { bgcolor: 'background.paper', color: 'secondary.dark', borderColor: 'secondary.main' }),
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

      <Paper variant="outlined" sx={{ borderRadius: 3, p: 2, mb: 2 }}>
        <TextField
          select
          label={t('give.role')}
          value={role}
          onChange={(e) => {
            setRole(e.target.value as RecipientRole);
            setTable({ ...table, page: 0 });
          }}
          sx={{ minWidth: 180, width: { xs: '100%', sm: 'auto' } }}
          size="small"
        >
          {roles.map((r) => (
            <MenuItem key={r} value={r}>
              {t(me.role === 'parent' && r === 'student' ? 'roles.myChildren' : `roles.${r}`)}
            </MenuItem>
          ))}
        </TextField>
      </Paper>
      <Box sx={{ height: 4 }}>{list.isFetching && <LinearProgress aria-label={t('common:loading')} />}</Box>
      {list.isError ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void list.refetch()}>
              {t('give.retry')}
            </Button>
          }
        >
          {t('give.loadFailed')}
        </Alert>
      ) : (
        list.data && (
          <DataTable
            rows={list.data.items}
            columns={columns}
            rowKey={(r) => r.id}
            subline={(r) => r.email ?? t('give.noEmail')}
            caption={t('give.tableLabel')}
            server={{ total: list.data.total, state: table, onStateChange: setTable }}
            pageSizes={PAGE_SIZES}
            searchable={role !== 'self'}
            searchLabel={t('give.search')}
            noMatch={(q) => t('give.emptySearch', { q })}
            empty={t('give.empty')}
          />
        )
      )}
      {recipient && <Dialog recipient={recipient} onClose={() => setRecipient(null)} />}
    </Box>
  );
}
