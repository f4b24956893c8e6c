import { type AddDistrict } from '@high5/contract';
import { Autocomplete, Box, Button, Stack, TextField, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Controller, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { showServerIssues, useContractForm } from '../../../components/form/contract-form';
import { FormSwitch } from '../../../components/form/form-switch';
import { FormTextField } from '../../../components/form/form-text-field';
import { useNotify } from '../../../components/ui/notifications';
import { ApiError } from '../../../lib/api-client';
import { useErrorText, useFieldErrorText } from '../../../lib/use-error-text';
import { districtsQuery, superSchoolsQuery } from '../api';
import { TimeZonePicker } from '../components/time-zone-picker';
import { FIELD_MESSAGES } from '../lib/form-messages';
import { useAddDistrict, useAddSchool } from './api';
import { freeSchoolFormSchema, sisDistrictFormSchema } from './forms';

const DEFAULT_TIME_ZONE = 'America/Los_Angeles';
const same = (a: string, b: string) => a.trim().toLocaleLowerCase() === b.trim().toLocaleLowerCase();

/** Free school: pick or type a district, type the school; Add is enabled once a new school name is there. */
export function FreeSchoolForm() {
  const { t } = useTranslation('admin');
  const errorText = useErrorText('admin');
  const fieldErrorText = useFieldErrorText('admin');
  const notify = useNotify();
  const districts = useQuery(districtsQuery);
  const schools = useQuery(superSchoolsQuery);
  const form = useContractForm(freeSchoolFormSchema, { defaultValues: { district: '', name: '', timeZone: DEFAULT_TIME_ZONE } });
  const [district, school] = useWatch({ control: form.control, name: ['district', 'name'] });
  const existingDistrict = districts.data?.find((d) => same(d.name, district));
  const districtSchools = (schools.data ?? []).filter((s) => existingDistrict && s.districtId === existingDistrict.id).map((s) => s.name);
  const schoolExists = districtSchools.some((n) => same(n, school));
  const add = useAddSchool();
  const submit = form.handleSubmit(
    (values) =>
      add.mutate(
        { ...(existingDistrict ? { districtId: existingDistrict.id } : { newDistrictName: values.district }), name: values.name, timeZone: values.timeZone },
        {
          onSuccess: (created) => {
            notify('success', t('district.schoolAdded', { school: created.name, district: created.districtName }));
            form.reset({ ...form.getValues(), name: '' });
          },
          onError: (error) => {
            showServerIssues(form, error);
            notify('error', `${t('district.failed')} ${errorText(error)}`);
          },
        },
      ),
    () => notify('info', t('district.freeRequired')),
  );
  const required = (message: string | undefined) => fieldErrorText(message && (FIELD_MESSAGES[message as keyof typeof FIELD_MESSAGES] ?? message));
  return (
    <Box component="form" onSubmit={(event) => void submit(event)} noValidate aria-label={t('district.free')}>
      <Stack spacing={2}>
        <Controller
          control={form.control}
          name="district"
          render={({ field, fieldState }) => (
            <Autocomplete
              freeSolo
              options={(districts.data ?? []).map((d) => d.name)}
              inputValue={field.value}
              onInputChange={(_e, value) => field.onChange(value)}
              renderInput={(params) => (
                <TextField
                  {...params}
                  inputRef={field.ref}
                  onBlur={field.onBlur}
                  label={t('district.districtName')}
                  required
                  error={!!fieldState.error}
                  helperText={required(fieldState.error?.message) ?? (district.trim() && !existingDistrict ? t('district.newDistrict') : ' ')}
                  slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps.htmlInput, maxLength: 120 } }}
                />
              )}
            />
          )}
        />
        <Controller
          control={form.control}
          name="name"
          render={({ field, fieldState }) => (
            <Autocomplete
              freeSolo
              options={districtSchools}
              inputValue={field.value}
              onInputChange={(_e, value) => field.onChange(value)}
              renderInput={(params) => (
                <TextField
                  {...params}
                  inputRef={field.ref}
                  onBlur={field.onBlur}
                  label={t('district.schoolName')}
                  required
                  error={schoolExists || !!fieldState.error}
                  helperText={schoolExists ? t('district.schoolExists') : (required(fieldState.error?.message) ?? ' ')}
                  slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps.htmlInput, maxLength: 120 } }}
                />
              )}
            />
          )}
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

/** Aeries (certificate) or Clever (client key and secret), each with a base URL and test mode (on by default). */
export function SisDistrictForm({ kind }: { kind: 'aeries' | 'clever' }) {
  const { t } = useTranslation('admin');
  const errorText = useErrorText('admin');
  const notify = useNotify();
  const empty = { name: '', baseUrl: '', certificate: '', clientKey: '', clientSecret: '', testMode: true };
  const form = useContractForm(sisDistrictFormSchema(kind), { defaultValues: empty });
  const add = useAddDistrict();
  const submit = form.handleSubmit(
    (values) => {
      const base = { name: values.name, baseUrl: values.baseUrl, testMode: values.testMode };
      const body: AddDistrict = kind === 'aeries' ? { kind, ...base, certificate: values.certificate } : { kind, ...base, clientKey: values.clientKey, clientSecret: values.clientSecret };
      add.mutate(body, {
        onSuccess: () => {
          notify('success', t('district.success', { name: values.name }));
          form.reset(empty);
        },
        onError: (error) => {
          showServerIssues(form, error);
          notify('error', error instanceof ApiError && error.code === 'DISTRICT_EXISTS' ? t('errors.DISTRICT_EXISTS') : `${t('district.failed')} ${errorText(error)}`);
        },
      });
    },
    (errors) => {
      // A blank field is told in one sentence; a malformed address only on its field.
      if (Object.values(errors).some((e) => e?.message === 'errors:field.required')) notify('info', t(kind === 'aeries' ? 'district.aeriesRequired' : 'district.cleverRequired'));
    },
  );
  const text = (name: 'name' | 'baseUrl' | 'certificate' | 'clientKey' | 'clientSecret', extra: object = {}) => (
    <FormTextField control={form.control} name={name} area="admin" messages={FIELD_MESSAGES} label={t(`district.${name}`)} required fullWidth autoComplete="off" {...extra} />
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
