import { type RosterCarries, type RosterFlagChange, type RosterRun, type RosterSchoolReport } from '@high5/contract';
import { Alert, Box, Button, Chip, List, ListItem, ListItemText, Paper, Stack, Typography } from '@mui/material';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../../components/ui/confirm-dialog';
import { useNotify } from '../../../../components/ui/notifications';
import { useErrorText } from '../../../../lib/use-error-text';
import { headline, useApproveRun, useDiscardRun } from './api';
import { showDateTime } from '../../../../lib/dates';
import { RunChanges } from './run-changes';

type Person = RosterSchoolReport['added'][number];
/** Lists on a report stop at this many names (the server's REPORT_LIST_MAX); counts stay exact. */
const LIST_MAX = 200;
const DETAIL_COUNTS = [
  'schoolsCreated',
  'linked',
  'reactivated',
  'classesCreated',
  'classesUpdated',
  'enrolmentsAdded',
  'enrolmentsRemoved',
  'flagsChanged',
] as const;

export function statusColor(status: RosterRun['status']) {
  return status === 'done' ? 'success' : status === 'failed' ? 'error' : status === 'held' ? 'warning' : status === 'preview' ? 'info' : 'default';
}

/**
 * One run's report: what it did (or, in test mode, would do), school by school, with who was or
 * would be created and deactivated; a held run offers Approve. Errors are in the user's language.
 * Times are in `timeZone` (a district's, decision 0605), else the session school's.
 */
export function RunReport({ run, approvable = true, timeZone }: { run: RosterRun; approvable?: boolean; timeZone?: string }) {
  const { t } = useTranslation('admin');
  const id = useId();
  const figures = headline(run);
  const when = (d: string | null) => (d ? showDateTime(d, timeZone) : '—');
  return (
    <Box component="article" aria-labelledby={`${id}-title`}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mb: 1 }}>
        <Typography id={`${id}-title`} component="h3" variant="subtitle1" sx={{ fontWeight: 700 }}>
          {t('roster.reportOf', { date: when(run.startedAt ?? run.createdAt) })}
        </Typography>
        <Chip size="small" color={statusColor(run.status)} label={t(`roster.status.${run.status}`)} />
        <Typography variant="body2" color="text.secondary">
          {t(`roster.origin.${run.origin}`)} · {t('roster.finished')}: {when(run.finishedAt)}
        </Typography>
      </Box>
      {run.status === 'failed' && (
        <Alert severity="error">
          {t(`errors:roster.${run.errorCode ?? 'roster_failed'}`)}
          {/* A malformed file says exactly what to fix: the file, column, row or role. */}
          {run.problem && (
            <Box component="span" sx={{ display: 'block', mt: 0.5, fontWeight: 700, overflowWrap: 'anywhere' }}>
              {t(`errors:rosterProblem.${run.problem.key}`, run.problem.values)}
            </Box>
          )}
        </Alert>
      )}
      {run.status === 'preview' && <Alert severity="info">{t(approvable ? 'roster.previewIntro' : 'roster.previewIntroSchool')}</Alert>}
      {run.status === 'held' && (approvable ? <HeldRun run={run} /> : <Alert severity="warning">{t('roster.heldSchool')}</Alert>)}
      {run.status === 'stale' && <Alert severity="info">{t('roster.staleIntro')}</Alert>}
      {run.status === 'discarded' && <Alert severity="info">{t('roster.discardedIntro')}</Alert>}
      {run.status !== 'failed' && run.finishedAt && (
        <Typography sx={{ my: 1.5 }}>{t('roster.headline', { added: figures.added, changed: figures.changed, removed: figures.removed })}</Typography>
      )}
      {run.status !== 'failed' &&
        run.sourceWarnings.map((w) => (
          <Alert key={w.code} severity="warning" sx={{ mb: 1.5, overflowWrap: 'anywhere' }}>
            {t(`roster.sourceWarning.${w.code}`, w.values)}
          </Alert>
        ))}
      {run.status !== 'failed' && run.carries && <Carries carries={run.carries} />}
      {run.status !== 'failed' && run.finishedAt && <RunChanges run={run} />}
      <Stack spacing={1.5}>
        {run.schools.map((school) => (
          <SchoolReport key={school.schoolSourceId} school={school} />
        ))}
      </Stack>
    </Box>
  );
}

