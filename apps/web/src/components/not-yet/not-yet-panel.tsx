import type { NotYet, NotYetStudent } from '@high5/contract';
import FavoriteBorderIcon from '@mui/icons-material/FavoriteBorder';
import PanToolOutlinedIcon from '@mui/icons-material/PanToolOutlined';
import { Alert, Box, Button, Chip, Paper, Skeleton, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showDate } from '../../lib/dates';
import { visuallyHidden } from '../ui/visually-hidden';
import { useErrorText } from '../../lib/use-error-text';
import { GiveHigh5Dialog } from '../give/give-high5-dialog';
import { GiveVibeDialog } from '../give/give-vibe-dialog';
import { useNotYet } from './api';

type Scope = 'me' | 'anyone';

/**
 * "Not yet this month" (docs/decisions/0565): the students of the teacher's classes (or of one) with
 * no High 5 or Vibe from them, or from anyone, in the school's last N school days, the longest
 * waiting first; each with a one-click High 5 or Vibe that opens the give dialog addressed to them.
 * Recently joined and absent students are marked, not blamed. Then the teacher's spread this term.
 */
export function NotYetPanel({ classId }: { classId?: string }) {
  const { t } = useTranslation('recognition');
  const errorText = useErrorText('recognition');
  const headingId = useId();
  const notYet = useNotYet(classId);
  const [scope, setScope] = useState<Scope>('me');
  const [giving, setGiving] = useState<{ kind: 'high5' | 'vibe'; student: NotYetStudent } | null>(null);
  const d = notYet.data;
  const shown = d ? (scope === 'me' ? d.notYet : [...d.notYet.filter((s) => s.notYetFromAnyone)].sort(byLastFromAnyone)) : [];

  return (
    <Paper
      component="section"
      aria-labelledby={headingId}
      variant="outlined"
      sx={{ p: { xs: 2, sm: 2.5 }, borderRadius: 3, minWidth: 0 }}
      data-testid="not-yet"
    >
      <Typography id={headingId} component="h2" variant="h6" sx={{ fontWeight: 700 }}>
        {t('notYet.title')}
      </Typography>
      {notYet.isError ? (
        <Alert severity="error">{errorText(notYet.error)}</Alert>
      ) : !d ? (
        <Skeleton variant="rounded" height={160} />
      ) : (
        <>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
            {t('notYet.window', { count: d.days, from: showDate(d.from) })}
          </Typography>
          <ToggleButtonGroup
            size="small"
            exclusive
            value={scope}
            onChange={(_e, next: Scope | null) => next && setScope(next)}
            aria-label={t('notYet.scopeLabel')}
            fullWidth
            sx={{ mb: 1.5, maxWidth: 420 }}
          >
            <ToggleButton value="me" sx={{ textTransform: 'none', lineHeight: 1.3 }}>
              {t('notYet.fromMe', { count: d.notYet.length })}
            </ToggleButton>
            <ToggleButton value="anyone" sx={{ textTransform: 'none', lineHeight: 1.3 }}>
              {t('notYet.fromAnyone', { count: d.notYet.filter((s) => s.notYetFromAnyone).length })}
            </ToggleButton>
          </ToggleButtonGroup>
          {shown.length === 0 ? (
            <Typography sx={{ py: 1 }}>
              {d.students === 0 ? t('notYet.noStudents') : t(scope === 'me' ? 'notYet.allSeen' : 'notYet.allSeenByAnyone')}
            </Typography>
          ) : (
            <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, maxHeight: 420, overflowY: 'auto' }} aria-label={t('notYet.listLabel')}>
              {shown.map((s) => (
                <StudentRow key={s.id} student={s} scope={scope} onGive={(kind) => setGiving({ kind, student: s })} />
              ))}
            </Box>
          )}
          <SpreadChart spread={d.spread} />
        </>
      )}
      {giving?.kind === 'high5' && (
        <GiveHigh5Dialog recipient={{ id: giving.student.id, name: giving.student.name, role: 'student' }} onClose={() => setGiving(null)} />
      )}
      {giving?.kind === 'vibe' && (
        <GiveVibeDialog recipient={{ id: giving.student.id, name: giving.student.name, role: 'student' }} onClose={() => setGiving(null)} />
      )}
    </Paper>
  );
}

