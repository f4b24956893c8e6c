import { Autocomplete, Chip, TextField, type SxProps, type Theme } from '@mui/material';
import { useController, type Control, type FieldValues, type Path } from 'react-hook-form';

/** Some feelings of the mood meter, as chips, bound to a contract form (a report's filter, what raises an alert). */
export function FeelingsField<T extends FieldValues>({
  control,
  name,
  options,
  optionLabel,
  label,
  helperText,
  placeholder,
  sx,
}: {
  control: Control<T, unknown, FieldValues>;
  name: Path<T>;
  options: readonly string[];
  optionLabel: (mood: string) => string;
  label: string;
  helperText?: string;
  /** Shown while none is picked. */
  placeholder?: string;
  sx?: SxProps<Theme>;
}) {
  const { field } = useController({ control, name });
  const value: string[] = field.value;
  return (
    <Autocomplete
      multiple
      size="small"
      options={[...options]}
      value={value}
      onChange={(_e, next) => field.onChange(next)}
      getOptionLabel={optionLabel}
      disableCloseOnSelect
      renderValue={(picked, getItemProps) =>
        picked.map((mood, index) => {
          const { key, ...chip } = getItemProps({ index });
          return <Chip key={key} {...chip} size="small" label={optionLabel(mood)} />;
        })
      }
      renderInput={(params) => (
        <TextField {...params} inputRef={field.ref} label={label} helperText={helperText} placeholder={value.length ? '' : placeholder} />
      )}
      sx={sx}
    />
  );
}
