import type { AlertAdult } from '@high5/contract';
import { Autocomplete, Chip, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';

/** Some of the school's active teachers and staff, by name (counsellors, an escalation tier). */
export function AdultsPicker({
  adults,
  value,
  onChange,
  label,
  error,
  helperText,
}: {
  adults: AlertAdult[];
  value: string[];
  onChange: (ids: string[]) => void;
  label: string;
  error?: string;
  helperText?: string;
}) {
  const { t } = useTranslation('admin');
  const byId = new Map(adults.map((a) => [a.id, a]));
  // An adult no longer active keeps a chip (the server refuses the save until removed).
  const selected = value.map((id) => byId.get(id) ?? { id, name: t('alerts.formerAdult') });
  return (
    <Autocomplete
      multiple
      size="small"
      options={adults}
      value={selected}
      onChange={(_e, next) => onChange(next.map((a) => a.id))}
      getOptionLabel={(a) => a.name}
      getOptionKey={(a) => a.id}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      filterSelectedOptions
      noOptionsText={t('alerts.noAdults')}
      renderValue={(items, getItemProps) =>
        items.map((a, index) => {
          const { key, ...chip } = getItemProps({ index });
          return <Chip key={key} {...chip} size="small" label={a.name} />;
        })
      }
      renderInput={(params) => <TextField {...params} label={label} error={!!error} helperText={error ?? helperText ?? ' '} />}
      sx={{ width: '100%', maxWidth: 640 }}
    />
  );
}
