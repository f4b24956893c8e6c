import { Box, Stack } from '@mui/material';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { showServerIssues, useContractForm } from '../../../components/form/contract-form';
import { FormTextField } from '../../../components/form/form-text-field';
import { useFieldErrorText } from '../../../lib/use-error-text';
import { DistrictSchoolPicker } from '../components/district-school-picker';
import { useSignUp } from './api';
import { SIGN_UP_MESSAGES, SignUpAlert, SignUpEnd } from './form-parts';
import type { SignUpOutcome } from './sign-up-screen';
import { teacherFormSchema } from './sign-up-schemas';

/** Step 2 for teachers: district, school, name, e-mail, password, and the Aeries username for Aeries districts. */
export function TeacherForm({ onDone }: { onDone: (outcome: SignUpOutcome) => void }) {
  const { t, i18n } = useTranslation();
  const fieldText = useFieldErrorText('auth');
  const form = useContractForm(teacherFormSchema, {
    defaultValues: {
      firstName: '',
      lastName: '',
      email: '',
      aeriesUsername: '',
      password: '',
      confirm: '',
      acceptedTerms: false,
      district: null,
      school: null,
    },
    shouldFocusError: false,
  });
  const [failure, setFailure] = useState<unknown>(null);
  const signUp = useSignUp();
  const [district, school] = useWatch({ control: form.control, name: ['district', 'school'] });
  // Only an Aeries district links teachers by their Aeries username (a Clever one does not ask).
  const aeries = district?.kind === 'existing' && district.aeries;
  const { errors, submitCount } = form.formState;

  const submit = form.handleSubmit(
    ({ district, school, firstName, lastName, email, password, aeriesUsername }) => {
      setFailure(null);
      signUp.mutate(
        {
          role: 'teacher',
          firstName,
          lastName,
          email,
          password,
          language: i18n.language === 'es' ? 'es' : 'en',
          ...(district!.kind === 'existing' ? { districtId: district!.id } : { newDistrictName: district!.name }),
          ...(school!.kind === 'existing' ? { schoolId: school!.id } : { newSchoolName: school!.name }),
          ...(aeries && aeriesUsername ? { aeriesUsername } : {}),
          acceptedTerms: true,
        },
        { onSuccess: onDone, onError: (e) => showServerIssues(form, e) || setFailure(e) },
      );
    },
    () => setFailure(null),
  );

  return (
    <Box component="form" onSubmit={(event) => void submit(event)} noValidate>
      <Stack spacing={2.25}>
        <SignUpAlert errors={errors} failure={failure} submitCount={submitCount} />
        <DistrictSchoolPicker
          allowNew
          district={district}
          school={school}
          onDistrict={(d) => form.setValue('district', d, { shouldValidate: submitCount > 0, shouldDirty: true })}
          onSchool={(s) => form.setValue('school', s, { shouldValidate: submitCount > 0, shouldDirty: true })}
          districtError={fieldText(errors.district?.message)}
          schoolError={fieldText(errors.school?.message)}
        />
        <Box sx={{ display: 'grid', gap: 2.25, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          <FormTextField
            control={form.control}
            name="firstName"
            area="auth"
            messages={SIGN_UP_MESSAGES}
            label={t('auth:signUp.firstName')}
            autoComplete="given-name"
            required
            slotProps={{ htmlInput: { maxLength: 60 } }}
          />
          <FormTextField
            control={form.control}
            name="lastName"
            area="auth"
            messages={SIGN_UP_MESSAGES}
            label={t('auth:signUp.lastName')}
            autoComplete="family-name"
            required
            slotProps={{ htmlInput: { maxLength: 60 } }}
          />
        </Box>
        <FormTextField
          control={form.control}
          name="email"
          area="auth"
          messages={SIGN_UP_MESSAGES}
          label={t('auth:signUp.email')}
          type="email"
          helperText={t('auth:signUp.emailHelp')}
          autoComplete="email"
          required
          slotProps={{ htmlInput: { maxLength: 254 } }}
        />
        {aeries && (
          <FormTextField
            control={form.control}
            name="aeriesUsername"
            area="auth"
            messages={SIGN_UP_MESSAGES}
            label={t('auth:signUp.aeries')}
            helperText={t('auth:signUp.aeriesHelp')}
            slotProps={{ htmlInput: { maxLength: 100 } }}
          />
        )}
        <SignUpEnd control={form.control} id="teacher" pending={signUp.isPending} />
      </Stack>
    </Box>
  );
}
