import { CheckInSchema, MOODS, moodInfo, type classroomApi, type EmergencyPriority, type MoodEntry, type MoodKey } from '@high5/contract';
import {
  Alert,
  Box,
  Button,
  ButtonBase,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  FormControl,
  FormControlLabel,
  FormHelperText,
  FormLabel,
  LinearProgress,
  MenuItem,
  Paper,
  Radio,
  RadioGroup,
  Typography,
} from '@mui/material';
import VerifiedUserOutlinedIcon from '@mui/icons-material/VerifiedUserOutlined';
import { useId, useState } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useSignedInMe } from '../../../app/session';
import { useContractForm } from '../../../components/form/contract-form';
import { FormSelectField } from '../../../components/form/form-select-field';
import { useNotify } from '../../../components/ui/notifications';
import { PageTitle } from '../../../components/ui/page-title';
import { useErrorText } from '../../../lib/use-error-text';
import type { BodyOf } from '../../../lib/api-client';

import { useCheckIn, useMoodSettings, useMyMoods, useTrustedAdults } from './api';
import { showDate } from '../components/dates';
import { Emoji } from '../../../components/ui/emoji';
import { MOOD_COLOURS } from '../components/moods';
import { FormDialogActions } from '../../../components/form/form-dialog-actions';

/**
 * The mood meter (/mood, docs/rules/classroom.md#mood-meter): yesterday's and today's check-in,
 * and the 22 moods as emoji with their feelings. A pleasant mood is saved at once; a
 * low-energy one asks "not today" or "today" when the school prompts (prompt_moodmeter ON).
 */
export default function MoodScreen() {
  const { t } = useTranslation('classroom');
  const notify = useNotify();
  const errorText = useErrorText('classroom');
  const [asking, setAsking] = useState<MoodKey | null>(null);
  const [answer, setAnswer] = useState<CheckInAnswer | null>(null);
  const isStudent = useSignedInMe().role === 'student';
  // "I want to talk to …" offers the student's own trusted adults.
  const adults = useTrustedAdults(isStudent);
  const settings = useMoodSettings();
  const mine = useMyMoods();
  const checkIn = useCheckIn();
  const checkInMood = (body: BodyOf<typeof classroomApi.moodCheckIn>) =>
    checkIn.mutate(body, {
      onSuccess: (entry) => {
        setAsking(null);
        const feeling = t(`feelings.${moodInfo(entry.mood)!.feeling}`);
        const afterHours = entry.alert?.afterHoursMessage ?? null;
        // A request for help, or the crisis message after hours, answers in a dialog where the child is.
        if (afterHours || entry.emergencyPriority !== 'none') setAnswer({ afterHours, priority: entry.emergencyPriority });
        else if (moodInfo(entry.mood)!.low) notify('info', t('mood.savedLow', { feeling }));
        else notify('success', t('mood.saved', { feeling }));
      },
      onError: (error) => notify('error', errorText(error)),
    });

  const choose = (key: MoodKey) => {
    if (checkIn.isPending || !settings.data) return;
    if (moodInfo(key)!.low && settings.data.prompt) setAsking(key);
    else checkInMood({ mood: key, emergencyPriority: 'none' });
  };

  const today = mine.data?.todayEntry?.mood ?? null;
  const message2 = settings.data?.message2 || t('mood.defaultMessage2');

  return (
    <Box>
      <PageTitle subtitle={t('mood.subtitle')}>{t('mood.title')}</PageTitle>
      <Box sx={{ height: 4, mb: 1 }}>{(mine.isFetching || checkIn.isPending) && <LinearProgress aria-label={t('common:loading')} />}</Box>
      {(mine.isError || settings.isError) && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {errorText(mine.error ?? settings.error)}
        </Alert>
      )}
      {settings.data && !settings.data.checkInAllowed && (
        <Alert severity="info" sx={{ mb: 2 }} data-testid="consent-needed">
          {t('alerts.ui.consentNeeded')}
        </Alert>
      )}

      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, mb: 3 }}>
        <DayCard title={t('mood.yesterday')} date={mine.data?.yesterday} entry={mine.data?.yesterdayEntry ?? null} />
        <DayCard title={t('mood.today')} date={mine.data?.today} entry={mine.data?.todayEntry ?? null} />
      </Box>

      <Paper variant="outlined" sx={{ borderRadius: 3, p: { xs: 2, sm: 3 } }}>
        <Typography component="h2" variant="h6" sx={{ fontWeight: 700 }}>
          {today ? t('mood.changeQuestion') : t('mood.question')}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {t('mood.help')}
        </Typography>
        {settings.data?.checkInAllowed !== false && (
          <>
            <MoodGroup
              title={t('mood.pleasant')}
              keys={MOODS.filter((m) => !m.low).map((m) => m.key)}
              selected={today}
              disabled={!settings.data || checkIn.isPending}
              onChoose={choose}
            />
            <MoodGroup
              title={t('mood.unpleasant')}
              keys={MOODS.filter((m) => m.low).map((m) => m.key)}
              selected={today}
              disabled={!settings.data || checkIn.isPending}
              onChoose={choose}
            />
          </>
        )}
      </Paper>

      <CheckInAnswerDialog answer={answer} message2={message2} onClose={() => setAnswer(null)} />
      <LowMoodDialog
        mood={asking}
        message={settings.data?.message1 || t('mood.defaultMessage1')}
        busy={checkIn.isPending}
        adults={adults.data ?? []}
        onCancel={() => setAsking(null)}
        onSubmit={(priority, talkTo) =>
          asking && checkInMood({ mood: asking, emergencyPriority: priority, ...(priority === 'today' && talkTo ? { talkTo } : {}) })
        }
      />
    </Box>
  );
}

