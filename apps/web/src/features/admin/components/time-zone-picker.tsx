import { Autocomplete, TextField } from '@mui/material';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { matchesTimeZone, timeZoneOptions, type TimeZoneOption } from '../lib/time-zones';

/**
 * A searchable time zone picker with names people know ("Pacific Time (Los Angeles)"), in the
 * user's language; the value stays the IANA id the server stores.
 */
export function TimeZonePicker({
  value,
  onChange,
  size,
  fullWidth = true,
}: {
  value: string;
  onChange: (id: string) => void;
  size?: 'small' | 'medium';
  fullWidth?: boolean;
}) {
  const { t, i18n } = useTranslation('admin');
  const options = useMemo(() => timeZoneOptions(i18n.language, value), [i18n.language, value]);
  const selected = options.find((o) => o.id === value) ?? null;
  return (
    <Autocomplete<TimeZoneOption, false, true>
      options={options}
      value={selected ?? undefined}
      disableClearable
      size={size}
      fullWidth={fullWidth}
      onChange={(_e, option) => onChange(option.id)}
      getOptionLabel={(o) => o.label}
      getOptionKey={(o) => o.id}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      filterOptions={(list, state) => list.filter((o) => matchesTimeZone(o, state.inputValue === selected?.label ? '' : state.inputValue))}
      renderInput={(params) => <TextField {...params} label={t('config.timeZone')} helperText={t('config.timeZoneHelp')} />}
      noOptionsText={t('config.noTimeZone')}
    />
  );
}
