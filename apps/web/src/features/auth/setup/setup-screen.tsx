import { authApi, type SetupSchema } from '@high5/contract';
import type { z } from 'zod';
import { BackpackOutlined, SchoolOutlined } from '@mui/icons-material';
import { Alert, Box, Button, Stack, TextField, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '../../../app/paths';
import { signOut, startSignedIn, useSignedInMe } from '../../../app/session';
import { api } from '../../../lib/api-client';
import { AuthLayout } from '../components/auth-layout';
import { DistrictSchoolPicker, type DistrictChoice, type SchoolChoice } from '../components/district-school-picker';
import { helper, useServerErrors } from '../sign-up/form-parts';

/** `/user-information` (spec 000 section 2.5): a signed-in user without a role picks one. */
export default function SetupScreen() {
  const { t } = useTranslation();
  const me = useSignedInMe();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const serverErrors = useServerErrors();
  const [role, setRole] = useState<'student' | 'teacher' | null>(null);
  const [district, setDistrict] = useState<DistrictChoice | null>(null);
  const [school, setSchool] = useState<SchoolChoice | null>(null);
  const [classCode, setClassCode] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const alertRef = useRef<HTMLDivElement>(null);
  const roleLabelId = useId();

  const save = useMutation({
    mutationFn: (body: z.input<typeof SetupSchema>) => api(authApi.setup, { body }),
    onSuccess: (next) => void navigate(startSignedIn(queryClient, next), { replace: true }),
    onError: (e) => {
      const { fields, form } = serverErrors(e);
      setErrors(fields);
      setFormError(form);
      requestAnimationFrame(() => alertRef.current?.focus());
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next: Record<string, string> = {};
    if (!role) next.role = t('auth:errors.ROLE_REQUIRED');
    if (role === 'teacher' && school?.kind !== 'existing') next.school = t('auth:errors.SCHOOL_REQUIRED');
    if (role === 'teacher' && !district) next.district = t('auth:errors.DISTRICT_REQUIRED');
    if (role === 'student' && !classCode.trim()) next.classCode = t('auth:errors.CLASS_CODE_REQUIRED');
    setErrors(next);
    const first = Object.values(next)[0];
    setFormError(first ?? null);
    if (first) {
      requestAnimationFrame(() => alertRef.current?.focus());
      return;
    }
    save.mutate(role === 'teacher' ? { role, schoolId: (school as Extract<SchoolChoice, { kind: 'existing' }>).id } : { role: 'student', classCode: classCode.trim().toUpperCase() });
  };

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
        <Box component="form" onSubmit={submit} noValidate>
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
                  if (next) setRole(next);
                  setErrors({});
                  setFormError(null);
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
              <DistrictSchoolPicker allowNew={false} district={district} school={school} onDistrict={setDistrict} onSchool={setSchool} districtError={errors.district} schoolError={errors.school} />
            )}
            {role === 'student' && (
              <TextField
                label={t('auth:signUp.classCode')}
                value={classCode}
                onChange={(e) => setClassCode(e.target.value.toUpperCase())}
                error={!!errors.classCode}
                helperText={helper(errors, 'classCode', t('auth:signUp.classCodeHelp'))}
                required
                autoComplete="off"
                slotProps={{ htmlInput: { maxLength: 20, autoCapitalize: 'characters', spellCheck: false, style: { letterSpacing: '0.12em', fontWeight: 600 } } }}
              />
            )}
            <Button type="submit" variant="contained" size="large" disabled={save.isPending} sx={{ py: 1.4 }}>
              {t('auth:setup.continue')}
            </Button>
            <Button
              color="inherit"
              onClick={async () => {
                await signOut(queryClient);
                void navigate(paths.signIn, { replace: true });
              }}
            >
              {t('auth:setup.signOut')}
            </Button>
          </Stack>
        </Box>
      </Stack>
    </AuthLayout>
  );
}
