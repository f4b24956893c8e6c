import MailOutlinedIcon from '@mui/icons-material/MailOutlined';
import type { StudentFilter } from '@high5/contract';
import { Box, Button, Tab } from '@mui/material';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { paths } from '../../../app/paths';
import { useSignedInMe } from '../../../app/session';
import { NO_STUDENT_FILTER } from '../../../components/student-filter/student-filter-fields';
import { PageTitle } from '../../../components/ui/page-title';
import { ScrollableTabs } from '../../../components/ui/scrollable-tabs';
import { AlertsReport } from '../alerts/alerts-report';
import { GroupReport } from '../group-report/group-report';
import { MoodReport } from '../mood-report/mood-report';
import { ReachReport } from '../reach-report/reach-report';
import { SchoolSettings } from '../settings/school-settings';
import { UsersPanel } from '../users/users-panel';
import { InviteStaffDialog } from './invite-staff-dialog';

const VIEWS = ['report', 'reach', 'mood', 'alerts', 'users', 'settings'] as const;
type View = (typeof VIEWS)[number];

/**
 * /admin (docs/rules/administration.md#admin-dashboard): buttons at the top switch between the report, reach, the mood meter
 * report, the alerts report, admin users and settings within the page (kept in the address as ?view=); a separate
 * button invites staff.
 */
export default function AdminDashboardScreen() {
  const { t } = useTranslation('admin');
  const me = useSignedInMe();
  const id = useId();
  const [search, setSearch] = useSearchParams();
  const asked = search.get('view');
  const view: View = (VIEWS as readonly string[]).includes(asked ?? '') ? (asked as View) : 'report';
  const [inviting, setInviting] = useState(false);
  // The students' flags and grade follow the admin from the report tab to the mood tab and back.
  const [student, setStudent] = useState<StudentFilter>(NO_STUDENT_FILTER);
  return (
    <Box>
      <PageTitle
        subtitle={me.school?.name}
        actions={
          <Button variant="contained" startIcon={<MailOutlinedIcon />} onClick={() => setInviting(true)}>
            {t('invite.open')}
          </Button>
        }
      >
        {t('dashboard.title')}
      </PageTitle>
      <ScrollableTabs
        value={view}
        onChange={(_e, next: View) => setSearch(next === 'report' ? {} : { view: next }, { replace: true })}
        aria-label={t('dashboard.viewsLabel')}
        sx={{ mb: 3, borderBottom: 1, borderColor: 'divider' }}
      >
        {VIEWS.map((v) => (
          <Tab
            key={v}
            value={v}
            label={t(`dashboard.views.${v}`)}
            id={`${id}-${v}`}
            aria-controls={`${id}-panel`}
            sx={{ fontWeight: 700, textTransform: 'none', fontSize: 15, lineHeight: 1.3, maxWidth: { xs: 168, sm: 360 } }}
          />
        ))}
      </ScrollableTabs>
      <Box id={`${id}-panel`} role="tabpanel" aria-labelledby={`${id}-${view}`}>
        {view === 'report' && (
          <>
            <GroupReport student={student} onStudent={setStudent} />
            <Box sx={{ mt: 3 }}>
              <Button component={RouterLink} to={paths.report}>
                {t('dashboard.classReports')}
              </Button>
            </Box>
          </>
        )}
        {view === 'reach' && <ReachReport />}
        {view === 'mood' && <MoodReport student={student} onStudent={setStudent} />}
        {view === 'alerts' && <AlertsReport />}
        {view === 'users' && <UsersPanel />}
        {view === 'settings' && <SchoolSettings />}
      </Box>
      <InviteStaffDialog open={inviting} onClose={() => setInviting(false)} />
    </Box>
  );
}
