import type { Me } from '@high5/contract';
import {
  AdminPanelSettingsOutlined,
  AutoAwesomeOutlined,
  AutoStoriesOutlined,
  BadgeOutlined,
  BarChartOutlined,
  DomainAddOutlined,
  EventSeatOutlined,
  FamilyRestroomOutlined,
  FrontHandOutlined,
  HandshakeOutlined,
  InsightsOutlined,
  ManageAccountsOutlined,
  MoodOutlined,
  OpenInNew,
  PersonAddAlt1Outlined,
  QueryStatsOutlined,
  RateReviewOutlined,
  SchoolOutlined,
  SettingsOutlined,
  SpaOutlined,
  SpaceDashboardOutlined,
  VisibilityOutlined,
} from '@mui/icons-material';
import { Box, Button, Divider, List, ListItemButton, ListItemIcon, ListItemText, Typography } from '@mui/material';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { visuallyHidden } from '../../components/ui/visually-hidden';
import { paths, type AppPath } from '../paths';
import { useAuthConfig } from '../session';
import { navItems, type NavSection } from './nav-items';

const ICONS: Partial<Record<AppPath, ReactElement>> = {
  [paths.dashboard]: <SpaceDashboardOutlined />,
  [paths.teacherClasses]: <SchoolOutlined />,
  [paths.studentClasses]: <SchoolOutlined />,
  [paths.seatingChart]: <EventSeatOutlined />,
  [paths.studentList]: <BadgeOutlined />,
  [paths.feedback]: <RateReviewOutlined />,
  [paths.high5]: <FrontHandOutlined />,
  [paths.positiveVibes]: <AutoAwesomeOutlined />,
  [paths.high5Report]: <InsightsOutlined />,
  [paths.vibeReport]: <InsightsOutlined />,
  [paths.mood]: <MoodOutlined />,
  [paths.gratitudeJournal]: <AutoStoriesOutlined />,
  [paths.teacherReport]: <BarChartOutlined />,
  [paths.admin]: <AdminPanelSettingsOutlined />,
  [paths.trustedAdults]: <HandshakeOutlined />,
  [paths.myStudents]: <FamilyRestroomOutlined />,
  [paths.viewHigh5]: <VisibilityOutlined />,
  [paths.superAdminReport]: <QueryStatsOutlined />,
  [paths.makeAdmin]: <ManageAccountsOutlined />,
  [paths.addDistrict]: <DomainAddOutlined />,
  [paths.settings]: <SettingsOutlined />,
};

const SECTIONS: NavSection[] = ['main', 'celebrate', 'wellbeing', 'manage'];

/** The sidebar's links by role and admin flag, the invite-parent button and the support link. */
export function SidebarContent({ me, narrow, onNavigate }: { me: Me; narrow: boolean; onNavigate?: () => void }) {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const config = useAuthConfig();
  const items = navItems(me, narrow);
  const current = location.pathname.toLowerCase();

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
      <Box component="nav" aria-label={t('nav.label')} sx={{ flex: 1, overflowY: 'auto', py: 1 }}>
        {SECTIONS.map((section) => {
          const sectionItems = items.filter((i) => i.section === section);
          if (sectionItems.length === 0) return null;
          const headingId = `nav-section-${section}`;
          return (
            <Box key={section} sx={{ px: 1, pb: 0.5 }}>
              <Typography
                id={headingId}
                component="h2"
                sx={{ px: 2, pt: 1, pb: 0.5, fontSize: 12, fontWeight: 700, letterSpacing: '0.06em', textTransform: 'uppercase', color: 'text.secondary' }}
              >
                {t(`nav.sections.${section}`)}
              </Typography>
              <List dense disablePadding aria-labelledby={headingId}>
                {sectionItems.map((navItem) => {
                  const active = current === navItem.path.toLowerCase();
                  return (
                    <li key={navItem.path}>
                      <ListItemButton
                        component={Link}
                        to={navItem.path}
                        onClick={onNavigate}
                        selected={active}
                        aria-current={active ? 'page' : undefined}
                        sx={{
                          borderRadius: 2,
                          mb: 0.25,
                          py: 0.75,
                          '&.Mui-selected': {
                            bgcolor: 'rgba(106, 27, 154, 0.10)',
                            color: 'primary.dark',
                            '& .MuiListItemIcon-root': { color: 'primary.main' },
                          },
                          '&.Mui-selected:hover': { bgcolor: 'rgba(106, 27, 154, 0.16)' },
                        }}
                      >
                        <ListItemIcon sx={{ minWidth: 38 }}>{ICONS[navItem.path]}</ListItemIcon>
                        <ListItemText primary={t(`nav.${navItem.label}`)} slotProps={{ primary: { sx: { fontSize: 15, fontWeight: active ? 700 : 500 } } }} />
                      </ListItemButton>
                    </li>
                  );
                })}
              </List>
            </Box>
          );
        })}
        {me.role === 'student' && (
          <Box sx={{ px: 2, pt: 1 }}>
            {/* The invitation dialog belongs to the recognition area; it opens on the profile screen. */}
            <Button
              fullWidth
              variant="outlined"
              startIcon={<PersonAddAlt1Outlined />}
              onClick={() => {
                onNavigate?.();
                void navigate(`${paths.profile}?invite=parent`);
              }}
              sx={{ justifyContent: 'flex-start', borderRadius: 2 }}
            >
              {t('nav.inviteParent')}
            </Button>
          </Box>
        )}
      </Box>
      {config.data && (
        <>
          <Divider />
          <Box sx={{ p: 1.5 }}>
            <Box
              component="a"
              href={config.data.links.emotionalSupport}
              target="_blank"
              rel="noopener noreferrer"
              data-testid="emotional-support-link"
              sx={{
                display: 'flex',
                alignItems: 'center',
                gap: 1.25,
                p: 1.25,
                borderRadius: 2,
                textDecoration: 'none',
                color: 'secondary.dark',
                bgcolor: 'rgba(0, 121, 107, 0.08)',
                '&:hover': { bgcolor: 'rgba(0, 121, 107, 0.14)' },
                '&:focus-visible': { outline: '3px solid', outlineColor: 'secondary.main', outlineOffset: 2 },
              }}
            >
              <SpaOutlined aria-hidden />
              <Typography component="span" sx={{ flex: 1, fontWeight: 600, fontSize: 14 }}>
                {t('nav.emotionalSupport')}
                <Box component="span" sx={visuallyHidden}>
                  {` (${t('nav.opensInNewTab')})`}
                </Box>
              </Typography>
              <OpenInNew fontSize="small" aria-hidden />
            </Box>
          </Box>
        </>
      )}
    </Box>
  );
}
