import { BIO_MAX, PHONE_PATTERN, PROFILE_MIN_BIRTH_DATE, ZIP_PATTERN, type Profile, type ProfileUpdate } from '@high5/contract';
import CloseIcon from '@mui/icons-material/Close';
import FamilyRestroomOutlinedIcon from '@mui/icons-material/FamilyRestroomOutlined';
import { Alert, Box, Button, CircularProgress, IconButton, Paper, TextField, Tooltip, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useId, useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { PhotoPicker } from '../../../components/student-detail/photo-picker';
import { useProfileErrorText } from '../../../components/student-detail/use-profile-error-text';
import { DateField } from '../../../components/ui/date-field';
import { useNotify } from '../../../components/ui/notifications';
import { PageTitle } from '../../../components/ui/page-title';
import { ApiError } from '../../../lib/api-client';
import { myAvatarQuery } from '../avatar/api';
import { HandImage } from '../avatar/hand-image';
import { InviteParentDialog } from '../family/invite-parent-dialog';
import { profileQuery, useSaveProfile, useUploadOwnPhoto } from './api';
import { SecurityCard } from './security-card';

// three.js loads only when the builder opens.
const AvatarBuilderDialog = lazy(() => import('../avatar/avatar-builder-dialog'));

interface FormValues {
  firstName: string;
  lastName: string;
  /** 'yyyy-MM-dd', '' for none, or 'invalid' while the typed date is incomplete. */
  dateOfBirth: string;
  pronoun: string;
  phone: string;
  zipCode: string;
  department: string;
  bio: string;
  gender: '' | 'M' | 'F' | 'O';
}
type Field = keyof FormValues;

const fromProfile = (p: Profile): FormValues => ({
  firstName: p.firstName,
  lastName: p.lastName,
  dateOfBirth: p.dateOfBirth ?? '',
  pronoun: p.pronoun ?? '',
  phone: p.phone ?? '',
  zipCode: p.zipCode ?? '',
  department: p.department ?? '',
  bio: p.bio ?? '',
  gender: p.gender ?? '',
});

/** The same rules as the server's (packages/contract/src/profile.ts), as messages per field. */
function validate(values: FormValues, today: string): Partial<Record<Field, string>> {
  const errors: Partial<Record<Field, string>> = {};
  if (!values.firstName.trim()) errors.firstName = 'invalid.required';
  if (!values.lastName.trim()) errors.lastName = 'invalid.required';
  const phone = values.phone.trim();
  if (phone && (!PHONE_PATTERN.test(phone) || (phone.match(/\d/g)?.length ?? 0) < 7)) errors.phone = 'invalid.phone';
  if (values.zipCode.trim() && !ZIP_PATTERN.test(values.zipCode.trim())) errors.zipCode = 'invalid.zipCode';
  if (values.dateOfBirth === 'invalid') errors.dateOfBirth = 'invalid.date';
  else if (values.dateOfBirth && values.dateOfBirth < PROFILE_MIN_BIRTH_DATE) errors.dateOfBirth = 'invalid.dateTooOld';
  else if (values.dateOfBirth && values.dateOfBirth > today) errors.dateOfBirth = 'invalid.dateFuture';
  return errors;
}

/** The profile (spec 001): own details, photo, hand avatar and, for students, the parent invitation. */
export default function ProfileScreen() {
  const { t } = useTranslation('profile');
  const navigate = useNavigate();
  const profile = useQuery(profileQuery);
  const errorText = useProfileErrorText();

  return (
    <Box sx={{ maxWidth: 1100, mx: 'auto' }}>
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 2 }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <PageTitle subtitle={profile.data ? t('subtitle', { school: profile.data.schoolName }) : undefined}>{t('title')}</PageTitle>
        </Box>
        <Tooltip title={t('close')}>
          <IconButton aria-label={t('close')} onClick={() => void navigate('/dashboard')} sx={{ border: 1, borderColor: 'divider', bgcolor: 'background.paper', mt: 0.5 }}>
            <CloseIcon />
          </IconButton>
        </Tooltip>
      </Box>
      {profile.data ? (
        <ProfileBody profile={profile.data} />
      ) : profile.isError ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void profile.refetch()}>
              {t('retry')}
            </Button>
          }
        >
          {profile.error instanceof ApiError ? errorText(profile.error) : t('loadFailed')}
        </Alert>
      ) : (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 8 }}>
          <CircularProgress aria-label={t('common:loading')} />
        </Box>
      )}
    </Box>
  );
}

