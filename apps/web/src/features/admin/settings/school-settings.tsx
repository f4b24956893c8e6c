import { MenuItem, TextField, Box } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertSettingsEditor } from '../alerts/alert-settings';
import { SchoolYearRollover } from '../school-year/school-year-rollover';
import { CategoryEditor } from './category-editor';
import { SchoolConfiguration } from './school-configuration';

type Section = 'general' | 'schoolYear' | 'alerts' | 'high5' | 'vibe';

/** The settings view (docs/rules/administration.md#categories): a dropdown for general settings, well-being alerts, High 5 categories and Positive Vibe categories. */
export function SchoolSettings() {
  const { t } = useTranslation('admin');
  const [section, setSection] = useState<Section>('general');
  return (
    <Box>
      <TextField
        select
        size="small"
        label={t('settings.section')}
        value={section}
        onChange={(e) => setSection(e.target.value as Section)}
        sx={{ minWidth: 260, mb: 3, width: { xs: '100%', sm: 'auto' } }}
      >
        <MenuItem value="general">{t('settings.general')}</MenuItem>
        <MenuItem value="schoolYear">{t('schoolYear.section')}</MenuItem>
        <MenuItem value="alerts">{t('settings.alerts')}</MenuItem>
        <MenuItem value="high5">{t('settings.high5Categories')}</MenuItem>
        <MenuItem value="vibe">{t('settings.vibeCategories')}</MenuItem>
      </TextField>
      {section === 'general' ? (
        <SchoolConfiguration />
      ) : section === 'schoolYear' ? (
        <SchoolYearRollover />
      ) : section === 'alerts' ? (
        <AlertSettingsEditor />
      ) : (
        <CategoryEditor key={section} kind={section} />
      )}
    </Box>
  );
}
