import type { Me } from '@high5/contract';
import { AutoStoriesOutlined, Check, ExpandMore, HelpOutlined, Logout, Menu as MenuIcon, OpenInNew, PersonOutlined, RateReviewOutlined, SchoolOutlined } from '@mui/icons-material';
import { AppBar, Avatar, Box, Button, Chip, Divider, IconButton, LinearProgress, ListItemIcon, ListItemText, MenuItem, Toolbar, Typography } from '@mui/material';
import { useId, useState, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { LazyMenu, menuButtonPreload } from '../../components/ui/lazy-menu';
import { LazyTooltip } from '../../components/ui/lazy-tooltip';
import { Link, useNavigate } from 'react-router';
import { AlertsBadge } from '../../components/alerts/alerts-badge';
import { LanguageSelect } from '../../components/ui/language-select';
import type { LanguageCode } from '../../components/ui/languages';
import { HighFiveMark } from '../../components/ui/logo';
import { useNotify } from '../../components/ui/notifications';
import { visuallyHidden } from '../../components/ui/visually-hidden';
import { genderContext } from '../../lib/gender';
import { useErrorText } from '../../lib/use-error-text';
import { landingPath, paths } from '../paths';
import { useAuthConfig, useSession } from '../session';
import { useSaveLanguage, useSwitchSchool } from './api';

export function roleLabel(t: (key: string, options?: { context?: string }) => string, me: Me) {
  if (!me.role) return '';
  const context = genderContext(me.gender);
  const role = t(`roles.${me.role}`, { context });
  return me.isAdmin ? `${role} · ${t('roles.admin', { context })}` : role;
}

/** The signed-in header: menu button (narrow), logo, school, role, language, help, user menu. */
export function Header({ me, showLogo, showMenuButton, menuOpen, onMenu, drawerId, helpArea, loading }: { me: Me; showLogo: boolean; showMenuButton: boolean; menuOpen: boolean; onMenu: () => void; drawerId: string; helpArea: boolean; loading: boolean }) {
  const { t, i18n } = useTranslation();
  const notify = useNotify();
  const errorText = useErrorText('auth');
  const saveLanguage = useSaveLanguage();

  return (
    <AppBar position="sticky" color="inherit" elevation={0} sx={{ borderBottom: 1, borderColor: 'divider', bgcolor: 'background.paper' }}>
      <Toolbar sx={{ gap: { xs: 0.5, sm: 1.5 }, minHeight: { xs: 60, sm: 68 }, px: { xs: 1, sm: 2 } }}>
        {showMenuButton && (
          <IconButton edge="start" onClick={onMenu} aria-label={t('header.openMenu')} aria-controls={drawerId} aria-expanded={menuOpen} sx={{ mr: 0.25 }}>
            <MenuIcon />
          </IconButton>
        )}
        {showLogo && (
          <Box component={Link} to={landingPath(me)} aria-label={t('header.home')} sx={{ display: 'flex', alignItems: 'center', textDecoration: 'none', borderRadius: 2, '&:focus-visible': { outline: '3px solid', outlineColor: 'primary.main', outlineOffset: 2 } }}>
            <HighFiveMark size={34} />
          </Box>
        )}
        <Box sx={{ minWidth: 0, flex: 1, display: 'flex', alignItems: 'center', gap: 1, ml: { xs: 0.5, md: 0 } }}>
          <SchoolBlock me={me} />
        </Box>
        <AlertsBadge me={me} />
        <LanguageSelect value={i18n.language === 'es' ? 'es' : 'en'} onChange={(lang: LanguageCode) => saveLanguage.mutate(lang, { onError: (error) => notify('error', errorText(error)) })} compact={!helpArea} />
        {helpArea && <HelpArea me={me} />}
        <UserMenu me={me} helpLinksInside={!helpArea} />
      </Toolbar>
      {loading && <LinearProgress sx={{ position: 'absolute', left: 0, right: 0, bottom: -2, height: 2 }} aria-label={t('loading')} />}
    </AppBar>
  );
}

function SchoolBlock({ me }: { me: Me }) {
  const { t } = useTranslation();
  const role = roleLabel(t, me);
  const pending = me.school?.status === 'pending';
  return (
    <Box sx={{ minWidth: 0, display: 'flex', flexDirection: { xs: 'column', sm: 'row' }, alignItems: { xs: 'flex-start', sm: 'center' }, gap: { xs: 0, sm: 1.25 } }}>
      {me.schools.length > 1 ? (
        <SchoolSwitcher me={me} />
      ) : (
        // Two lines on a phone, where a long name (or "Administración de High5") would be cut; one line wider.
        <Typography
          sx={{ fontWeight: 700, fontSize: { xs: 14, sm: 16 }, lineHeight: { xs: 1.2, sm: 1.5 }, maxWidth: '100%', overflow: 'hidden', display: '-webkit-box', WebkitBoxOrient: 'vertical', WebkitLineClamp: { xs: 2, sm: 1 }, overflowWrap: 'anywhere' }}
          data-testid="school-name"
          title={me.school?.name}
        >
          {me.school?.name ?? t('header.administration')}
        </Typography>
      )}
      <Box sx={{ display: 'flex', gap: 0.5, alignItems: 'center', minWidth: 0 }}>
        <Chip size="small" label={role} data-testid="role-label" sx={{ fontWeight: 600, bgcolor: 'rgba(106, 27, 154, 0.10)', color: 'primary.dark', height: { xs: 20, sm: 24 }, fontSize: { xs: 11, sm: 13 } }} />
        {pending && <Chip size="small" color="warning" variant="outlined" label={t('header.pending')} sx={{ display: { xs: 'none', sm: 'inline-flex' } }} />}
      </Box>
    </Box>
  );
}

function SchoolSwitcher({ me }: { me: Me }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const notify = useNotify();
  const errorText = useErrorText('auth');
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const switchSchool = useSwitchSchool();
  const switchTo = (schoolId: string) =>
    switchSchool.mutate(schoolId, {
      onSuccess: (next) => {
        notify('success', t('header.schoolSwitched', { school: next.school?.name ?? '' }));
        void navigate(landingPath(next));
      },
      onError: (error) => notify('error', errorText(error)),
    });
  return (
    <>
      <Button
        color="inherit"
        onClick={(e: MouseEvent<HTMLElement>) => setAnchor(e.currentTarget)}
        endIcon={<ExpandMore />}
        startIcon={<SchoolOutlined sx={{ display: { xs: 'none', sm: 'block' } }} />}
        {...menuButtonPreload}
        aria-haspopup="menu"
        aria-expanded={anchor ? true : undefined}
        aria-controls={anchor ? menuId : undefined}
        aria-label={t('header.switchSchool', { school: me.school?.name ?? '' })}
        data-testid="school-switcher"
        disabled={switchSchool.isPending}
        sx={{ fontWeight: 700, fontSize: { xs: 14, sm: 16 }, px: { xs: 0.5, sm: 1 }, minWidth: 0, maxWidth: '100%', '& .MuiButton-endIcon': { ml: 0.25 } }}
      >
        <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
          {me.school?.name}
        </Box>
      </Button>
      <LazyMenu disablePortal id={menuId} anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
        {me.schools.map((school) => (
          <MenuItem
            key={school.id}
            selected={school.id === me.school?.id}
            onClick={() => {
              setAnchor(null);
              if (school.id !== me.school?.id) switchTo(school.id);
            }}
          >
            <ListItemIcon>{school.id === me.school?.id ? <Check fontSize="small" /> : null}</ListItemIcon>
            <ListItemText primary={school.name} secondary={school.districtName} />
          </MenuItem>
        ))}
      </LazyMenu>
    </>
  );
}

/** Shown above 550 px (spec 000 section 2.6): the gratitude journal and the help menu. */
function HelpArea({ me }: { me: Me }) {
  const { t } = useTranslation();
  const config = useAuthConfig();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  return (
    <>
      {me.role && (
        <LazyTooltip title={t('nav.gratitudeJournal')}>
          <IconButton component={Link} to={paths.gratitudeJournal} aria-label={t('nav.gratitudeJournal')}>
            <AutoStoriesOutlined />
          </IconButton>
        </LazyTooltip>
      )}
      <LazyTooltip title={t('header.help')}>
        <IconButton onClick={(e) => setAnchor(e.currentTarget)} aria-label={t('header.help')} {...menuButtonPreload} aria-haspopup="menu" aria-expanded={anchor ? true : undefined} aria-controls={anchor ? menuId : undefined} data-testid="help-menu-button">
          <HelpOutlined />
        </IconButton>
      </LazyTooltip>
      <LazyMenu disablePortal id={menuId} anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)} anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }} transformOrigin={{ vertical: 'top', horizontal: 'right' }}>
        <HelpLinks me={me} links={config.data?.links} onClick={() => setAnchor(null)} />
      </LazyMenu>
    </>
  );
}