interface CheckInAnswer {
  afterHours: string | null;
  priority: EmergencyPriority;
}

/**
 * What a check-in that asked for help (or came after hours) answers, in a dialog wherever the child
 * scrolled to: the school's crisis message first, focused, then what happens next.
 */
function CheckInAnswerDialog({ answer, message2, onClose }: { answer: CheckInAnswer | null; message2: string; onClose: () => void }) {
  const { t } = useTranslation('classroom');
  const titleId = useId();
  const bodyId = useId();
  const focusBody = (node: HTMLElement) => node.querySelector<HTMLElement>('[data-focus-first]')?.focus();
  // After hours the crisis message says when an adult will see it: no promise of "today" beside it.
  const next = answer?.afterHours ? '' : answer?.priority === 'today' ? message2 : answer?.priority === 'not-today' ? t('mood.notTodayNote') : '';
  return (
    <Dialog
      open={answer !== null}
      onClose={onClose}
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      maxWidth="xs"
      fullWidth
      slotProps={{ transition: { onEntered: focusBody } }}
    >
      <DialogTitle id={titleId}>{answer?.afterHours ? t('mood.afterHoursTitle') : t('mood.answerTitle')}</DialogTitle>
      <DialogContent id={bodyId}>
        {answer?.afterHours && (
          <Alert
            severity="warning"
            role="alert"
            tabIndex={-1}
            data-focus-first
            data-testid="after-hours-message"
            sx={{ mb: next ? 2 : 0, whiteSpace: 'pre-line', '&:focus-visible': { outline: '3px solid', outlineColor: 'primary.main' } }}
          >
            {answer.afterHours}
          </Alert>
        )}
        {next && (
          <DialogContentText tabIndex={-1} data-focus-first={answer?.afterHours ? undefined : true} sx={{ whiteSpace: 'pre-line' }}>
            {next}
          </DialogContentText>
        )}
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose}>
          {t('mood.gotIt')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function DayCard({ title, date, entry }: { title: string; date: string | undefined; entry: MoodEntry | null }) {
  const { t } = useTranslation('classroom');
  const info = entry ? moodInfo(entry.mood) : undefined;
  const colour = info ? MOOD_COLOURS[info.group] : null;
  return (
    <Paper
      variant="outlined"
      sx={{ borderRadius: 3, p: 2, display: 'flex', alignItems: 'center', gap: 2, ...(colour ? { borderLeft: 6, borderLeftColor: colour.main } : {}) }}
    >
      <Box aria-hidden={!info} sx={{ fontSize: 44, lineHeight: 1, width: 56, textAlign: 'center', color: 'text.disabled', flexShrink: 0 }}>
        {/* The words beside name the feeling: the face is decorative there (alt ''). */}
        {info ? <Emoji char={info.emoji} size={44} alt="" /> : '–'}
      </Box>
      <Box>
        <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 700 }}>
          {title}
          {date && (
            <Typography component="span" variant="body2" color="text.secondary" sx={{ ml: 1 }}>
              {showDate(date)}
            </Typography>
          )}
        </Typography>
        <Typography>{info ? t('mood.feltThisWay', { feeling: t(`feelings.${info.feeling}`) }) : t('mood.noCheckIn')}</Typography>
        {entry?.acknowledged && (
          // An adult acknowledged the "talk today" request (decision 0303): the student sees it was seen.
          <Typography variant="body2" sx={{ mt: 0.5, display: 'flex', alignItems: 'center', gap: 0.5, color: 'success.dark', fontWeight: 600 }}>
            <VerifiedUserOutlinedIcon fontSize="small" aria-hidden />
            {t('mood.seenByAdult')}
          </Typography>
        )}
      </Box>
    </Paper>
  );
}