const byLastFromAnyone = (a: NotYetStudent, b: NotYetStudent) => (a.lastFromAnyone ?? '').localeCompare(b.lastFromAnyone ?? '');

function StudentRow({ student: s, scope, onGive }: { student: NotYetStudent; scope: Scope; onGive: (kind: 'high5' | 'vibe') => void }) {
  const { t } = useTranslation('recognition');
  const last = scope === 'me' ? s.lastFromMe : s.lastFromAnyone;
  return (
    <Box component="li" sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, py: 1, borderTop: 1, borderColor: 'divider' }}>
      <Box sx={{ flex: '1 1 160px', minWidth: 0 }}>
        <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{s.name}</Typography>
        <Typography variant="body2" color="text.secondary">
          {[
            s.classNames.join(', '),
            last
              ? t(scope === 'me' ? 'notYet.lastFromMe' : 'notYet.lastFromAnyone', { date: showDate(last) })
              : t(scope === 'me' ? 'notYet.neverFromMe' : 'notYet.neverFromAnyone'),
          ]
            .filter(Boolean)
            .join(' · ')}
        </Typography>
        {(s.joinedOn || s.daysAway > 0) && (
          <Box sx={{ display: 'flex', gap: 0.5, mt: 0.5, flexWrap: 'wrap' }}>
            {s.joinedOn && <Chip size="small" label={t('notYet.joined', { date: showDate(s.joinedOn) })} />}
            {s.daysAway > 0 && <Chip size="small" label={t('notYet.away', { count: s.daysAway })} />}
          </Box>
        )}
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        <Button
          size="small"
          variant="outlined"
          startIcon={<PanToolOutlinedIcon />}
          onClick={() => onGive('high5')}
          aria-label={t('notYet.giveHigh5', { name: s.name })}
        >
          {t('notYet.high5')}
        </Button>
        <Button
          size="small"
          variant="outlined"
          color="secondary"
          startIcon={<FavoriteBorderIcon />}
          onClick={() => onGive('vibe')}
          aria-label={t('notYet.giveVibe', { name: s.name })}
        >
          {t('notYet.vibe')}
        </Button>
      </Box>
    </Box>
  );
}

/** My spread: how many students had 0, 1-2, 3-5 or more High 5s from the teacher this term. */
function SpreadChart({ spread }: { spread: NotYet['spread'] }) {
  const { t } = useTranslation('recognition');
  const headingId = useId();
  const buckets = [
    ['zero', spread.zero],
    ['oneToTwo', spread.oneToTwo],
    ['threeToFive', spread.threeToFive],
    ['more', spread.more],
  ] as const;
  const top = Math.max(1, ...buckets.map(([, n]) => n));
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ mt: 2.5 }} data-testid="my-spread">
      <Typography id={headingId} component="h3" variant="subtitle1" sx={{ fontWeight: 700 }}>
        {t('notYet.spread.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('notYet.spread.term', { from: showDate(spread.term.from), to: showDate(spread.term.to) })}
      </Typography>
      <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'repeat(4, minmax(0, 1fr))', gap: 1, m: 0, alignItems: 'end' }}>
        {buckets.map(([key, n]) => (
          <Box key={key} sx={{ display: 'flex', flexDirection: 'column-reverse', alignItems: 'stretch', textAlign: 'center' }}>
            <Typography component="dt" variant="caption" color="text.secondary">
              {t(`notYet.spread.${key}`)}
            </Typography>
            <Box
              aria-hidden
              sx={{ height: `${Math.round((72 * n) / top) + 4}px`, bgcolor: key === 'zero' ? 'secondary.main' : 'primary.main', borderRadius: '4px 4px 0 0' }}
            />
            <Typography component="dd" variant="body2" sx={{ m: 0, fontWeight: 700, overflowWrap: 'anywhere' }}>
              <span aria-hidden>{n}</span>
              <Box component="span" sx={visuallyHidden}>
                {t('notYet.spread.students', { count: n })}
              </Box>
            </Typography>
          </Box>
        ))}
      </Box>
      <Typography variant="body2" sx={{ mt: 1 }} data-testid="never">
        {t('notYet.spread.never', { count: spread.never })}
      </Typography>
    </Box>
  );
}

export default NotYetPanel;
