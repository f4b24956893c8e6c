import type { StaffGroup } from '@high5/contract';
import { ToggleButton, ToggleButtonGroup } from '@mui/material';
import { useTranslation } from 'react-i18next';

/** The switch between the teacher list and the staff list (docs/rules/administration.md#make-admin). */
export function GroupSwitch({ value, onChange }: { value: StaffGroup; onChange: (group: StaffGroup) => void }) {
  const { t } = useTranslation('admin');
  return (
    <ToggleButtonGroup
      exclusive
      color="primary"
      size="small"
      value={value}
      onChange={(_e, next: StaffGroup | null) => next && onChange(next)}
      aria-label={t('users.groupLabel')}
      sx={{ mb: 2, bgcolor: 'background.paper' }}
    >
      <ToggleButton value="teacher" sx={{ px: 2.5, fontWeight: 700, textTransform: 'none', color: 'text.primary' }}>
        {t('users.teachers')}
      </ToggleButton>
      <ToggleButton value="staff" sx={{ px: 2.5, fontWeight: 700, textTransform: 'none', color: 'text.primary' }}>
        {t('users.staff')}
      </ToggleButton>
    </ToggleButtonGroup>
  );
}