function MoodGroup({
  title,
  keys,
  selected,
  disabled,
  onChoose,
}: {
  title: string;
  keys: MoodKey[];
  selected: MoodKey | null;
  disabled: boolean;
  onChoose: (key: MoodKey) => void;
}) {
  const { t } = useTranslation('classroom');
  const headingId = useId();
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ mt: 2 }}>
      <Typography id={headingId} component="h3" variant="subtitle1" sx={{ fontWeight: 700, mb: 1 }}>
        {title}
      </Typography>
      <Box sx={{ display: 'grid', gap: 1, gridTemplateColumns: { xs: 'repeat(3, 1fr)', sm: 'repeat(4, 1fr)', md: 'repeat(6, 1fr)' } }}>
        {keys.map((key) => {
          const info = moodInfo(key)!;
          const colour = MOOD_COLOURS[info.group];
          const isSelected = selected === key;
          return (
            <ButtonBase
              key={key}
              focusRipple
              disabled={disabled}
              aria-pressed={isSelected}
              data-mood={key}
              onClick={() => onChoose(key)}
              sx={{
                flexDirection: 'column',
                gap: 0.5,
                py: 1.5,
                px: 0.5,
                borderRadius: 3,
                border: 2,
                borderColor: isSelected ? colour.main : 'divider',
                bgcolor: isSelected ? colour.light : 'background.paper',
                transition: 'transform 120ms',
                '&:hover': { bgcolor: colour.light },
                '&.Mui-focusVisible': { outline: '3px solid', outlineColor: 'primary.main', outlineOffset: 2 },
                '@media (prefers-reduced-motion: no-preference)': { '&:hover': { transform: 'translateY(-2px)' } },
              }}
            >
              {/* The feeling's word is the button's name; the face beside it is decorative (alt ''). */}
              <Emoji char={info.emoji} size={40} alt="" sx={{ width: { xs: 34, sm: 40 }, height: { xs: 34, sm: 40 } }} />
              <Typography
                component="span"
                variant="body2"
                sx={{ fontWeight: 600, textAlign: 'center', fontSize: { xs: 13, sm: 14 }, hyphens: 'auto', overflowWrap: 'break-word', maxWidth: '100%' }}
              >
                {t(`feelings.${info.feeling}`)}
              </Typography>
            </ButtonBase>
          );
        })}
      </Box>
    </Box>
  );
}