function SchoolReport({ school }: { school: RosterSchoolReport }) {
  const { t } = useTranslation('admin');
  const future = school.outcome !== 'applied';
  const details = DETAIL_COUNTS.filter((k) => school.counts[k] > 0);
  return (
    <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 }, borderRadius: 2 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mb: 1 }}>
        <Typography component="h4" variant="subtitle2" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
          {school.schoolName}
        </Typography>
        <Chip size="small" variant="outlined" label={t(`roster.outcome.${school.outcome}`)} />
      </Box>
      {details.length > 0 && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {details.map((k) => `${t(`roster.counts.${k}`)}: ${school.counts[k]}`).join(' · ')}
        </Typography>
      )}
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, gap: 2 }}>
        <People
          title={t(future ? 'roster.wouldCreate' : 'roster.createdList', { count: school.counts.created })}
          people={school.added}
          total={school.counts.created}
        />
        <People
          title={t(future ? 'roster.wouldDeactivate' : 'roster.deactivatedList', { count: school.counts.deactivated })}
          people={school.deactivated}
          total={school.counts.deactivated}
        />
      </Box>
      {school.flagChanges.length > 0 && <FlagChanges changes={school.flagChanges} total={school.counts.flagsChanged} future={future} />}
      {school.warnings.length > 0 && (
        <Box sx={{ mt: 1 }}>
          <Typography variant="body2" sx={{ fontWeight: 700 }}>
            {t('roster.warningsTitle', { count: school.warnings.length })}
          </Typography>
          <List dense disablePadding>
            {school.warnings.slice(0, LIST_MAX).map((w, i) => (
              <ListItem key={`${w.code}-${w.sourceId}-${i}`} disableGutters>
                <ListItemText primary={t(`roster.warning.${w.code}`, { id: w.sourceId })} />
              </ListItem>
            ))}
          </List>
        </Box>
      )}
    </Paper>
  );
}

/** Which flags the read carries, and (OneRoster) each metadata column and the flag it maps to. */
function Carries({ carries }: { carries: RosterCarries }) {
  const { t } = useTranslation('admin');
  const flags = carries.flags.map((f) => t(`roster.flag.${f}`)).join(', ');
  return (
    <Box sx={{ mb: 1.5 }}>
      <Typography variant="body2" sx={{ fontWeight: 700 }}>
        {t('roster.carriesTitle')}
      </Typography>
      <Typography variant="body2">{flags ? t('roster.carriesFlags', { flags }) : t('roster.carriesNone')}</Typography>
      {carries.columns.length > 0 && (
        <List dense disablePadding>
          {carries.columns.map((c) => (
            <ListItem key={`${c.file}-${c.column}`} disableGutters>
              <ListItemText
                primary={
                  c.flag
                    ? t('roster.carriesColumn', { column: c.column, file: c.file, flag: t(`roster.flag.${c.flag}`) })
                    : t('roster.carriesColumnUnmapped', { column: c.column, file: c.file })
                }
                slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }}
              />
            </ListItem>
          ))}
        </List>
      )}
    </Box>
  );
}

