import { BIO_MAX, PROFILE_MIN_BIRTH_DATE, type Profile } from '@high5/contract';
import { Box, Button, CircularProgress, Paper, TextField, Typography } from '@mui/material';
import { useEffect, useMemo } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { showServerIssues, useContractForm } from '../../../components/form/contract-form';
import { FormTextField } from '../../../components/form/form-text-field';
import { useProfileErrorText } from '../../../components/student-detail/use-profile-error-text';
import { DateField } from '../../../components/ui/date-field';
import { useNotify } from '../../../components/ui/notifications';
import { ApiError } from '../../../lib/api-client';
import { useFieldErrorText } from '../../../lib/use-error-text';
import { useSaveProfile } from './api';
import { profileFormSchema } from './profile-form-schema';
import { FormSwitch } from '../../../components/form/form-switch';

const fromProfile = (p: Profile) => ({
  firstName: p.firstName,
  lastName: p.lastName,
  dateOfBirth: p.dateOfBirth ?? '',
  pronoun: p.pronoun ?? '',
  phone: p.phone ?? '',
  zipCode: p.zipCode ?? '',
  department: p.department ?? '',
  bio: p.bio ?? '',
  gender: p.gender ?? ('' as const),
  notYetMail: p.notYetMail ?? false,
});

/** How the profile words the generic keys and the contract's own codes. */
const MESSAGES = {
  'errors:field.required': 'profile:invalid.required',
  invalid_future_date: 'profile:invalid.dateFuture',
  invalid_date: 'profile:invalid.date',
};
const FIELD_MESSAGES = {
  phone: { ...MESSAGES, 'errors:field.invalid': 'profile:invalid.phone', invalid_phone: 'profile:invalid.phone' },
  zipCode: { ...MESSAGES, 'errors:field.invalid': 'profile:invalid.zipCode', invalid_zip: 'profile:invalid.zipCode' },
};

type TextName = 'firstName' | 'lastName' | 'pronoun' | 'phone' | 'zipCode' | 'department';

/** The profile's own details (docs/rules/recognition.md#profile); errors show once a field is left, or on submit. */
export function ProfileForm({ profile }: { profile: Profile }) {
  const { t } = useTranslation('profile');
  const notify = useNotify();
  const errorText = useProfileErrorText();
  const fieldText = useFieldErrorText();
  const save = useSaveProfile();
  // Keyed by the saved values, not the object: a new photo link must not wipe unsaved edits.
  const initialKey = JSON.stringify(fromProfile(profile));
  const initial = useMemo(() => JSON.parse(initialKey) as ReturnType<typeof fromProfile>, [initialKey]);
  const form = useContractForm(profileFormSchema(profile.today), { defaultValues: initial, mode: 'onTouched' });
  useEffect(() => form.reset(initial), [form, initial]);
  const bio = useWatch({ control: form.control, name: 'bio' }) ?? '';

  const submit = form.handleSubmit(async ({ phone, zipCode, department, bio, notYetMail, ...values }) => {
    try {
      await save.mutateAsync({
        ...values,
        // Students are not asked for these (decision 0306): nothing is sent for them.
        ...(profile.canEditContact ? { phone, zipCode, department } : {}),
        ...(profile.canEditBio ? { bio } : {}),
        // Only teachers are sent the monthly "not yet" e-mail (docs/decisions/0568).
        ...(profile.notYetMail !== null ? { notYetMail } : {}),
      });
      notify('success', t('updated'));
    } catch (error) {
      showServerIssues(form, error);
      notify('error', error instanceof ApiError && error.code !== 'VALIDATION_FAILED' && error.code !== 'INTERNAL' ? errorText(error) : t('updateFailed'));
    }
  });

  const text = (
    name: TextName,
    options: { max: number; required?: boolean; type?: string; autoComplete?: string; hint?: string; inputMode?: 'tel' | 'numeric' | 'text' },
  ) => (
    <FormTextField
      control={form.control}
      name={name}
      messages={name === 'phone' || name === 'zipCode' ? FIELD_MESSAGES[name] : MESSAGES}
      label={t(`fields.${name}`)}
      required={options.required}
      type={options.type ?? 'text'}
      autoComplete={options.autoComplete ?? 'off'}
      helperText={options.hint ?? ' '}
      fullWidth
      slotProps={{ htmlInput: { maxLength: options.max, inputMode: options.inputMode } }}
    />
  );
  const readOnly = (label: string, value: string) => (
    <TextField label={label} value={value} fullWidth slotProps={{ input: { readOnly: true } }} variant="filled" helperText=" " />
  );

  return (
    <Paper
      component="form"
      noValidate
      onSubmit={(event) => void submit(event)}
      variant="outlined"
      sx={{ p: { xs: 2, sm: 3 }, borderRadius: 3 }}
      aria-labelledby="profile-details-heading"
    >
      <Typography id="profile-details-heading" variant="h6" component="h2" sx={{ mb: 2, fontWeight: 700 }}>
        {t('sections.details')}
      </Typography>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2, rowGap: 0.5 }}>
        {text('firstName', { max: 60, required: true, autoComplete: 'given-name' })}
        {text('lastName', { max: 60, required: true, autoComplete: 'family-name' })}
        <Controller
          control={form.control}
          name="dateOfBirth"
          render={({ field, fieldState }) => (
            <DateField
              label={t('fields.dateOfBirth')}
              name={field.name}
              value={field.value}
              minDate={PROFILE_MIN_BIRTH_DATE}
              maxDate={profile.today}
              fullWidth
              clearable
              onChange={(date) => field.onChange(date ?? 'invalid')}
              error={!!fieldState.error}
              helperText={
                fieldState.error ? fieldText(MESSAGES[fieldState.error.message as keyof typeof MESSAGES] ?? fieldState.error.message) : t('hints.dateOfBirth')
              }
              onBlur={field.onBlur}
            />
          )}
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
      {/* The hidden gender select (docs/rules/recognition.md#profile): kept in the form, not shown. */}
      <Controller control={form.control} name="gender" render={({ field }) => <input type="hidden" name={field.name} value={field.value} />} />
      {profile.canEditBio && (
        <FormTextField
          control={form.control}
          name="bio"
          label={t('fields.bio')}
          multiline
          minRows={3}
          maxRows={10}
          fullWidth
          helperText={t('hints.bio', { count: bio.length, max: BIO_MAX })}
          slotProps={{ htmlInput: { maxLength: BIO_MAX } }}
          sx={{ mt: 0.5 }}
        />
      )}
      {profile.notYetMail !== null && <FormSwitch control={form.control} name="notYetMail" label={t('fields.notYetMail')} />}

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
        <Button
          type="submit"
          variant="contained"
          size="large"
          disabled={!form.formState.isDirty || save.isPending}
          startIcon={save.isPending ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined}
        >
          {t('submit')}
        </Button>
      </Box>
    </Paper>
  );
}
