import { checkPassword, type PasswordChecks } from '@high5/contract';
import { CheckCircle, RadioButtonUnchecked } from '@mui/icons-material';
import { Box, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { visuallyHidden } from './visually-hidden';

const ORDER: (keyof PasswordChecks)[] = ['length', 'upper', 'lower', 'digit', 'symbol'];

/** The live password checklist (docs/rules/shell.md#passwords-and-logins): the same rule the server applies. */
export function PasswordChecklist({ password, id }: { password: string; id?: string }) {
  const { t } = useTranslation();
  const checks = checkPassword(password);
  return (
    <Box id={id} sx={{ bgcolor: 'action.hover', borderRadius: 2, px: 1.5, py: 1 }}>
      <Typography variant="caption" component="p" sx={{ fontWeight: 600, color: 'text.secondary', mb: 0.5 }}>
        {t('password.checklist.title')}
      </Typography>
      <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 0.25, gridTemplateColumns: 'repeat(auto-fill, minmax(210px, 1fr))' }}>
        {ORDER.map((key) => (
          <Box
            component="li"
            key={key}
            data-met={checks[key]}
            sx={{ display: 'flex', alignItems: 'center', gap: 0.75, fontSize: 14, color: checks[key] ? 'success.dark' : 'text.secondary' }}
          >
            {checks[key] ? <CheckCircle fontSize="small" aria-hidden /> : <RadioButtonUnchecked fontSize="small" aria-hidden />}
            <span>
              {t(`password.checklist.${key}`)}
              <Box component="span" sx={visuallyHidden}>
                {' '}
                ({checks[key] ? t('password.checklist.met') : t('password.checklist.notMet')})
              </Box>
            </span>
          </Box>
        ))}
      </Box>
    </Box>
  );
}
