import type { Profile } from '@high5/contract';
import CloseIcon from '@mui/icons-material/Close';
import FamilyRestroomOutlinedIcon from '@mui/icons-material/FamilyRestroomOutlined';
import { Alert, Box, Button, CircularProgress, IconButton, Paper, Tooltip, Typography } from '@mui/material';
import { lazy, Suspense, useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { PhotoPicker } from '../../../components/student-detail/photo-picker';
import { useProfileErrorText } from '../../../components/student-detail/use-profile-error-text';
import { PageTitle } from '../../../components/ui/page-title';
import { YearExportCard } from '../../../components/year-export/year-export-card';
import { ApiError } from '../../../lib/api-client';
import { useMyAvatar } from '../avatar/api';
import { HandImage } from '../avatar/hand-image';
import { InviteParentDialog } from '../family/invite-parent-dialog';
import { useProfile, useUploadOwnPhoto } from './api';
import { ProfileForm } from './profile-form';
import { SecurityCard } from './security-card';

// three.js loads only when the builder opens.
const AvatarBuilderDialog = lazy(() => import('../avatar/avatar-builder-dialog'));

/** The profile (docs/rules/recognition.md#profile): own details, photo, hand avatar and, for students, the parent invitation. */
export default function ProfileScreen() {
  const { t } = useTranslation('profile');
  const navigate = useNavigate();
  const profile = useProfile();
  const errorText = useProfileErrorText();

  return (
    <Box sx={{ maxWidth: 1100, mx: 'auto' }}>
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 2 }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <PageTitle subtitle={profile.data ? t('subtitle', { school: profile.data.schoolName }) : undefined}>{t('title')}</PageTitle>
        </Box>
        <Tooltip title={t('close')}>
          <IconButton
            aria-label={t('close')}
            onClick={() => void navigate('/dashboard')}
            sx={{ border: 1, borderColor: 'divider', bgcolor: 'background.paper', mt: 0.5 }}
          >
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
        {profile.role === 'student' && (
          <Card title={t('common:yearExport.title')}>
            <YearExportCard studentId={profile.id} name={name} self />
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
      {profile.role === 'student' && <InviteParentDialog open={inviteOpen} onClose={() => setInvite(false)} />}
    </Box>
  );
}

function HandButton({ onClick }: { onClick(): void }) {
  const { t } = useTranslation('profile');
  const mine = useMyAvatar();
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