function ProfileBody({ profile }: { profile: Profile }) {
  const { t } = useTranslation('profile');
  const uploadPhoto = useUploadOwnPhoto();
  const [searchParams, setSearchParams] = useSearchParams();
  const [builderOpen, setBuilderOpen] = useState(false);
  const inviteOpen = profile.role === 'student' && searchParams.get('invite') === 'parent';
  const name = `${profile.firstName} ${profile.lastName}`.trim();
  const setInvite = (open: boolean) =>
    setSearchParams(
      (params) => {
        const next = new URLSearchParams(params);
        if (open) next.set('invite', 'parent');
        else next.delete('invite');
        return next;
      },
      { replace: true },
    );
  const lockedText = profile.role === 'student' ? t('photo.studentsCannot') : t('photo.paidCannot');

  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '300px 1fr' }, gap: 3, alignItems: 'start' }}>
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}>
        <Card title={t('sections.photo')}>
          <PhotoPicker
            photoUrl={profile.photoUrl}
            name={name}
            canChange={profile.canChangePhoto}
            lockedText={lockedText}
            uploadName={profile.id}
            onUpload={(photo, filename) => uploadPhoto.mutateAsync({ photo, filename })}
          />
        </Card>
        <Card title={t('sections.hand')}>
          <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 1.5, textAlign: 'center' }}>
            <HandImage size={120} />
            <Typography variant="body2" color="text.secondary">
              {t('handIntro')}
            </Typography>
            <HandButton onClick={() => setBuilderOpen(true)} />
          </Box>
        </Card>
        {profile.role === 'student' && (
          <Card title={t('inviteParent')}>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
              {t('inviteParentIntro')}
            </Typography>
            <Button variant="outlined" startIcon={<FamilyRestroomOutlinedIcon />} onClick={() => setInvite(true)} fullWidth>
              {t('inviteParent')}
            </Button>
          </Card>
        )}
      </Box>

      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3, minWidth: 0 }}>
        <ProfileForm key={profile.id} profile={profile} />
        <SecurityCard />
      </Box>

      {builderOpen && (
        <Suspense
          fallback={
            <Box role="status" sx={{ position: 'fixed', inset: 0, display: 'grid', placeItems: 'center', bgcolor: 'rgba(0,0,0,0.3)', zIndex: 1300 }}>
              <CircularProgress aria-label={t('avatar.loading')} />
            </Box>
          }
        >
          <AvatarBuilderDialog open onClose={() => setBuilderOpen(false)} />
        </Suspense>
      )}
      {profile.role === 'student' && (
        <InviteParentDialog
          open={inviteOpen}
          onClose={() => setInvite(false)}
        />
      )}
    </Box>
  );
}

function HandButton({ onClick }: { onClick(): void }) {
  const { t } = useTranslation('profile');
  const mine = useQuery(myAvatarQuery);
  return (
    <Button variant="contained" onClick={onClick}>
      {mine.data ? t('changeHand') : t('buildHand')}
    </Button>
  );
}