/** The check-in's answer to "do you want to talk?" (CheckInSchema's priority without 'none'), and whom to. */
const lowMoodSchema = z.object({
  emergencyPriority: z.string().pipe(CheckInSchema.shape.emergencyPriority.unwrap().exclude(['none'])),
  talkTo: z.string(),
});

function LowMoodDialog({
  mood,
  message,
  busy,
  adults,
  onCancel,
  onSubmit,
}: {
  mood: MoodKey | null;
  message: string;
  busy: boolean;
  adults: { id: string; name: string }[];
  onCancel: () => void;
  onSubmit: (priority: Exclude<EmergencyPriority, 'none'>, talkTo: string) => void;
}) {
  const { t } = useTranslation('classroom');
  const notify = useNotify();
  const titleId = useId();
  const bodyId = useId();
  const form = useContractForm(lowMoodSchema, { defaultValues: { emergencyPriority: '', talkTo: '' } });
  const choice = useWatch({ control: form.control, name: 'emergencyPriority' });
  const submit = form.handleSubmit(
    ({ emergencyPriority, talkTo }) => onSubmit(emergencyPriority, talkTo),
    () => notify('info', t('mood.selectOption')),
  );
  const info = mood ? moodInfo(mood) : undefined;
  return (
    <Dialog
      open={mood !== null}
      onClose={busy ? undefined : onCancel}
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      maxWidth="xs"
      fullWidth
      slotProps={{
        transition: {
          onExited: () => form.reset(),
        },
      }}
    >
      <form noValidate onSubmit={(event) => void submit(event)}>
        <DialogTitle id={titleId} sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
          {info && <Emoji char={info.emoji} size={36} alt="" />}
          {info ? t('mood.feelingTitle', { feeling: t(`feelings.${info.feeling}`) }) : ''}
        </DialogTitle>
        <DialogContent>
          <DialogContentText id={bodyId} sx={{ mb: 2, whiteSpace: 'pre-line' }}>
            {message}
          </DialogContentText>
          <Controller
            control={form.control}
            name="emergencyPriority"
            render={({ field, fieldState }) => (
              <FormControl error={!!fieldState.error}>
                <FormLabel id={`${titleId}-choice`} sx={{ fontWeight: 600, color: 'text.primary' }}>
                  {t('mood.talkQuestion')}
                </FormLabel>
                <RadioGroup aria-labelledby={`${titleId}-choice`} name={field.name} value={field.value} onChange={field.onChange} onBlur={field.onBlur}>
                  <FormControlLabel value="not-today" control={<Radio />} label={t('mood.notToday')} />
                  <FormControlLabel value="today" control={<Radio />} label={t('mood.todayOption')} />
                </RadioGroup>
                {fieldState.error && <FormHelperText role="alert">{t('mood.selectOption')}</FormHelperText>}
              </FormControl>
            )}
          />
          {choice === 'today' && adults.length > 0 && (
            <FormSelectField control={form.control} name="talkTo" fullWidth size="small" sx={{ mt: 2 }} label={t('alerts.ui.talkTo')} data-testid="talk-to">
              <MenuItem value="">{t('alerts.ui.talkToNobody')}</MenuItem>
              <MenuItem value="any">{t('alerts.ui.talkToAny')}</MenuItem>
              {adults.map((a) => (
                <MenuItem key={a.id} value={a.id}>
                  {a.name}
                </MenuItem>
              ))}
            </FormSelectField>
          )}
        </DialogContent>
        <FormDialogActions cancelLabel={t('common:confirm.cancel')} onCancel={onCancel} submitLabel={t('mood.submit')} busy={busy} />
      </form>
    </Dialog>
  );
}