/** Each student whose IEP, 504 or English-learner flag was (or would be) set or cleared. */
function FlagChanges({ changes, total, future }: { changes: RosterFlagChange[]; total: number; future: boolean }) {
  const { t } = useTranslation('admin');
  const id = useId();
  const what = (c: RosterFlagChange) =>
    [
      ...c.set.map((f) => t('roster.flagSet', { flag: t(`roster.flag.${f}`) })),
      ...c.cleared.map((f) => t('roster.flagCleared', { flag: t(`roster.flag.${f}`) })),
    ].join(' · ');
  return (
    <Box sx={{ mt: 1 }}>
      <Typography id={id} variant="body2" sx={{ fontWeight: 700 }}>
        {t(future ? 'roster.wouldFlagChangesTitle' : 'roster.flagChangesTitle', { count: total })}
      </Typography>
      <List dense disablePadding aria-labelledby={id} sx={{ maxHeight: 240, overflowY: 'auto' }} tabIndex={0}>
        {changes.map((c, i) => (
          <ListItem key={`${c.sourceId ?? ''}-${i}`} disableGutters>
            <ListItemText primary={`${c.lastName}, ${c.firstName}`} secondary={what(c)} slotProps={{ secondary: { sx: { overflowWrap: 'anywhere' } } }} />
          </ListItem>
        ))}
      </List>
      {total > changes.length && changes.length >= LIST_MAX && (
        <Typography variant="caption" color="text.secondary">
          {t('roster.listCapped', { shown: changes.length })}
        </Typography>
      )}
    </Box>
  );
}

/** Who a school's report names (the first 200; the count above is exact). */
function People({ title, people, total }: { title: string; people: Person[]; total: number }) {
  const { t } = useTranslation('admin');
  const id = useId();
  return (
    <Box>
      <Typography id={id} variant="body2" sx={{ fontWeight: 700 }}>
        {title}
      </Typography>
      {people.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {t('roster.noneListed')}
        </Typography>
      ) : (
        <List dense disablePadding aria-labelledby={id} sx={{ maxHeight: 240, overflowY: 'auto' }} tabIndex={0}>
          {people.map((p, i) => (
            <ListItem key={`${p.sourceId ?? ''}-${i}`} disableGutters>
              <ListItemText primary={`${p.lastName}, ${p.firstName}`} secondary={p.sourceId} slotProps={{ secondary: { sx: { overflowWrap: 'anywhere' } } }} />
            </ListItem>
          ))}
        </List>
      )}
      {total > people.length && people.length >= LIST_MAX && (
        <Typography variant="caption" color="text.secondary">
          {t('roster.listCapped', { shown: people.length })}
        </Typography>
      )}
    </Box>
  );
}

/** A held run: nothing was written; Approve applies it as shown, deactivations included; Discard sets it aside. */
function HeldRun({ run }: { run: RosterRun }) {
  const { t } = useTranslation('admin');
  const errorText = useErrorText('admin');
  const notify = useNotify();
  const [confirming, setConfirming] = useState<'approve' | 'discard' | null>(null);
  const leaving = run.schools.filter((s) => s.outcome === 'held').reduce((n, s) => n + s.counts.deactivated, 0);
  const approve = useApproveRun(run);
  const discard = useDiscardRun(run);
  const confirm = () =>
    (confirming === 'discard' ? discard : approve).mutate(undefined, {
      onSuccess: () => notify('success', t(confirming === 'discard' ? 'roster.discardDone' : 'roster.approved')),
      onError: (error) => notify('error', errorText(error)),
      onSettled: () => setConfirming(null),
    });
  return (
    <>
      <Alert
        severity="warning"
        action={
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
            <Button color="inherit" size="small" onClick={() => setConfirming('approve')} disabled={run.approved}>
              {t('roster.approve')}
            </Button>
            <Button color="inherit" size="small" onClick={() => setConfirming('discard')} disabled={run.approved}>
              {t('roster.discard')}
            </Button>
          </Stack>
        }
      >
        {t('roster.heldIntro')}
      </Alert>
      <ConfirmDialog
        open={confirming !== null}
        title={t(confirming === 'discard' ? 'roster.discardTitle' : 'roster.approveTitle')}
        message={confirming === 'discard' ? t('roster.discardBody') : t('roster.approveBody', { count: leaving })}
        confirmLabel={t(confirming === 'discard' ? 'roster.discard' : 'roster.approve')}
        destructive={confirming === 'approve'}
        busy={approve.isPending || discard.isPending}
        onCancel={() => setConfirming(null)}
        onConfirm={confirm}
      />
    </>
  );
}
