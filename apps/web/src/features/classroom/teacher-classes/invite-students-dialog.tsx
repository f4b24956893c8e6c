import { CLASSROOM_LIMITS, InviteRowSchema, InviteStudentsBodySchema, type InviteResult, type InviteRow } from '@high5/contract';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, List, ListItem, Tab, Tabs, Typography, useMediaQuery } from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { useEffect, useId, useRef, useState } from 'react';
import { useController, useFormState } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useContractForm } from '../../../components/form/contract-form';
import { FormTextField } from '../../../components/form/form-text-field';
import { useNotify } from '../../../components/ui/notifications';
import { useErrorText } from '../../../lib/use-error-text';
import { useInviteStudents } from './api';
import { parseInviteCsv, type ParsedInviteCsv } from './invite-csv';
import { FormDialogActions } from '../../../components/form/form-dialog-actions';

export type InviteTab = 'email' | 'csv';

/** The chosen file as read (invite-csv.ts), or one too large to read (over CSV_MAX_BYTES). */
type CsvFile = (ParsedInviteCsv & { fileName: string }) | { fileName: string; tooLarge: true };
const CSV_MAX_BYTES = 512 * 1024;

/**
 * The CSV tab's one field: the file, checked as the invite's body will be (`students`: 1 to
 * inviteRowsMax rows), once every line reads. No file yet says nothing ('none').
 */
const csvForm = z.object({
  csv: z.custom<CsvFile | null>().superRefine((csv, ctx) => {
    const problem = (message: string) => ctx.addIssue({ code: 'custom', message });
    if (!csv) return problem('none');
    if ('tooLarge' in csv) return problem('csvTooLarge');
    if (csv.problems.length > 0) return problem('csvInvalid');
    if (!InviteStudentsBodySchema.shape.students.safeParse(csv.rows).success) problem(csv.rows.length === 0 ? 'csvEmpty' : 'csvTooMany');
  }),
});

/** Any problem with the e-mail says what this dialog always said. */
const EMAIL_MESSAGES = {
  'errors:field.required': 'classroom:invite.emailInvalid',
  'errors:field.email': 'classroom:invite.emailInvalid',
  'errors:field.invalid': 'classroom:invite.emailInvalid',
  'errors:field.too_big': 'classroom:invite.emailInvalid',
};

/** How many problem lines the dialog lists before saying how many more there are. */
const LINES_SHOWN = 5;

/**
 * Invite students (docs/rules/classroom.md#invitations): an e-mail tab (first name, last name, e-mail) and a
 * CSV tab (Email, First Name, Last Name, read by `parseInviteCsv`: comma or semicolon files,
 * problems reported by file line, repeated e-mails counted once). Rows are checked here with
 * the server's own schema.
 */
