import { Checkbox, FormControlLabel, Link as MuiLink, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Trans } from 'react-i18next';
import { paths } from '../../../app/paths';
import { ApiError } from '../../../lib/api-client';

/** Which form field a server issue path (`body.email`) belongs to. */
const FIELD_OF: Record<string, string> = {
  'body.firstName': 'firstName',
  'body.lastName': 'lastName',
  'body.email': 'email',
  'body.emailOrUsername': 'emailOrUsername',
  'body.password': 'password',
  'body.classCode': 'classCode',
  'body.districtId': 'district',
  'body.newDistrictName': 'district',
  'body.schoolId': 'school',
  'body.newSchoolName': 'school',
  'body.aeriesUsername': 'aeriesUsername',
};

/** Turns a failed sign-up or setup into texts on the fields, plus one sentence for the form. */
export function useServerErrors() {
  const { t, i18n } = useTranslation();
  const text = (code: string) => {
    if (i18n.exists(`auth:errors.${code}`)) return t(`auth:errors.${code}`);
    if (i18n.exists(`auth:issues.${code}`)) return t(`auth:issues.${code}`);
    return t('auth:issues.invalid');
  };
  return (error: unknown, conflictField?: string): { fields: Record<string, string>; form: string | null } => {
    if (!(error instanceof ApiError)) return { fields: {}, form: t('errors:INTERNAL') };
    const fields: Record<string, string> = {};
    for (const issue of error.issues) {
      const field = FIELD_OF[issue.path];
      if (field && !fields[field]) fields[field] = text(issue.code === 'VALIDATION_FAILED' ? 'invalid' : issue.code);
    }
    if (error.code === 'CONFLICT' && conflictField) fields[conflictField] = t('auth:signUp.usernameTaken');
    if (Object.keys(fields).length > 0) return { fields, form: t('errors:VALIDATION_FAILED') };
    if (i18n.exists(`auth:errors.${error.code}`)) return { fields, form: t(`auth:errors.${error.code}`) };
    if (i18n.exists(`errors:${error.code}`)) return { fields, form: t(`errors:${error.code}`) };
    return { fields, form: t('errors:INTERNAL') };
  };
}

/** The terms and privacy box that must be ticked before submitting (spec 000 section 2.4). */
export function TermsCheckbox({ checked, onChange }: { checked: boolean; onChange: (checked: boolean) => void }) {
  return (
    <FormControlLabel
      sx={{ alignItems: 'flex-start', mr: 0 }}
      control={<Checkbox checked={checked} onChange={(e) => onChange(e.target.checked)} sx={{ mt: -0.75 }} slotProps={{ input: { 'data-testid': 'accept-terms' } as object }} />}
      label={
        <Typography variant="body2" component="span">
          <Trans
            i18nKey="auth:signUp.acceptTerms"
            components={{
              terms: <MuiLink href={paths.terms} target="_blank" rel="noopener noreferrer" sx={{ fontWeight: 600 }} />,
              privacy: <MuiLink href={paths.privacy} target="_blank" rel="noopener noreferrer" sx={{ fontWeight: 600 }} />,
            }}
          />
        </Typography>
      }
    />
  );
}

/** What a field says under it: its error, else its help. */
export const helper = (errors: Record<string, string>, field: string, help?: string) => errors[field] ?? help;