/** Help (and, for teachers, feedback): external pages opened in a new tab. */
function HelpLinks({ me, links, onClick }: { me: Me; links?: { help: string; feedback: string }; onClick: () => void }) {
  const { t } = useTranslation();
  if (!links) return null;
  const openOutside = (url: string) => {
    onClick();
    window.open(url, '_blank', 'noopener,noreferrer');
  };
  return [
    <MenuItem key="help" onClick={() => openOutside(links.help)}>
      <ListItemIcon>
        <HelpOutlined fontSize="small" />
      </ListItemIcon>
      <ListItemText>
        {t('header.helpLink')}
        <Box component="span" sx={visuallyHidden}>{` (${t('nav.opensInNewTab')})`}</Box>
      </ListItemText>
      <OpenInNew fontSize="small" sx={{ ml: 2, color: 'text.secondary' }} />
    </MenuItem>,
    me.role === 'teacher' && (
      <MenuItem key="feedback" onClick={() => openOutside(links.feedback)}>
        <ListItemIcon>
          <RateReviewOutlined fontSize="small" />
        </ListItemIcon>
        <ListItemText>
          {t('header.feedbackLink')}
          <Box component="span" sx={visuallyHidden}>{` (${t('nav.opensInNewTab')})`}</Box>
        </ListItemText>
        <OpenInNew fontSize="small" sx={{ ml: 2, color: 'text.secondary' }} />
      </MenuItem>
    ),
  ];
}

