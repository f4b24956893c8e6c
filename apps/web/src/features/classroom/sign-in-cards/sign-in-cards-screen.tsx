import { CLASS_DEVICE_HOURS, type SignInCard } from '@high5/contract';
import PrintIcon from '@mui/icons-material/Print';
import { Alert, Box, Button, GlobalStyles, List, ListItem, ListItemText, MenuItem, Paper, Stack, TextField, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { paths } from '../../../app/paths';
import { PageTitle } from '../../../components/ui/page-title';
import { showDateTime } from '../../../lib/dates';
import { useErrorText } from '../../../lib/use-error-text';
import { useTeacherClasses } from '../teacher-classes/api';
import { useClassDevices, useCloseClassDevice, useIssueCards, useOpenClassDevice } from './api';
import { CardSheet } from './card-sheet';
import { OneCard } from './one-card';

/**
 * Class sign-in cards (docs/decisions/0553): open the class on this device for card sign-in,
 * see and close the devices it is open on, and print a card per student (printing issues new
 * cards: the previous ones stop working).
 */
export default function SignInCardsScreen() {
  const { t } = useTranslation('classroom');
  const errorText = useErrorText('classroom');
  const [params] = useSearchParams();
  const classes = useTeacherClasses();
  const classId = params.get('classId') ?? classes.data?.[0]?.id ?? '';
  const cls = classes.data?.find((c) => c.id === classId);
  return (
    <Box sx={{ '@media print': { '& .no-print': { display: 'none' } } }}>
      <Box className="no-print">
        <PageTitle>{cls ? t('cards.title', { name: cls.name }) : t('cards.titlePlain')}</PageTitle>
        <Button component={Link} to={paths.teacherClasses} sx={{ mb: 2 }}>
          {t('classes.back')}
        </Button>
      </Box>
      {classes.error && <Alert severity="error">{errorText(classes.error)}</Alert>}
      {classId && <ClassCards classId={classId} />}
    </Box>
  );
}

function ClassCards({ classId }: { classId: string }) {
  const { t } = useTranslation('classroom');
  const errorText = useErrorText('classroom');
  const devices = useClassDevices(classId);
  const open = useOpenClassDevice(classId);
  const close = useCloseClassDevice(classId);
  const issue = useIssueCards(classId);
  const [hours, setHours] = useState<(typeof CLASS_DEVICE_HOURS)[number]>(1);
  const [sheet, setSheet] = useState<{ className: string; cards: SignInCard[] } | null>(null);
  // The student whose card alone is being printed; cleared when the print dialog closes.
  const [printOnly, setPrintOnly] = useState<string | null>(null);
  useEffect(() => {
    if (printOnly === null) return;
    const done = () => setPrintOnly(null);
    window.addEventListener('afterprint', done);
    window.print();
    return () => window.removeEventListener('afterprint', done);
  }, [printOnly]);
  /** One student's new card joins the sheet in place of their old one (or starts a sheet). */
  const newCard = (studentId: string, done: () => void) =>
    issue.mutate(
      { studentIds: [studentId] },
      {
        onSuccess: (res) => {
          setSheet((old) => {
            const others = old?.cards.filter((c) => c.studentId !== studentId) ?? [];
            const at = old?.cards.findIndex((c) => c.studentId === studentId) ?? -1;
            const cards = at < 0 ? [...res.cards, ...others] : [...others.slice(0, at), ...res.cards, ...others.slice(at)];
            return { className: res.className, cards };
          });
          done();
        },
        onError: done,
      },
    );
  const failure = open.error ?? close.error ?? issue.error ?? devices.error;
  const here = devices.data?.find((d) => d.thisDevice);

  return (
    <Stack spacing={3}>
      {failure && (
        <Alert severity="error" role="alert" className="no-print">
          {errorText(failure)}
        </Alert>
      )}
      <Paper className="no-print" sx={{ p: 2 }}>
        <Typography variant="h6" component="h2">
          {t('cards.deviceTitle')}
        </Typography>
        <Typography color="text.secondary" variant="body2" sx={{ mb: 2 }}>
          {t('cards.deviceHelp')}
        </Typography>
        {here ? (
          <Alert severity="success" role="status" data-testid="device-open">
            {t('cards.deviceOpen', { time: showDateTime(here.expiresAt) })}
          </Alert>
        ) : (
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
            <TextField select label={t('cards.hours')} value={hours} onChange={(e) => setHours(Number(e.target.value) as typeof hours)} sx={{ minWidth: 160 }}>
              {CLASS_DEVICE_HOURS.map((h) => (
                <MenuItem key={h} value={h}>
                  {t('cards.hoursOption', { count: h })}
                </MenuItem>
              ))}
            </TextField>
            <Button variant="contained" onClick={() => open.mutate({ hours })} disabled={open.isPending}>
              {t('cards.openHere')}
            </Button>
          </Stack>
        )}
        {here && (
          <Button component={Link} to={paths.cardSignIn} sx={{ mt: 1 }}>
            {t('cards.goToCardPage')}
          </Button>
        )}
        <Typography variant="subtitle1" component="h3" sx={{ mt: 2, fontWeight: 700 }}>
          {t('cards.openDevices')}
        </Typography>
        {devices.data?.length === 0 && <Typography color="text.secondary">{t('cards.noDevices')}</Typography>}
        <List dense>
          {devices.data?.map((d) => (
            <ListItem
              key={d.id}
              disableGutters
              secondaryAction={
                <Button
                  color="error"
                  onClick={() => close.mutate(d.id)}
                  disabled={close.isPending}
                  aria-label={t('cards.closeLabel', { time: showDateTime(d.expiresAt) })}
                >
                  {t('cards.close')}
                </Button>
              }
            >
              <ListItemText
                primary={d.thisDevice ? t('cards.thisDevice') : t('cards.otherDevice', { name: d.openedBy })}
                secondary={t('cards.until', { time: showDateTime(d.expiresAt) })}
                sx={{ pr: 10 }}
              />
            </ListItem>
          ))}
        </List>
      </Paper>
      <Paper className="no-print" sx={{ p: 2 }}>
        <Typography variant="h6" component="h2">
          {t('cards.printTitle')}
        </Typography>
        <Typography color="text.secondary" variant="body2" sx={{ mb: 2 }}>
          {t('cards.printHelp')}
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <Button variant="contained" onClick={() => issue.mutate({}, { onSuccess: setSheet })} disabled={issue.isPending}>
            {t('cards.issue')}
          </Button>
          {sheet && (
            <Button variant="outlined" startIcon={<PrintIcon />} onClick={() => window.print()}>
              {t('cards.print')}
            </Button>
          )}
        </Stack>
        {sheet && sheet.cards.length === 0 && <Typography sx={{ mt: 2 }}>{t('cards.noStudents')}</Typography>}
      </Paper>
      <OneCard classId={classId} busy={issue.isPending} onNewCard={newCard} />
      {sheet && sheet.cards.length > 0 && (
        <Box data-print-area>
          <CardSheet className={sheet.className} cards={sheet.cards} printOnly={printOnly} onPrintOne={setPrintOnly} />
        </Box>
      )}
      {/* Printed, the page is the sheet alone (no menu or header), on A4 or Letter alike. */}
      <GlobalStyles
        styles={{
          '@page': { margin: '10mm' },
          '@media print': {
            'body *': { visibility: 'hidden' },
            '[data-print-area], [data-print-area] *': { visibility: 'visible' },
            '[data-print-area]': { position: 'absolute', left: 0, top: 0, width: '100%' },
          },
        }}
      />
    </Stack>
  );
}
