import { Autocomplete, Box, Chip, createFilterOptions, Stack, TextField } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { usePublicDistricts, useDistrictSchools } from '../api';

export type DistrictChoice = { kind: 'existing'; id: string; name: string; paid: boolean; aeries: boolean } | { kind: 'new'; name: string };
export type SchoolChoice = { kind: 'existing'; id: string; name: string } | { kind: 'new'; name: string };

interface Option {
  id: string | null;
  name: string;
  paid?: boolean;
  aeries?: boolean;
  /** The "Add …" row shown for a name that is not in the list. */
  add?: boolean;
}

const filter = createFilterOptions<Option>({ trim: true });
const MAX_NAME = 120;

/**
 * A picker over a list that may also take a new name (docs/rules/shell.md#sign-up): choosing a
 * name that is not in the list asks "add it?"; yes keeps it as new, no clears the field.
 */
function CreatablePicker({
  label,
  options,
  value,
  onChange,
  allowNew,
  disabled,
  loading,
  error,
  helperText,
  addTitle,
  addBody,
  testId,
}: {
  label: string;
  options: Option[];
  value: { id: string | null; name: string } | null;
  onChange: (option: Option | null, isNew: boolean) => void;
  allowNew: boolean;
  disabled?: boolean;
  loading?: boolean;
  error?: boolean;
  helperText?: string;
  addTitle: (name: string) => string;
  addBody: (name: string) => string;
  testId: string;
}) {
  const { t } = useTranslation();
  const [input, setInput] = useState('');
  const [pending, setPending] = useState<string | null>(null);

  const choose = (picked: Option | string | null) => {
    if (picked === null) return onChange(null, false);
    const name = (typeof picked === 'string' ? picked : picked.name).trim().replace(/\s+/g, ' ').slice(0, MAX_NAME);
    if (!name) return onChange(null, false);
    // Leaving the field (autoSelect) re-submits what it shows: the current choice stays.
    if (value && value.name.toLowerCase() === name.toLowerCase()) return;
    const known = options.find((o) => o.name.toLowerCase() === name.toLowerCase());
    if (known) return onChange(known, false);
    if (!allowNew) return onChange(null, false);
    setPending(name);
  };

  const selected: Option | null = value
    ? value.id
      ? (options.find((o) => o.id === value.id) ?? { id: value.id, name: value.name })
      : { id: null, name: value.name }
    : null;

  return (
    <>
      <Autocomplete<Option, false, false, boolean>
        options={options}
        value={selected}
        inputValue={input}
        onInputChange={(_e, next) => setInput(next)}
        onChange={(_e, picked) => choose(picked)}
        // Enter may open the "add?" dialog; without this, the same key press would also
        // activate the dialog's focused button (and submit the form).
        onKeyDown={(e) => {
          if (e.key === 'Enter') e.preventDefault();
        }}
        freeSolo={allowNew}
        autoSelect={allowNew}
        selectOnFocus
        handleHomeEndKeys
        disabled={disabled}
        loading={loading}
        getOptionLabel={(o) => (typeof o === 'string' ? o : o.name)}
        isOptionEqualToValue={(a, b) => typeof b !== 'string' && a.id === b.id && a.name === b.name}
        getOptionKey={(o) => (typeof o === 'string' ? o : `${o.id ?? 'new'}:${o.name}:${o.add ? 'add' : ''}`)}
        filterOptions={(all, state) => {
          const filtered = filter(all, state);
          const typed = state.inputValue.trim();
          if (allowNew && typed && !all.some((o) => o.name.toLowerCase() === typed.toLowerCase())) filtered.push({ id: null, name: typed, add: true });
          return filtered;
        }}
        renderOption={(props, option) => {
          const { key, ...rest } = props as typeof props & { key: string };
          return (
            <Box component="li" key={key} {...rest} sx={{ fontWeight: option.add ? 600 : 400, color: option.add ? 'primary.main' : undefined }}>
              {option.add ? t('auth:picker.addOption', { name: option.name }) : option.name}
            </Box>
          );
        }}
        noOptionsText={allowNew ? t('auth:picker.typeToAdd') : t('auth:picker.noOptions')}
        renderInput={(params) => (
          <TextField
            {...params}
            label={label}
            error={error}
            helperText={helperText}
            // A disabled field's hint still has to be read ("Choose your district first"): full contrast.
            sx={{ '& .MuiFormHelperText-root.Mui-disabled': { color: 'text.secondary' } }}
            required
            slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps.htmlInput, maxLength: MAX_NAME, 'data-testid': testId } }}
          />
        )}
      />
      <ConfirmDialog
        open={pending !== null}
        title={pending ? addTitle(pending) : ''}
        message={pending ? addBody(pending) : ''}
        confirmLabel={t('auth:picker.add')}
        onConfirm={() => {
          onChange({ id: null, name: pending! }, true);
          setInput(pending!);
          setPending(null);
        }}
        onCancel={() => {
          onChange(null, false);
          setInput('');
          setPending(null);
        }}
      />
    </>
  );
}

