import type { Me } from '@high5/contract';
import { ArrowBack, ChevronRight, Google, MailOutlined, SchoolOutlined, BackpackOutlined } from '@mui/icons-material';
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
  Link as MuiLink,
  Stack,
  Typography,
} from '@mui/material';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { paths } from '../../../app/paths';
import { googleSignInHref, markProviderSignIn, useAuthConfig, useSession } from '../../../app/session';
import { ApiError } from '../../../lib/api-client';
import { useErrorText } from '../../../lib/use-error-text';
import { AuthLayout } from '../components/auth-layout';
import { REDIRECT_ERRORS } from '../sign-in/sign-in-screen';
import { StudentForm } from './student-form';
import { TeacherForm } from './teacher-form';

export type SignUpOutcome = { status: 'verify_email' } | { status: 'signed_in'; me: Me };

/** `/signup` (docs/rules/shell.md#sign-up): Google or e-mail, then student or teacher, then the form. */
export default function SignUpScreen() {
  const { t } = useTranslation();
  const [step, setStep] = useState<0 | 1 | 2>(0);
  const [role, setRole] = useState<'student' | 'teacher' | null>(null);
  const [outcome, setOutcome] = useState<SignUpOutcome | null>(null);

  return (
    <AuthLayout title={t('auth:signUp.title')} wide={step === 2}>
      <Stack spacing={3}>
        <Box>
          {step > 0 ? (
            <Button size="small" startIcon={<ArrowBack />} onClick={() => setStep(step === 2 ? 1 : 0)} sx={{ mb: 1, ml: -1 }}>
              {t('auth:signUp.back')}
            </Button>
          ) : (
            <MuiLink component={Link} to={paths.signIn} sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, fontWeight: 600, fontSize: 14, mb: 1.5 }}>
              <ArrowBack fontSize="small" aria-hidden />
              {t('auth:forgot.back')}
            </MuiLink>
          )}
          <Typography variant="overline" component="p" color="primary" sx={{ fontWeight: 700, letterSpacing: '0.08em' }} data-testid="signup-step">
            {t('auth:signUp.stepOf', { step: step + 1, total: 3 })}
          </Typography>
          <Typography variant="h4" component="h1" sx={{ fontWeight: 800, fontSize: { xs: 26, sm: 30 } }}>
            {step === 0
              ? t('auth:signUp.title')
              : step === 1
                ? t('auth:signUp.chooseRole')
                : role === 'teacher'
                  ? t('auth:signUp.teacherTitle')
                  : t('auth:signUp.studentTitle')}
          </Typography>
          <Typography color="text.secondary" sx={{ mt: 0.75 }}>
            {step === 0
              ? t('auth:signUp.intro')
              : step === 1
                ? t('auth:signUp.chooseRoleBody')
                : role === 'teacher'
                  ? t('auth:signUp.teacherBody')
                  : t('auth:signUp.studentBody')}
          </Typography>
        </Box>
        {step === 0 && <StepStart onEmail={() => setStep(1)} />}
        {step === 1 && (
          <StepRole
            onPick={(picked) => {
              setRole(picked);
              setStep(2);
            }}
          />
        )}
        {step === 2 && role === 'teacher' && <TeacherForm onDone={setOutcome} />}
        {step === 2 && role === 'student' && <StudentForm onDone={setOutcome} />}
        <Typography sx={{ textAlign: 'center' }}>
          {t('auth:signUp.haveAccount')}{' '}
          <MuiLink component={Link} to={paths.signIn} sx={{ fontWeight: 700 }}>
            {t('auth:signUp.signIn')}
          </MuiLink>
        </Typography>
      </Stack>
      {outcome && <ResultDialog outcome={outcome} />}
    </AuthLayout>
  );
}

