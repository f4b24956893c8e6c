import { formatDate } from '@high5/contract';
import { Alert, Box, Button, Chip, List, ListItem, ListItemText, Paper, Skeleton, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { useNotify } from '../../../components/ui/notifications';
import { useErrorText } from '../../../lib/use-error-text';
import { useDecidePending, useSuperPending, type PendingDecision } from './api';

/**
 * "Waiting for approval" (docs/decisions/0157): schools founded in an existing district and
 * pending teachers or staff of any school, so a founder in a paid district is never stranded.
 */
export function PendingApprovals() {
  const { t, i18n } = useTranslation('admin');
  const errorText = useErrorText('admin');
  const notify = useNotify();
  const pending = useSuperPending();
  const decision = useDecidePending();
  // Every decision asks first ("Approve school" acted in one click).
  const [asking, setAsking] = useState<PendingDecision | null>(null);
  const decide = (d: PendingDecision) =>
    decision.mutate(d, {
      onSuccess: () =>
        notify(
          'success',
          d.kind === 'school'
            ? t('pending.schoolApproved', { school: d.name })
            : t(d.approve ? 'pending.personApproved' : 'pending.personDeclined', { name: d.person.name }),
        ),
      onError: (error) => notify('error', errorText(error)),
      onSettled: () => setAsking(null),
    });
  const question = !asking ? null : asking.kind === 'school' ? 'school' : asking.approve ? 'approve' : 'decline';
  const values = !asking
    ? {}
    : asking.kind === 'school'
      ? { school: asking.name }
      : { name: asking.person.name || asking.person.email || '', school: asking.person.schoolName };
  if (pending.isError) return <Alert severity="error">{errorText(pending.error)}</Alert>;
  if (pending.isPending) return <Skeleton variant="rounded" height={80} sx={{ mb: 3 }} />;
  const { schools, people } = pending.data;
  return (
    <Box component="section" aria-labelledby="pending-title" sx={{ mb: 4 }}>
      <Typography id="pending-title" variant="h6" component="h2" sx={{ fontWeight: 700, mb: 1 }}>
        {t('pending.title')}
      </Typography>
      {schools.length === 0 && people.length === 0 ? (
        <Typography color="text.secondary">{t('pending.none')}</Typography>
      ) : (
        <Paper variant="outlined" sx={{ borderRadius: 3 }}>
          <List disablePadding aria-label={t('pending.title')}>
            {schools.map((s) => (
              <ListItem key={s.id} divider sx={{ flexWrap: 'wrap', gap: 1 }}>
                <ListItemText
                  sx={{ flex: '1 1 240px', overflowWrap: 'anywhere' }}
                  primary={<Typography sx={{ fontWeight: 600 }}>{t('pending.school', { school: s.name, district: s.districtName })}</Typography>}
                  secondary={t('pending.schoolHint', { date: formatDate(s.createdAt, i18n.language) })}
                />
                <Button variant="contained" disabled={decision.isPending} onClick={() => setAsking({ kind: 'school', id: s.id, name: s.name })}>
                  {t('pending.approveSchool')}
                </Button>
              </ListItem>
            ))}
            {people.map((p) => (
              <ListItem key={`${p.schoolId}:${p.userId}`} divider sx={{ flexWrap: 'wrap', gap: 1 }}>
                <ListItemText
                  sx={{ flex: '1 1 240px', overflowWrap: 'anywhere' }}
                  primary={
                    <Typography component="span" sx={{ fontWeight: 600 }}>
                      {p.name || p.email}
                      {!p.schoolHasAdmin && <Chip size="small" color="warning" label={t('pending.noAdmin')} sx={{ ml: 1 }} />}
                      {/* Approvers are e-mailed once the address is confirmed; until then the list says so (docs/decisions/0607). */}
                      {!p.emailConfirmed && <Chip size="small" variant="outlined" label={t('pending.emailUnconfirmed')} sx={{ ml: 1 }} />}
                    </Typography>
                  }
                  secondary={`${t(`common:roles.${p.role}`)} · ${p.schoolName} (${p.districtName}) · ${p.email ?? ''}`}
                />
                <Box sx={{ display: 'flex', gap: 1 }}>
                  <Button
                    variant="outlined"
                    color="inherit"
                    disabled={decision.isPending}
                    onClick={() => setAsking({ kind: 'person', person: p, approve: false })}
                  >
                    {t('pending.decline')}
                  </Button>
                  <Button variant="contained" disabled={decision.isPending} onClick={() => setAsking({ kind: 'person', person: p, approve: true })}>
                    {t('pending.approve')}
                  </Button>
                </Box>
              </ListItem>
            ))}
          </List>
        </Paper>
      )}
      <ConfirmDialog
        open={asking !== null}
        title={question ? t(`pending.confirm.${question}.title`) : ''}
        message={question ? t(`pending.confirm.${question}.body`, values) : ''}
        confirmLabel={question ? t(`pending.confirm.${question}.ok`) : undefined}
        destructive={question === 'decline'}
        busy={decision.isPending}
        onConfirm={() => asking && decide(asking)}
        onCancel={() => setAsking(null)}
      />
    </Box>
  );
}