/** The district and school pickers of teacher sign-up (new names allowed) and initial setup (existing only). */
export function DistrictSchoolPicker({
  district,
  school,
  onDistrict,
  onSchool,
  allowNew,
  districtError,
  schoolError,
}: {
  district: DistrictChoice | null;
  school: SchoolChoice | null;
  onDistrict: (value: DistrictChoice | null) => void;
  onSchool: (value: SchoolChoice | null) => void;
  allowNew: boolean;
  districtError?: string;
  schoolError?: string;
}) {
  const { t } = useTranslation();
  const districts = usePublicDistricts();
  const schools = useDistrictSchools(district?.kind === 'existing' ? district.id : null);
  const districtOptions: Option[] = (districts.data ?? []).map((d) => ({ id: d.id, name: d.name, paid: d.paid, aeries: d.aeries }));
  const schoolOptions: Option[] = district?.kind === 'existing' ? (schools.data ?? []).map((s) => ({ id: s.id, name: s.name })) : [];

  return (
    <Stack spacing={2.25}>
      <CreatablePicker
        label={t('auth:picker.district')}
        testId="district-input"
        options={districtOptions}
        loading={districts.isPending}
        value={district ? { id: district.kind === 'existing' ? district.id : null, name: district.name } : null}
        allowNew={allowNew}
        error={!!districtError}
        helperText={districtError ?? (district?.kind === 'new' ? t('auth:picker.newDistrictHelp') : undefined)}
        addTitle={(name) => t('auth:picker.addDistrictTitle', { name })}
        addBody={(name) => t('auth:picker.addDistrictBody', { name })}
        onChange={(option, isNew) => {
          const next: DistrictChoice | null = !option
            ? null
            : isNew || !option.id
              ? { kind: 'new', name: option.name }
              : { kind: 'existing', id: option.id, name: option.name, paid: !!option.paid, aeries: !!option.aeries };
          const same =
            (next?.kind === 'existing' && district?.kind === 'existing' && next.id === district.id) ||
            (next?.kind === 'new' && district?.kind === 'new' && next.name === district.name);
          onDistrict(next);
          if (!same) onSchool(null);
        }}
      />
      <Box key={district ? `${district.kind}:${district.name}` : 'none'}>
        <CreatablePicker
          label={t('auth:picker.school')}
          testId="school-input"
          options={schoolOptions}
          loading={district?.kind === 'existing' && schools.isPending}
          disabled={!district}
          value={school ? { id: school.kind === 'existing' ? school.id : null, name: school.name } : null}
          allowNew={allowNew}
          error={!!schoolError}
          helperText={schoolError ?? (!district ? t('auth:picker.districtFirst') : school?.kind === 'new' ? t('auth:picker.newSchoolHelp') : undefined)}
          addTitle={(name) => t('auth:picker.addSchoolTitle', { name })}
          // What will really happen (decision 0157): a new district's school is open at once; in an
          // existing district it waits for the super admin, and a paid district vets its founder.
          addBody={(name) =>
            t(district?.kind !== 'existing' ? 'auth:picker.addSchoolBody' : district.paid ? 'auth:picker.addSchoolBodyPaid' : 'auth:picker.addSchoolBodyFree', {
              name,
              district: district?.name ?? '',
            })
          }
          onChange={(option, isNew) =>
            onSchool(!option ? null : isNew || !option.id ? { kind: 'new', name: option.name } : { kind: 'existing', id: option.id, name: option.name })
          }
        />
      </Box>
      {(district?.kind === 'new' || school?.kind === 'new') && (
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          {district?.kind === 'new' && (
            <Chip size="small" color="secondary" variant="outlined" label={t('auth:picker.newDistrictChip', { name: district.name })} />
          )}
          {school?.kind === 'new' && <Chip size="small" color="secondary" variant="outlined" label={t('auth:picker.newSchoolChip', { name: school.name })} />}
        </Box>
      )}
    </Stack>
  );
}
