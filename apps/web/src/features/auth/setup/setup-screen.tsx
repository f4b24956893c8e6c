import { BackpackOutlined, SchoolOutlined } from '@mui/icons-material';
import { Alert, Box, Button, Stack, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import { useEffect, useId, useRef, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSession, useSignedInMe } from '../../../app/session';
import { showServerIssues, useContractForm } from '../../../components/form/contract-form';
import { FormTextField } from '../../../components/form/form-text-field';
import { useErrorText, useFieldErrorText } from '../../../lib/use-error-text';
import { AuthLayout } from '../components/auth-layout';
import { DistrictSchoolPicker } from '../components/district-school-picker';
import { useSetup } from './api';
import { setupFormSchema } from './setup-schema';
import { SignOutButton } from '../components/sign-out-button';

/** `/user-information` (docs/rules/shell.md#initial-setup): a signed-in user without a role picks one. */
export default function SetupScreen() {
  const { t } = useTranslation();
  const me = useSignedInMe();
  const session = useSession();
  const navigate = useNavigate();
  const errorText = useErrorText('auth');
  const fieldText = useFieldErrorText('auth');
  const form = useContractForm(setupFormSchema, { defaultValues: { role: null, district: null, school: null, classCode: '' }, shouldFocusError: false });
  const [failure, setFailure] = useState<unknown>(null);
  const [role, district, school] = useWatch({ control: form.control, name: ['role', 'district', 'school'] });
  const alertRef = useRef<HTMLDivElement>(null);
  const roleLabelId = useId();
  const save = useSetup();
  const { errors, submitCount } = form.formState;

  const submit = form.handleSubmit(
    (body) => {
      setFailure(null);
      save.mutate(body, {
        onSuccess: (next) => void navigate(session.startSignedIn(next), { replace: true }),
        onError: (e) => showServerIssues(form, e) || setFailure(e),
      });
    },
    () => setFailure(null),
  );
  const problem = [errors.role, errors.school, errors.district, errors.classCode].find(Boolean)?.message;
  const formError = problem ? fieldText(problem) : failure ? errorText(failure) : null;
  useEffect(() => {
    alertRef.current?.focus();
  }, [submitCount, failure]);

  return (
    <AuthLayout title={t('auth:setup.title')}>
      <Stack spacing={3}>
        <Box>
          <Typography variant="h4" component="h1" sx={{ fontWeight: 800, fontSize: { xs: 26, sm: 30 } }}>
            {me.firstName ? t('auth:setup.welcomeName', { name: me.firstName }) : t('auth:setup.welcome')}
          </Typography>
          <Typography color="text.secondary" sx={{ mt: 0.75 }}>
            {t('auth:setup.body')}
          </Typography>
        </Box>
        {formError && (
          <Alert severity="error" role="alert" ref={alertRef} tabIndex={-1} data-testid="setup-error">
            {formError}
          </Alert>
        )}
        <Box component="form" onSubmit={(event) => void submit(event)} noValidate>
          <Stack spacing={2.5}>
            <Box>
              <Typography id={roleLabelId} sx={{ fontWeight: 600, mb: 1 }}>
                {t('auth:setup.roleLabel')}
              </Typography>
              <ToggleButtonGroup
                exclusive
                fullWidth
                color="primary"
                value={role}
                onChange={(_e, next: 'student' | 'teacher' | null) => {
                  if (next) form.setValue('role', next);
                  form.clearErrors();
                  setFailure(null);
                }}
                aria-labelledby={roleLabelId}
              >
                <ToggleButton value="student" sx={{ gap: 1, py: 1.5, fontWeight: 700, textTransform: 'none', fontSize: 16 }}>
                  <BackpackOutlined aria-hidden /> {t('auth:signUp.student')}
                </ToggleButton>
                <ToggleButton value="teacher" sx={{ gap: 1, py: 1.5, fontWeight: 700, textTransform: 'none', fontSize: 16 }}>
                  <SchoolOutlined aria-hidden /> {t('auth:signUp.teacher')}
                </ToggleButton>
              </ToggleButtonGroup>
            </Box>
            {role === 'teacher' && (
              <DistrictSchoolPicker
                allowNew={false}
                district={district}
                school={school}
                onDistrict={(d) => form.setValue('district', d)}
                onSchool={(s) => form.setValue('school', s)}
                districtError={fieldText(errors.district?.message)}
                schoolError={fieldText(errors.school?.message)}
              />
            )}
            {role === 'student' && (
              <FormTextField
                control={form.control}
                name="classCode"
                area="auth"
                parse={(typed) => typed.toUpperCase()}
                label={t('auth:signUp.classCode')}
                helperText={t('auth:signUp.classCodeHelp')}
                required
                autoComplete="off"
                slotProps={{
                  htmlInput: { maxLength: 20, autoCapitalize: 'characters', spellCheck: false, style: { letterSpacing: '0.12em', fontWeight: 600 } },
                }}
              />
            )}
            <Button type="submit" variant="contained" size="large" disabled={save.isPending} sx={{ py: 1.4 }}>
              {t('auth:setup.continue')}
            </Button>
            <SignOutButton>{t('auth:setup.signOut')}</SignOutButton>
          </Stack>
        </Box>
      </Stack>
    </AuthLayout>
  );
}