function StepStart({ onEmail }: { onEmail: () => void }) {
  const { t } = useTranslation();
  const errorText = useErrorText('auth');
  const config = useAuthConfig();
  const [search] = useSearchParams();
  const redirectError = search.get('error');
  const googleEnabled = config.data?.googleEnabled ?? false;
  return (
    <Stack spacing={2}>
      {redirectError && REDIRECT_ERRORS.includes(redirectError) && (
        <Alert severity="error" role="alert">
          {errorText(new ApiError(400, redirectError))}
        </Alert>
      )}
      <ChoiceCard
        icon={<Google />}
        title={t('auth:signUp.google')}
        body={googleEnabled ? t('auth:signUp.googleBody') : t('auth:signIn.googleOff')}
        href={googleEnabled ? googleSignInHref('signup') : undefined}
        onClick={markProviderSignIn}
        disabled={!googleEnabled}
      />
      <ChoiceCard icon={<MailOutlined />} title={t('auth:signUp.withEmail')} body={t('auth:signUp.withEmailBody')} onClick={onEmail} />
    </Stack>
  );
}

function StepRole({ onPick }: { onPick: (role: 'student' | 'teacher') => void }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
      <ChoiceCard icon={<BackpackOutlined />} title={t('auth:signUp.student')} body={t('auth:signUp.studentHint')} onClick={() => onPick('student')} />
      <ChoiceCard icon={<SchoolOutlined />} title={t('auth:signUp.teacher')} body={t('auth:signUp.teacherHint')} onClick={() => onPick('teacher')} />
    </Box>
  );
}

/** A big, friendly choice: a button (or link) with an icon, a title and a line of help. */
function ChoiceCard({
  icon,
  title,
  body,
  onClick,
  href,
  disabled,
}: {
  icon: ReactNode;
  title: string;
  body: string;
  onClick?: () => void;
  href?: string;
  disabled?: boolean;
}) {
  const bodyId = useId();
  return (
    <ButtonBase
      {...(href ? { component: 'a', href } : {})}
      onClick={onClick}
      disabled={disabled}
      aria-describedby={bodyId}
      focusRipple
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 2,
        width: '100%',
        textAlign: 'left',
        p: 2.25,
        borderRadius: 3,
        border: 1.5,
        borderColor: 'rgba(106, 27, 154, 0.18)',
        bgcolor: 'background.paper',
        transition: 'border-color 120ms, background-color 120ms, transform 120ms',
        '&:hover': { borderColor: 'primary.main', bgcolor: 'rgba(106, 27, 154, 0.04)' },
        '&.Mui-focusVisible': { outline: '3px solid', outlineColor: 'primary.main', outlineOffset: 2 },
        '&.Mui-disabled': { opacity: 0.6 },
      }}
    >
      <Box
        aria-hidden
        sx={{
          display: 'grid',
          placeItems: 'center',
          width: 48,
          height: 48,
          flexShrink: 0,
          borderRadius: 2.5,
          bgcolor: 'rgba(106, 27, 154, 0.10)',
          color: 'primary.main',
        }}
      >
        {icon}
      </Box>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography component="span" sx={{ display: 'block', fontWeight: 700, fontSize: 17 }}>
          {title}
        </Typography>
        <Typography component="span" id={bodyId} variant="body2" color="text.secondary" sx={{ display: 'block', mt: 0.25 }}>
          {body}
        </Typography>
      </Box>
      <ChevronRight color="action" aria-hidden />
    </ButtonBase>
  );
}

function ResultDialog({ outcome }: { outcome: SignUpOutcome }) {
  const { t } = useTranslation();
  const session = useSession();
  const navigate = useNavigate();
  const titleId = useId();
  const bodyId = useId();
  const ok = () => {
    if (outcome.status === 'signed_in') void navigate(session.startSignedIn(outcome.me), { replace: true });
    else void navigate(paths.signIn, { replace: true });
  };
  return (
    <Dialog open onClose={ok} aria-labelledby={titleId} aria-describedby={bodyId} maxWidth="xs" fullWidth data-testid="signup-result">
      <DialogTitle id={titleId}>{t('auth:signUp.resultTitle')}</DialogTitle>
      <DialogContent>
        <DialogContentText id={bodyId}>
          {outcome.status === 'signed_in' ? t('auth:messages.SIGNUP_SUCCESS_WITHOUTEMAIL') : t('auth:messages.SIGNUP_SUCCESS')}
        </DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button variant="contained" onClick={ok} autoFocus>
          {t('auth:signUp.ok')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
