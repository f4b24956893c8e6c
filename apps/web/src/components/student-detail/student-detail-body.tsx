import type { StudentDetails, StudentFlags } from '@high5/contract';
import LaunchIcon from '@mui/icons-material/Launch';
import NotesOutlinedIcon from '@mui/icons-material/NotesOutlined';
import { Box, Button, Chip, FormControlLabel, FormGroup, Paper, Switch, Tab, Tabs, Typography } from '@mui/material';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GiveHigh5Dialog } from '../give/give-high5-dialog';
import { GiveVibeDialog } from '../give/give-vibe-dialog';
import { Emoji } from '../ui/emoji';
import { useNotify } from '../ui/notifications';
import { AlertHistory } from './alert-history';
import { useRefreshStudentDetails, useSaveStudentFlags, useUploadStudentPhoto } from './api';
import { MOOD_EMOJI } from './mood-emoji';
import { NotesDialog } from './notes-dialog';
import { PhotoPicker } from './photo-picker';
import { AttendancePanel, MoodsPanel, TrustedAdults } from './student-history-panels';
import { useProfileErrorText } from './use-profile-error-text';

type Panel = 'trustedAdults' | 'attendance' | 'moods';

/** What the student detail dialog shows once the details are loaded (loaded with the dialog's first opening). */
export default function DetailsBody({ details }: { details: StudentDetails }) {
  const { t } = useTranslation('profile');
  const { student, policies } = details;
  const name = `${student.firstName} ${student.lastName}`.trim();
  const uploadPhoto = useUploadStudentPhoto(student.id);
  const [panel, setPanel] = useState<Panel | false>(false);
  const [giving, setGiving] = useState<'high5' | 'vibe' | null>(null);
  const [notesOpen, setNotesOpen] = useState(false);
  const tabsId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  // On a phone the panel opens below the tabs: bring it into view.
  useEffect(() => {
    if (panel) panelRef.current?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' });
  }, [panel]);
  const recipient = { id: student.id, name, role: 'student' as const };
  const refresh = useRefreshStudentDetails(student.id);
  // A give changes the totals: reload the details.
  const onGiven = (result: 'success' | 'error') => {
    if (result === 'success') refresh();
  };

  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: panel ? 'minmax(440px, 1fr) minmax(0, 1.25fr)' : '1fr' }, gap: { xs: 3, md: 4 } }}>
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2.5, minWidth: 0 }}>
        <Box sx={{ display: 'flex', flexDirection: { xs: 'column', sm: 'row' }, alignItems: { xs: 'center', sm: 'flex-start' }, gap: 3 }}>
          <PhotoPicker
            photoUrl={student.photoUrl}
            name={name}
            canChange={policies.canChangePhoto}
            uploadName={student.id}
            size={112}
            onUpload={(photo, filename) => uploadPhoto.mutateAsync({ photo, filename })}
          />
          <Box sx={{ minWidth: 0, flex: 1, textAlign: { xs: 'center', sm: 'left' } }}>
            <Typography variant="h5" component="h3" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
              {name}
            </Typography>
            {(student.email ?? student.username) && (
              <Typography color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                {student.email ?? student.username}
              </Typography>
            )}
            {student.grade !== null && <Typography color="text.secondary">{t('studentDetail.grade', { grade: student.grade })}</Typography>}
            <Typography variant="subtitle2" component="h4" sx={{ mt: 1.5 }}>
              {t('studentDetail.classes')}
            </Typography>
            {student.classes.length ? (
              <Box
                component="ul"
                sx={{
                  display: 'flex',
                  flexWrap: 'wrap',
                  gap: 0.75,
                  p: 0,
                  m: 0,
                  mt: 0.5,
                  listStyle: 'none',
                  justifyContent: { xs: 'center', sm: 'flex-start' },
                }}
              >
                {student.classes.map((c, i) => (
                  <li key={`${c}-${i}`}>
                    <Chip size="small" label={c} />
                  </li>
                ))}
              </Box>
            ) : (
              <Typography variant="body2" color="text.secondary">
                {t('studentDetail.noClasses')}
              </Typography>
            )}
            {policies.canReadMoods && <TodayMood mood={details.todayMood} />}
          </Box>
        </Box>

        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
          <Button variant="contained" onClick={() => setGiving('high5')}>
            {t('studentDetail.giveHigh5')}
          </Button>
          <Button variant="outlined" onClick={() => setGiving('vibe')}>
            {t('studentDetail.giveVibe')}
          </Button>
          <Button variant="text" startIcon={<NotesOutlinedIcon />} onClick={() => setNotesOpen(true)}>
            {t('studentDetail.notes.open')}
          </Button>
        </Box>

        <Flags details={details} />
        <Totals totals={details.totals} />
        <AlertHistory studentId={student.id} />

        <Box>
          <Tabs
            value={panel}
            onChange={(_event, value: Panel) => setPanel(value)}
            aria-label={t('studentDetail.tabs.label')}
            variant="fullWidth"
            sx={{ borderBottom: 1, borderColor: 'divider', '& .MuiTab-root': { px: 1, minWidth: 0, lineHeight: 1.25 } }}
          >
            {/* The moods tab only for those the server's mood rule lets read them (policies, decision 0470). */}
            {(['trustedAdults', 'attendance', 'moods'] as const)
              .filter((key) => key !== 'moods' || policies.canReadMoods)
              .map((key) => (
                <Tab
                  key={key}
                  value={key}
                  label={t(`studentDetail.tabs.${key}`)}
                  id={`${tabsId}-${key}-tab`}
                  aria-controls={panel === key ? `${tabsId}-${key}-panel` : undefined}
                  // A second click on the open tab closes the side panel (docs/rules/recognition.md#student-detail).
                  onClick={() => panel === key && setPanel(false)}
                  wrapped
                  sx={{ textTransform: 'none', fontWeight: 600 }}
                />
              ))}
          </Tabs>
        </Box>
      </Box>

      {panel && (
        <Paper
          ref={panelRef}
          variant="outlined"
          role="tabpanel"
          id={`${tabsId}-${panel}-panel`}
          aria-labelledby={`${tabsId}-${panel}-tab`}
          sx={{ p: { xs: 1.5, sm: 2 }, minWidth: 0, alignSelf: 'start' }}
        >
          {panel === 'trustedAdults' && <TrustedAdults adults={details.trustedAdults} />}
          {panel === 'attendance' && <AttendancePanel studentId={student.id} today={details.today} />}
          {panel === 'moods' && <MoodsPanel studentId={student.id} today={details.today} history={policies.canReadMoodHistory} />}
        </Paper>
      )}

      {giving === 'high5' && <GiveHigh5Dialog recipient={recipient} onClose={() => setGiving(null)} onDone={onGiven} />}
      {giving === 'vibe' && <GiveVibeDialog recipient={recipient} onClose={() => setGiving(null)} onDone={onGiven} />}
      {notesOpen && <NotesDialog studentId={student.id} studentName={name} onClose={() => setNotesOpen(false)} />}
    </Box>
  );
}