function UserMenu({ me, helpLinksInside }: { me: Me; helpLinksInside: boolean }) {
  const { t } = useTranslation();
  const session = useSession();
  const navigate = useNavigate();
  const config = useAuthConfig();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const name = [me.firstName, me.lastName].filter(Boolean).join(' ') || me.email || me.username || '';
  const initials = ((me.firstName[0] ?? '') + (me.lastName[0] ?? '')).toUpperCase() || (name[0] ?? '?').toUpperCase();
  const close = () => setAnchor(null);
  return (
    <>
      <LazyTooltip title={t('header.userMenu')}>
        <IconButton onClick={(e) => setAnchor(e.currentTarget)} aria-label={t('header.userMenuFor', { name })} {...menuButtonPreload} aria-haspopup="menu" aria-expanded={anchor ? true : undefined} aria-controls={anchor ? menuId : undefined} data-testid="user-menu-button" sx={{ p: 0.5 }}>
          <Avatar sx={{ width: 36, height: 36, bgcolor: 'primary.main', fontSize: 15, fontWeight: 700 }}>{initials}</Avatar>
        </IconButton>
      </LazyTooltip>
      <LazyMenu disablePortal id={menuId} anchorEl={anchor} open={!!anchor} onClose={close} anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }} transformOrigin={{ vertical: 'top', horizontal: 'right' }} slotProps={{ paper: { sx: { minWidth: 240 } } }}>
        <Box sx={{ px: 2, py: 1 }} role="none">
          <Typography sx={{ fontWeight: 700 }}>{name}</Typography>
          <Typography variant="body2" color="text.secondary" sx={{ wordBreak: 'break-all' }}>
            {me.email ?? me.username}
          </Typography>
        </Box>
        <Divider />
        {me.role !== 'superAdmin' && (
          <MenuItem component={Link} to={paths.profile} onClick={close}>
            <ListItemIcon>
              <PersonOutlined fontSize="small" />
            </ListItemIcon>
            <ListItemText>{t('header.profile')}</ListItemText>
          </MenuItem>
        )}
        {helpLinksInside && <HelpLinks me={me} links={config.data?.links} onClick={close} />}
        <MenuItem
          data-testid="sign-out"
          onClick={async () => {
            close();
            await session.signOut();
            void navigate(paths.signIn, { replace: true });
          }}
        >
          <ListItemIcon>
            <Logout fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t('header.signOut')}</ListItemText>
        </MenuItem>
      </LazyMenu>
    </>
  );
}
