import { type AddDistrict } from '@high5/contract';
import { Autocomplete, Box, Button, Stack, TextField, Typography } from '@mui/material';
import { Controller, useController, useWatch, type Control, type FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useContractForm } from '../../../components/form/contract-form';
import { FormSwitch } from '../../../components/form/form-switch';
import { FormTextField } from '../../../components/form/form-text-field';
import { useSaveOutcome } from '../../../components/form/save-outcome';
import { useNotify } from '../../../components/ui/notifications';
import { ApiError } from '../../../lib/api-client';
import { useFieldErrorText } from '../../../lib/use-error-text';
import { useDistricts, useSuperSchools } from '../api';
import { TimeZonePicker } from '../components/time-zone-picker';
import { FIELD_MESSAGES } from '../lib/form-messages';
import { useAddDistrict, useAddSchool } from './api';
import { freeSchoolFormSchema, sisDistrictFormSchema } from './forms';

type FreeSchoolForm = z.input<typeof freeSchoolFormSchema>;
const DEFAULT_TIME_ZONE = 'America/Los_Angeles';
const same = (a: string, b: string) => a.trim().toLocaleLowerCase() === b.trim().toLocaleLowerCase();

/** Free school: pick or type a district, type the school; Add is enabled once a new school name is there. */
export function FreeSchoolForm() {
  const { t } = useTranslation('admin');
  const districts = useDistricts();
  const schools = useSuperSchools();
  const form = useContractForm(freeSchoolFormSchema, { defaultValues: { district: '', name: '', timeZone: DEFAULT_TIME_ZONE } });
  const [district, school] = useWatch({ control: form.control, name: ['district', 'name'] });
  const existingDistrict = districts.data?.find((d) => same(d.name, district));
  const districtSchools = (schools.data ?? []).filter((s) => existingDistrict && s.districtId === existingDistrict.id).map((s) => s.name);
  const schoolExists = districtSchools.some((n) => same(n, school));
  const add = useAddSchool();
  const outcome = useSaveOutcome(form, 'admin');
  const notify = useNotify();
  const submit = form.handleSubmit(
    (values) =>
      add.mutate(
        { ...(existingDistrict ? { districtId: existingDistrict.id } : { newDistrictName: values.district }), name: values.name, timeZone: values.timeZone },
        outcome({
          saved: (created) => t('district.schoolAdded', { school: created.name, district: created.districtName }),
          done: () => form.reset({ ...form.getValues(), name: '' }),
          failure: (_error, text) => `${t('district.failed')} ${text}`,
        }),
      ),
    () => notify('info', t('district.freeRequired')),
  );
  return (
    <Box component="form" onSubmit={(event) => void submit(event)} noValidate aria-label={t('district.free')}>
      <Stack spacing={2}>
        <SuggestField
          control={form.control}
          name="district"
          options={(districts.data ?? []).map((d) => d.name)}
          label={t('district.districtName')}
          hint={district.trim() && !existingDistrict ? t('district.newDistrict') : undefined}
        />
        <SuggestField
          control={form.control}
          name="name"
          options={districtSchools}
          label={t('district.schoolName')}
          problem={schoolExists ? t('district.schoolExists') : undefined}
        />
        <Controller control={form.control} name="timeZone" render={({ field }) => <TimeZonePicker value={field.value} onChange={field.onChange} />} />
        <Box>
          <Button type="submit" variant="contained" disabled={!school.trim() || schoolExists || add.isPending}>
            {t('district.addSchool')}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}

/**
 * A required name typed freely, with the known ones offered as it is typed (a new name is fine), bound to
 * the free school form. `problem` is a finding of the screen's own (the school exists); `hint` is said when all is well.
 */
function SuggestField({
  control,
  name,
  options,
  label,
  hint,
  problem,
}: {
  control: Control<FreeSchoolForm, unknown, FieldValues>;
  name: 'district' | 'name';
  options: string[];
  label: string;
  hint?: string;
  problem?: string;
}) {
  const fieldErrorText = useFieldErrorText('admin');
  const { field, fieldState } = useController({ control, name });
  const message = fieldState.error?.message;
  const error = message !== undefined ? fieldErrorText(FIELD_MESSAGES[message as keyof typeof FIELD_MESSAGES] ?? message) : undefined;
  return (
    <Autocomplete
      freeSolo
      options={options}
      inputValue={field.value}
      onInputChange={(_e, value) => field.onChange(value)}
      renderInput={(params) => (
        <TextField
          {...params}
          inputRef={field.ref}
          onBlur={field.onBlur}
          label={label}
          required
          error={!!problem || !!error}
          helperText={problem ?? error ?? hint ?? ' '}
          slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps.htmlInput, maxLength: 120 } }}
        />
      )}
    />
  );
}