function Card({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <Paper component="section" aria-labelledby={headingId} variant="outlined" sx={{ p: { xs: 2, sm: 2.5 }, borderRadius: 3 }}>
      <Typography id={headingId} variant="h6" component="h2" sx={{ mb: 2, fontWeight: 700 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

function ProfileForm({ profile }: { profile: Profile }) {
  const { t } = useTranslation('profile');
  const notify = useNotify();
  const errorText = useProfileErrorText();
  const save = useSaveProfile();
  // Keyed by the saved values, not the object: a new photo link must not wipe unsaved edits.
  const initialKey = JSON.stringify(fromProfile(profile));
  const initial = useMemo(() => JSON.parse(initialKey) as FormValues, [initialKey]);
  const [values, setValues] = useState<FormValues>(initial);
  const [touched, setTouched] = useState<Partial<Record<Field, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Partial<Record<Field, string>>>({});
  useEffect(() => setValues(initial), [initial]);

  const errors = { ...validate(values, profile.today), ...serverErrors };
  const dirty = (Object.keys(initial) as Field[]).some((k) => initial[k] !== values[k]);
  const shown = (field: Field) => (touched[field] || submitted) && errors[field];

  const set = (field: Field, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setServerErrors(({ [field]: _fixed, ...rest }) => rest);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (Object.values(errors).some(Boolean)) return;
    const body: ProfileUpdate = {
      firstName: values.firstName,
      lastName: values.lastName,
      dateOfBirth: values.dateOfBirth || null,
      pronoun: values.pronoun,
      // Students are not asked for these (decision 0306): nothing is sent for them.
      ...(profile.canEditContact ? { phone: values.phone, zipCode: values.zipCode, department: values.department } : {}),
      gender: values.gender || null,
      ...(profile.canEditBio ? { bio: values.bio } : {}),
    };
    try {
      await save.mutateAsync(body);
      setSubmitted(false);
      setTouched({});
      notify('success', t('updated'));
    } catch (error) {
      if (error instanceof ApiError && error.code === 'VALIDATION_FAILED') {
        const fromServer: Partial<Record<Field, string>> = {};
        for (const issue of error.issues) {
          const field = issue.path.replace(/^body\./, '') as Field;
          if (field in values) fromServer[field] = issue.code === 'invalid_future_date' ? 'invalid.dateFuture' : `invalid.${field === 'dateOfBirth' ? 'date' : field === 'firstName' || field === 'lastName' ? 'required' : field}`;
        }
        setServerErrors(fromServer);
      }
      notify('error', error instanceof ApiError && error.code !== 'VALIDATION_FAILED' && error.code !== 'INTERNAL' ? errorText(error) : t('updateFailed'));
    }
  };

  const text = (field: Exclude<Field, 'gender' | 'dateOfBirth'>, options: { max: number; required?: boolean; type?: string; autoComplete?: string; hint?: string; inputMode?: 'tel' | 'numeric' | 'text' } ) => {
    const error = shown(field);
    return (
      <TextField
        name={field}
        label={t(`fields.${field}`)}
        value={values[field]}
        onChange={(event) => set(field, event.target.value)}
        onBlur={() => setTouched((x) => ({ ...x, [field]: true }))}
        required={options.required}
        type={options.type ?? 'text'}
        autoComplete={options.autoComplete ?? 'off'}
        error={!!error}
        helperText={error ? t(error, { max: options.max }) : (options.hint ?? ' ')}
        fullWidth
        slotProps={{ htmlInput: { maxLength: options.max, inputMode: options.inputMode } }}
      />
    );
  };

  const dobError = shown('dateOfBirth');
  const readOnly = (label: string, value: string) => <TextField label={label} value={value} fullWidth slotProps={{ input: { readOnly: true } }} variant="filled" helperText=" " />;

  return (
    <Paper component="form" noValidate onSubmit={(event: FormEvent) => void submit(event)} variant="outlined" sx={{ p: { xs: 2, sm: 3 }, borderRadius: 3 }} aria-labelledby="profile-details-heading">
      <Typography id="profile-details-heading" variant="h6" component="h2" sx={{ mb: 2, fontWeight: 700 }}>
        {t('sections.details')}
      </Typography>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2, rowGap: 0.5 }}>
        {text('firstName', { max: 60, required: true, autoComplete: 'given-name' })}
        {text('lastName', { max: 60, required: true, autoComplete: 'family-name' })}
        <DateField
          label={t('fields.dateOfBirth')}
          name="dateOfBirth"
          value={values.dateOfBirth}
          minDate={PROFILE_MIN_BIRTH_DATE}
          maxDate={profile.today}
          fullWidth
          clearable
          onChange={(date) => set('dateOfBirth', date ?? 'invalid')}
          error={!!dobError}
          helperText={dobError ? t(dobError) : t('hints.dateOfBirth')}
          onBlur={() => setTouched((x) => ({ ...x, dateOfBirth: true }))}
        />
        {text('pronoun', { max: 40, hint: t('hints.pronoun') })}
        {profile.canEditContact && (
          <>
            {text('phone', { max: 20, type: 'tel', autoComplete: 'tel', hint: t('hints.phone'), inputMode: 'tel' })}
            {text('zipCode', { max: 10, autoComplete: 'postal-code', hint: t('hints.zipCode'), inputMode: 'numeric' })}
            {text('department', { max: 80, autoComplete: 'organization-title' })}
          </>
        )}
      </Box>
      {/* The spec's hidden gender select: kept in the form, not shown. */}
      <input type="hidden" name="gender" value={values.gender} />
      {profile.canEditBio && (
        <TextField
          name="bio"
          label={t('fields.bio')}
          value={values.bio}
          onChange={(event) => set('bio', event.target.value)}
          multiline
          minRows={3}
          maxRows={10}
          fullWidth
          helperText={t('hints.bio', { count: values.bio.length, max: BIO_MAX })}
          slotProps={{ htmlInput: { maxLength: BIO_MAX } }}
          sx={{ mt: 0.5 }}
        />
      )}

      <Typography variant="h6" component="h2" sx={{ mt: 3, mb: 0.5, fontWeight: 700 }}>
        {t('sections.account')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('readOnlyNote')}
      </Typography>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2, rowGap: 0.5 }}>
        {profile.email ? readOnly(t('fields.email'), profile.email) : readOnly(t('fields.username'), profile.username ?? '')}
        {readOnly(t('fields.role'), `${t(`roles.${profile.role}`)}${profile.isAdmin ? ` · ${t('roles.admin')}` : ''}`)}
        {readOnly(t('fields.school'), profile.schoolName)}
        {readOnly(t('fields.district'), profile.districtName)}
      </Box>

      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 2 }}>
        <Button type="submit" variant="contained" size="large" disabled={!dirty || save.isPending} startIcon={save.isPending ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined}>
          {t('submit')}
        </Button>
      </Box>
    </Paper>
  );
}
