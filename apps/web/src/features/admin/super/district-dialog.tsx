import { isEmailDomain, MAX_DISTRICT_DOMAINS, type DistrictSummary, type UpdateDistrict } from '@high5/contract';
import { Alert, Autocomplete, Button, Chip, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField, Typography } from '@mui/material';
import { useId } from 'react';
import { useController, useWatch, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useContractForm } from '../../../components/form/contract-form';
import { FormTextField } from '../../../components/form/form-text-field';
import { useSaveOutcome } from '../../../components/form/save-outcome';
import { FIELD_MESSAGES } from '../lib/form-messages';
import { useUpdateDistrict } from './api';
import { districtFormSchema, isDraftDomain, type DistrictFormSchema } from './forms';
import { TestConnection } from './roster/test-connection';

type DistrictControl = Control<z.input<DistrictFormSchema>, unknown, z.output<DistrictFormSchema>>;
const normalise = (v: string) => v.trim().toLowerCase().replace(/^@/, '');

/** Renames a district and edits its allowed e-mail domains (typed one by one, checked as typed) and its SIS connection. */
export function DistrictDialog({ district, onClose }: { district: DistrictSummary; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const id = useId();
  const sis = district.kind === 'aeries' || district.kind === 'clever';
  // The SIS connection: the address shown; new keys only when typed (the stored ones are never sent back).
  const form = useContractForm(districtFormSchema(district.kind), {
    defaultValues: {
      name: district.name,
      domains: district.domains,
      domainDraft: '',
      baseUrl: district.baseUrl ?? '',
      certificate: '',
      clientKey: '',
      clientSecret: '',
    },
  });
  const domains = useWatch({ control: form.control, name: 'domains' });
  const save = useUpdateDistrict(district.id);
  const outcome = useSaveOutcome(form, 'admin');
  const submit = form.handleSubmit((values) => {
    const list = [...new Set([...values.domains, ...(values.domainDraft ? [values.domainDraft] : [])])];
    form.setValue('domains', list);
    form.setValue('domainDraft', '');
    const body: UpdateDistrict = { name: values.name, domains: list };
    if (sis && values.baseUrl !== district.baseUrl) body.baseUrl = values.baseUrl;
    if (district.kind === 'aeries' && values.certificate) body.certificate = values.certificate;
    if (district.kind === 'clever' && values.clientKey) Object.assign(body, { clientKey: values.clientKey, clientSecret: values.clientSecret });
    save.mutate(body, outcome({ saved: (saved) => t('districtEdit.saved', { name: saved.name }), done: onClose }));
  });
  return (
    <Dialog open onClose={onClose} aria-labelledby={`${id}-title`} maxWidth="sm" fullWidth>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <DialogTitle id={`${id}-title`}>{t('districtEdit.title', { name: district.name })}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <FormTextField
              control={form.control}
              name="name"
              area="admin"
              messages={FIELD_MESSAGES}
              label={t('district.districtName')}
              required
              helperText=" "
              slotProps={{ htmlInput: { maxLength: 120 } }}
              fullWidth
            />
            <DomainsField control={form.control} />
            {domains.length === 0 && <Alert severity="info">{t('districtEdit.noDomains')}</Alert>}
            {sis && (
              <>
                <FormTextField
                  control={form.control}
                  name="baseUrl"
                  area="admin"
                  messages={FIELD_MESSAGES}
                  label={t('district.baseUrl')}
                  type="url"
                  required
                  helperText=" "
                  slotProps={{ htmlInput: { maxLength: 500 } }}
                  fullWidth
                />
                {district.kind === 'aeries' ? (
                  <FormTextField
                    control={form.control}
                    name="certificate"
                    area="admin"
                    label={t('districtEdit.newCertificate')}
                    helperText={t('districtEdit.keepSecret')}
                    autoComplete="off"
                    slotProps={{ htmlInput: { maxLength: 4000, spellCheck: false } }}
                    fullWidth
                  />
                ) : (
                  <>
                    <FormTextField
                      control={form.control}
                      name="clientKey"
                      area="admin"
                      label={t('districtEdit.newClientKey')}
                      autoComplete="off"
                      slotProps={{ htmlInput: { maxLength: 500, spellCheck: false } }}
                      fullWidth
                    />
                    <FormTextField
                      control={form.control}
                      name="clientSecret"
                      area="admin"
                      messages={{ key_and_secret: 'admin:districtEdit.keyAndSecret' }}
                      label={t('districtEdit.newClientSecret')}
                      type="password"
                      helperText={t('districtEdit.keepSecret')}
                      autoComplete="new-password"
                      slotProps={{ htmlInput: { maxLength: 500 } }}
                      fullWidth
                    />
                  </>
                )}
                <Typography variant="body2" color="text.secondary">
                  {t('districtEdit.testSaved')}
                </Typography>
                <TestConnection districtId={district.id} />
              </>
            )}
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose}>{t('actions.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={save.isPending || domains.length > MAX_DISTRICT_DOMAINS}>
            {t('actions.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

/** The allowed domains as chips; a typed domain becomes a chip on Enter, comma, space or leaving the field, and is checked as typed. */
function DomainsField({ control }: { control: DistrictControl }) {
  const { t } = useTranslation('admin');
  const { field: list } = useController({ control, name: 'domains' });
  const { field: draft } = useController({ control, name: 'domainDraft' });
  const draftBad = !isDraftDomain(draft.value);
  const addDraft = () => {
    if (!draft.value.trim() || draftBad) return;
    list.onChange([...new Set([...list.value, normalise(draft.value)])]);
    draft.onChange('');
  };
  return (
    <Autocomplete
      multiple
      freeSolo
      options={[]}
      value={list.value}
      inputValue={draft.value}
      onInputChange={(_e, value, reason) => reason !== 'reset' && draft.onChange(value.replace(/[\s,;]+$/, ''))}
      onChange={(_e, value) => {
        list.onChange([...new Set(value.map(normalise))].filter(isEmailDomain));
        draft.onChange('');
      }}
      renderValue={(values, getItemProps) => values.map((d, index) => <Chip {...getItemProps({ index })} key={d} label={d} size="small" />)}
      renderInput={(params) => (
        <TextField
          {...params}
          inputRef={draft.ref}
          label={t('districtEdit.domains')}
          placeholder={list.value.length ? '' : 'school.k12.ca.us'}
          error={draftBad}
          helperText={draftBad ? t('districtEdit.domainInvalid') : t('districtEdit.domainsHelp', { max: MAX_DISTRICT_DOMAINS })}
          onKeyDown={(e) => {
            if ((e.key === ',' || e.key === ' ' || e.key === ';') && draft.value.trim()) {
              e.preventDefault();
              addDraft();
            }
          }}
          onBlur={addDraft}
        />
      )}
    />
  );
}