/** Aeries (certificate) or Clever (client key and secret), each with a base URL and test mode (on by default). */
export function SisDistrictForm({ kind }: { kind: 'aeries' | 'clever' }) {
  const { t } = useTranslation('admin');
  const notify = useNotify();
  const empty = { name: '', baseUrl: '', certificate: '', clientKey: '', clientSecret: '', testMode: true };
  const form = useContractForm(sisDistrictFormSchema(kind), { defaultValues: empty });
  const add = useAddDistrict();
  const outcome = useSaveOutcome(form, 'admin');
  const submit = form.handleSubmit(
    (values) => {
      const base = { name: values.name, baseUrl: values.baseUrl, testMode: values.testMode };
      const body: AddDistrict =
        kind === 'aeries'
          ? { kind, ...base, certificate: values.certificate }
          : { kind, ...base, clientKey: values.clientKey, clientSecret: values.clientSecret };
      add.mutate(
        body,
        outcome({
          saved: () => t('district.success', { name: values.name }),
          done: () => form.reset(empty),
          failure: (error, text) =>
            error instanceof ApiError && error.code === 'DISTRICT_EXISTS' ? t('errors.DISTRICT_EXISTS') : `${t('district.failed')} ${text}`,
        }),
      );
    },
    (errors) => {
      // A blank field is told in one sentence; a malformed address only on its field.
      if (Object.values(errors).some((e) => e?.message === 'errors:field.required'))
        notify('info', t(kind === 'aeries' ? 'district.aeriesRequired' : 'district.cleverRequired'));
    },
  );
  const text = (name: 'name' | 'baseUrl' | 'certificate' | 'clientKey' | 'clientSecret', extra: object = {}) => (
    <FormTextField
      control={form.control}
      name={name}
      area="admin"
      messages={FIELD_MESSAGES}
      label={t(`district.${name}`)}
      required
      fullWidth
      autoComplete="off"
      {...extra}
    />
  );
  return (
    <Box component="form" onSubmit={(event) => void submit(event)} noValidate aria-label={t(`district.${kind}`)}>
      <Stack spacing={2}>
        {text('name', { slotProps: { htmlInput: { maxLength: 120 } } })}
        {kind === 'aeries' ? (
          text('certificate', { multiline: true, minRows: 2, slotProps: { htmlInput: { maxLength: 4000, spellCheck: false } } })
        ) : (
          <>
            {text('clientKey', { slotProps: { htmlInput: { maxLength: 500, spellCheck: false } } })}
            {text('clientSecret', { type: 'password', slotProps: { htmlInput: { maxLength: 500 } } })}
          </>
        )}
        {text('baseUrl', { type: 'url', placeholder: 'https://', helperText: ' ', slotProps: { htmlInput: { maxLength: 500 } } })}
        <FormSwitch control={form.control} name="testMode" label={t('district.testMode')} />
        <Typography variant="body2" color="text.secondary">
          {t('district.secretNote')}
        </Typography>
        <Box>
          <Button type="submit" variant="contained" disabled={add.isPending}>
            {t('district.add')}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}