function TodayMood({ mood }: { mood: StudentDetails['todayMood'] }) {
  const { t } = useTranslation('profile');
  const feeling = mood ? t(`moods.${mood.mood}`, { defaultValue: mood.mood }) : null;
  return (
    <Box sx={{ mt: 1.5 }}>
      <Typography variant="subtitle2" component="h4">
        {t('studentDetail.todayMood')}
      </Typography>
      {mood ? (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, justifyContent: { xs: 'center', sm: 'flex-start' } }}>
          {MOOD_EMOJI[mood.mood] ? (
            <Emoji char={MOOD_EMOJI[mood.mood]!} size={36} alt={feeling!} />
          ) : (
            <Box component="span" role="img" aria-label={feeling!}>
              •
            </Box>
          )}
          <Typography sx={{ '&::first-letter': { textTransform: 'uppercase' } }} aria-hidden>
            {feeling}
          </Typography>
        </Box>
      ) : (
        <Typography variant="body2" color="text.secondary">
          {t('studentDetail.noMood')}
        </Typography>
      )}
    </Box>
  );
}

/** The IEP, 504 and language switches, or (when the district owns them) their state and the deep links. */
function Flags({ details }: { details: StudentDetails }) {
  const { t } = useTranslation('profile');
  const notify = useNotify();
  const errorText = useProfileErrorText();
  const save = useSaveStudentFlags(details.student.id);
  // The switch shows its new position while the change is saved (then the reloaded details decide).
  const [pending, setPending] = useState<{ key: keyof StudentFlags; on: boolean } | null>(null);
  const { flags, links, policies } = details;
  const items: { key: keyof StudentFlags; label: string; on: boolean; next: (on: boolean) => Partial<StudentFlags>; link: string | null; linkLabel: string }[] =
    [
      { key: 'iep', label: t('studentDetail.iep'), on: flags.iep, next: (on) => ({ iep: on }), link: links.iep, linkLabel: t('studentDetail.openIep') },
      {
        key: 'plan504',
        label: t('studentDetail.plan504'),
        on: flags.plan504,
        next: (on) => ({ plan504: on }),
        link: links.plan504,
        linkLabel: t('studentDetail.open504'),
      },
      {
        key: 'languageLevel',
        label: t('studentDetail.language'),
        on: flags.languageLevel === 'L',
        next: (on) => ({ languageLevel: on ? 'L' : 'LF' }),
        link: links.language,
        linkLabel: t('studentDetail.openLanguage'),
      },
    ];
  const toggle = async (item: (typeof items)[number], on: boolean) => {
    setPending({ key: item.key, on });
    try {
      await save.mutateAsync(item.next(on));
      notify('success', t('studentDetail.flagSaved'));
    } catch (error) {
      notify('error', errorText(error));
    } finally {
      setPending(null);
    }
  };
  const linked = items.filter((i) => i.link);
  const headingId = useId();
  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography id={headingId} variant="subtitle2" component="h4" sx={{ mb: 0.5 }}>
        {t('studentDetail.flags')}
      </Typography>
      {policies.canEditFlags ? (
        <FormGroup row sx={{ gap: { xs: 0, sm: 2 } }}>
          {items.map((item) => (
            <FormControlLabel
              key={item.key}
              control={
                <Switch
                  checked={pending?.key === item.key ? pending.on : item.on}
                  disabled={pending !== null}
                  onChange={(event) => void toggle(item, event.target.checked)}
                />
              }
              label={item.label}
            />
          ))}
        </FormGroup>
      ) : (
        <>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
            {items.map((item) => (
              <Chip
                key={item.key}
                variant={item.on ? 'filled' : 'outlined'}
                color={item.on ? 'primary' : 'default'}
                label={`${item.label}: ${item.on ? t('studentDetail.yes') : t('studentDetail.no')}`}
              />
            ))}
          </Box>
          {linked.length > 0 && (
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 1.5 }}>
              {linked.map((item) => (
                <Button key={item.key} size="small" variant="outlined" endIcon={<LaunchIcon />} href={item.link!} target="_blank" rel="noopener noreferrer">
                  {item.linkLabel}
                </Button>
              ))}
            </Box>
          )}
        </>
      )}
      {/* The student's documents in the district system: for everyone who sees the details (decision 0317). */}
      {links.studentDocument && (
        <Box sx={{ mt: 1.5 }}>
          <Button size="small" variant="outlined" endIcon={<LaunchIcon />} href={links.studentDocument} target="_blank" rel="noopener noreferrer">
            {t('studentDetail.openDocuments')}
          </Button>
        </Box>
      )}
    </Box>
  );
}

function Totals({ totals }: { totals: StudentDetails['totals'] }) {
  const { t } = useTranslation('profile');
  const cells: [string, number][] = [
    [t('studentDetail.high5Given'), totals.high5Given],
    [t('studentDetail.high5Received'), totals.high5Received],
    [t('studentDetail.vibeGiven'), totals.vibeGiven],
    [t('studentDetail.vibeReceived'), totals.vibeReceived],
  ];
  const headingId = useId();
  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography id={headingId} variant="subtitle2" component="h4" sx={{ mb: 1 }}>
        {t('studentDetail.totals')}
      </Typography>
      <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: { xs: 'repeat(2, 1fr)', sm: 'repeat(4, 1fr)' }, gap: 1, m: 0 }}>
        {cells.map(([label, value]) => (
          <Paper key={label} variant="outlined" sx={{ p: 1.25, textAlign: 'center', display: 'flex', flexDirection: 'column-reverse' }}>
            <Typography component="dt" variant="caption" color="text.secondary">
              {label}
            </Typography>
            <Typography component="dd" sx={{ m: 0, fontSize: 26, fontWeight: 700, color: 'primary.main' }}>
              {value}
            </Typography>
          </Paper>
        ))}
      </Box>
    </Box>
  );
}
