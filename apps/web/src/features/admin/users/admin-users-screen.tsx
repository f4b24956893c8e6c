import { Box } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useSignedInMe } from '../../../app/session';
import { PageTitle } from '../../../components/ui/page-title';
import { UsersPanel } from './users-panel';

/** /admin-users: the school admin's user management on its own page. */
export default function AdminUsersScreen() {
  const { t } = useTranslation('admin');
  const me = useSignedInMe();
  return (
    <Box>
      <PageTitle subtitle={me.school?.name}>{t('users.title')}</PageTitle>
      <UsersPanel />
    </Box>
  );
}