export function InviteStudentsDialog({
  open,
  classId,
  className,
  initialTab,
  onClose,
}: {
  open: boolean;
  classId: string;
  className: string;
  initialTab: InviteTab;
  onClose: () => void;
}) {
  const { t } = useTranslation('classroom');
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const notify = useNotify();
  const errorText = useErrorText('classroom');
  const titleId = useId();
  const fileRef = useRef<HTMLInputElement>(null);
  const [tab, setTab] = useState<InviteTab>(initialTab);
  const form = useContractForm(InviteRowSchema, { defaultValues: { email: '', firstName: '', lastName: '' } });
  const csvFile = useContractForm(csvForm, { mode: 'onChange', defaultValues: { csv: null } });
  const { field: csvField, fieldState: csvState } = useController({ control: csvFile.control, name: 'csv' });
  // While a new file is being checked, it is neither ready nor refused yet.
  const { isValidating } = useFormState({ control: csvFile.control });
  const csv = csvField.value && !('tooLarge' in csvField.value) && !isValidating ? csvField.value : null;

  useEffect(() => {
    if (open) {
      setTab(initialTab);
      form.reset();
      csvFile.reset();
    }
  }, [open, initialTab, form, csvFile]);

  const invite = useInviteStudents(classId);
  const send = (students: InviteRow[]) =>
    invite.mutate(students, {
      onSuccess: (result: InviteResult) => {
        if (result.failedUsers.length > 0)
          notify('warning', t('invite.alreadyExists', { emails: result.failedUsers.join(', '), count: result.failedUsers.length }));
        else notify('success', t('invite.success', { count: result.invited.length + result.enrolled.length, className }));
        onClose();
      },
      onError: (error) => notify('error', errorText(error)),
    });
  const submit = form.handleSubmit((row) => send([row]));

  async function readFile(file: File) {
    csvField.onChange(file.size > CSV_MAX_BYTES ? { fileName: file.name, tooLarge: true } : { fileName: file.name, ...parseInviteCsv(await file.text()) });
  }

  // What is wrong with the file, in words (counts and limits filled in); none before a file is chosen.
  const code = csvState.error?.message;
  const csvError = code === 'csvTooLarge' ? t('invite.csvTooLarge') : null;
  const csvProblem =
    !csv || !code || code === 'none' || code === 'csvTooLarge'
      ? null
      : t(`invite.${code}`, { count: csv.problems.length, max: CLASSROOM_LIMITS.inviteRowsMax });
  const sendCsv = csvFile.handleSubmit(({ csv }) => {
    if (csv && !('tooLarge' in csv)) send(csv.rows.map(({ email, firstName, lastName }): InviteRow => ({ email, firstName, lastName })));
  });

  return (
    <Dialog open={open} onClose={invite.isPending ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="sm" fullScreen={fullScreen}>
      <DialogTitle id={titleId}>{t('invite.title', { className })}</DialogTitle>
      <Tabs
        value={tab}
        onChange={(_event, value: InviteTab) => setTab(value)}
        aria-label={t('invite.tabsLabel')}
        sx={{ px: 3, borderBottom: 1, borderColor: 'divider', '& .MuiTab-root': { textTransform: 'none', fontWeight: 600 } }}
      >
        <Tab value="email" label={t('invite.emailTab')} id="invite-tab-email" aria-controls="invite-panel-email" />
        <Tab value="csv" label={t('invite.csvTab')} id="invite-tab-csv" aria-controls="invite-panel-csv" />
      </Tabs>
      {tab === 'email' ? (
        <form noValidate onSubmit={(event) => void submit(event)}>
          <DialogContent id="invite-panel-email" role="tabpanel" aria-labelledby="invite-tab-email" sx={{ display: 'grid', gap: 2, alignContent: 'start' }}>
            <Typography variant="body2" color="text.secondary">
              {t('invite.emailHelp')}
            </Typography>
            <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
              <FormTextField
                control={form.control}
                name="firstName"
                area="classroom"
                label={t('invite.firstName')}
                autoComplete="off"
                slotProps={{ htmlInput: { maxLength: 60 } }}
              />
              <FormTextField
                control={form.control}
                name="lastName"
                area="classroom"
                label={t('invite.lastName')}
                autoComplete="off"
                slotProps={{ htmlInput: { maxLength: 60 } }}
              />
            </Box>
            <FormTextField
              control={form.control}
              name="email"
              area="classroom"
              messages={EMAIL_MESSAGES}
              label={t('invite.email')}
              type="email"
              required
              helperText=" "
              slotProps={{ htmlInput: { maxLength: 254 } }}
              autoComplete="off"
              autoFocus
            />
          </DialogContent>
          <FormDialogActions cancelLabel={t('common:confirm.cancel')} onCancel={onClose} submitLabel={t('invite.send')} busy={invite.isPending} />
        </form>
      ) : (
        <>
          <DialogContent id="invite-panel-csv" role="tabpanel" aria-labelledby="invite-tab-csv" sx={{ display: 'grid', gap: 2, alignContent: 'start' }}>
            <Typography variant="body2" color="text.secondary">
              {t('invite.csvHelp', { max: CLASSROOM_LIMITS.inviteRowsMax })}
            </Typography>
            <Box component="pre" sx={{ m: 0, p: 1.5, bgcolor: 'grey.100', borderRadius: 2, fontSize: 13, overflowX: 'auto' }}>
              {'Email,First Name,Last Name\nana@example.org,Ana,García'}
            </Box>
            <input
              ref={fileRef}
              id="invite-csv-file"
              type="file"
              accept=".csv,text/csv"
              hidden
              onChange={(ev) => {
                const file = ev.target.files?.[0];
                if (file) void readFile(file);
                ev.target.value = '';
              }}
            />
            <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
              <Button variant="outlined" startIcon={<UploadFileIcon />} onClick={() => fileRef.current?.click()} disabled={invite.isPending}>
                {t('invite.browse')}
              </Button>
              {csv && (
                <>
                  <Typography sx={{ fontWeight: 600, wordBreak: 'break-all' }}>{csv.fileName}</Typography>
                  <Button color="error" startIcon={<DeleteOutlineIcon />} onClick={() => csvField.onChange(null)} disabled={invite.isPending}>
                    {t('invite.remove')}
                  </Button>
                </>
              )}
            </Box>
            {csvError && <Alert severity="error">{csvError}</Alert>}
            {csv && !csvProblem && <Alert severity="info">{t('invite.csvReady', { count: csv.rows.length })}</Alert>}
            {csv && csvProblem && (
              <Alert severity="error">
                {csvProblem}
                {csv.problems.length > 0 && (
                  <List dense disablePadding>
                    {csv.problems.slice(0, LINES_SHOWN).map((problem) => (
                      <ListItem key={problem.line} disableGutters sx={{ py: 0, overflowWrap: 'anywhere' }}>
                        {t('invite.csvBadLine', { line: problem.line, reason: t(`invite.csvReason.${problem.reason}`, { email: problem.email }) })}
                      </ListItem>
                    ))}
                    {csv.problems.length > LINES_SHOWN && (
                      <ListItem disableGutters sx={{ py: 0 }}>
                        {t('invite.csvMoreProblems', { count: csv.problems.length - LINES_SHOWN })}
                      </ListItem>
                    )}
                  </List>
                )}
              </Alert>
            )}
            {csv && csv.duplicates.length > 0 && (
              <Alert severity="warning">
                {t('invite.csvDuplicates', { count: csv.duplicates.length })}
                <List dense disablePadding>
                  {csv.duplicates.slice(0, LINES_SHOWN).map((d) => (
                    <ListItem key={d.line} disableGutters sx={{ py: 0, overflowWrap: 'anywhere' }}>
                      {t('invite.csvDuplicateLine', { line: d.line, email: d.email, firstLine: d.firstLine })}
                    </ListItem>
                  ))}
                  {csv.duplicates.length > LINES_SHOWN && (
                    <ListItem disableGutters sx={{ py: 0 }}>
                      {t('invite.csvMoreProblems', { count: csv.duplicates.length - LINES_SHOWN })}
                    </ListItem>
                  )}
                </List>
              </Alert>
            )}
          </DialogContent>
          <DialogActions sx={{ px: 3, pb: 2 }}>
            <Button onClick={onClose} disabled={invite.isPending}>
              {t('common:confirm.cancel')}
            </Button>
            <Button variant="contained" disabled={!csv || !!csvProblem || invite.isPending} onClick={() => void sendCsv()}>
              {t('invite.upload')}
            </Button>
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}
