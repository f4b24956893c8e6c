import { MAX_DISTRICT_DOMAINS, isEmailDomain, isHttpUrl, isKnownTimeZone, superEditApi, type DistrictSummary, type SuperSchool, type UpdateDistrict } from '@high5/contract';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import { Alert, Autocomplete, Button, Chip, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, IconButton, Stack, TextField, Typography } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { useNotify } from '../../../components/ui/notifications';
import { api } from '../../../lib/api-client';
import { useErrorText } from '../../../lib/use-error-text';
import { adminKeys } from '../api';
import { TimeZonePicker } from '../components/time-zone-picker';
import { TestConnection } from './roster/test-connection';

function useRefresh() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: adminKeys.districts });
    void queryClient.invalidateQueries({ queryKey: adminKeys.superSchools });
  };
}

/** Edit and delete buttons of one district row. A district is deleted only once it has no schools. */
export function DistrictActions({ district }: { district: DistrictSummary }) {
  const { t } = useTranslation('admin');
  const errorText = useErrorText('admin');
  const notify = useNotify();
  const refresh = useRefresh();
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const remove = useMutation({
    mutationFn: () => api(superEditApi.deleteDistrict, { params: { districtId: district.id }, body: {} }),
    onSuccess: () => {
      notify('success', t('districtEdit.deleted', { name: district.name }));
      setDeleting(false);
      refresh();
    },
    onError: (error) => notify('error', errorText(error)),
  });
  const hasSchools = district.schoolCount > 0;
  return (
    <>
      <IconButton size="small" onClick={() => setEditing(true)} aria-label={t('districtEdit.editFor', { name: district.name })}>
        <EditIcon fontSize="small" />
      </IconButton>
      <IconButton size="small" onClick={() => setDeleting(true)} aria-label={t('districtEdit.deleteFor', { name: district.name })}>
        <DeleteIcon fontSize="small" />
      </IconButton>
      {editing && <DistrictDialog district={district} onClose={() => setEditing(false)} />}
      {hasSchools ? (
        <Dialog open={deleting} onClose={() => setDeleting(false)} aria-labelledby={`del-${district.id}`} maxWidth="xs" fullWidth>
          <DialogTitle id={`del-${district.id}`}>{t('districtEdit.deleteTitle', { name: district.name })}</DialogTitle>
          <DialogContent>
            <DialogContentText>{t('districtEdit.hasSchools', { count: district.schoolCount })}</DialogContentText>
          </DialogContent>
          <DialogActions sx={{ px: 3, pb: 2 }}>
            <Button onClick={() => setDeleting(false)} autoFocus>
              {t('actions.close')}
            </Button>
          </DialogActions>
        </Dialog>
      ) : (
        <ConfirmDialog
          open={deleting}
          title={t('districtEdit.deleteTitle', { name: district.name })}
          message={t('districtEdit.deleteBody')}
          confirmLabel={t('districtEdit.delete')}
          destructive
          busy={remove.isPending}
          onCancel={() => setDeleting(false)}
          onConfirm={() => remove.mutate()}
        />
      )}
    </>
  );
}

/** Renames a district and edits its allowed e-mail domains (typed one by one, checked as typed). */
function DistrictDialog({ district, onClose }: { district: DistrictSummary; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const errorText = useErrorText('admin');
  const notify = useNotify();
  const refresh = useRefresh();
  const id = useId();
  const [name, setName] = useState(district.name);
  const [domains, setDomains] = useState<string[]>(district.domains);
  const [draft, setDraft] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const sis = district.kind === 'aeries' || district.kind === 'clever';
  // The SIS connection: the address shown; new keys only when typed (the stored ones are never sent back).
  const [baseUrl, setBaseUrl] = useState(district.baseUrl ?? '');
  const [secrets, setSecrets] = useState({ certificate: '', clientKey: '', clientSecret: '' });
  const urlBad = sis && !isHttpUrl(baseUrl.trim());
  const pairBad = district.kind === 'clever' && !secrets.clientKey.trim() !== !secrets.clientSecret.trim();
  const normalise = (v: string) => v.trim().toLowerCase().replace(/^@/, '');
  const draftBad = draft.trim() !== '' && !isEmailDomain(draft);
  const save = useMutation({
    mutationFn: (list: string[]) => {
      const body: UpdateDistrict = { name: name.trim(), domains: list };
      if (sis && baseUrl.trim() !== district.baseUrl) body.baseUrl = baseUrl.trim();
      if (district.kind === 'aeries' && secrets.certificate.trim()) body.certificate = secrets.certificate.trim();
      if (district.kind === 'clever' && secrets.clientKey.trim()) Object.assign(body, { clientKey: secrets.clientKey.trim(), clientSecret: secrets.clientSecret.trim() });
      return api(superEditApi.updateDistrict, { params: { districtId: district.id }, body });
    },
    onSuccess: (saved) => {
      notify('success', t('districtEdit.saved', { name: saved.name }));
      refresh();
      onClose();
    },
    onError: (error) => notify('error', errorText(error)),
  });
  const addDraft = () => {
    if (!draft.trim() || draftBad) return domains;
    const next = [...new Set([...domains, normalise(draft)])];
    setDomains(next);
    setDraft('');
    return next;
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (!name.trim() || draftBad || urlBad || pairBad) return;
    save.mutate(addDraft());
  };
  return (
    <Dialog open onClose={onClose} aria-labelledby={`${id}-title`} maxWidth="sm" fullWidth>
      <form onSubmit={submit} noValidate>
        <DialogTitle id={`${id}-title`}>{t('districtEdit.title', { name: district.name })}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField
              label={t('district.districtName')}
              value={name}
              onChange={(e) => setName(e.target.value)}
              required
              error={submitted && !name.trim()}
              helperText={submitted && !name.trim() ? t('invite.fieldRequired') : ' '}
              slotProps={{ htmlInput: { maxLength: 120 } }}
              fullWidth
            />
            <Autocomplete
              multiple
              freeSolo
              options={[]}
              value={domains}
              inputValue={draft}
              onInputChange={(_e, value, reason) => reason !== 'reset' && setDraft(value.replace(/[\s,;]+$/, ''))}
              onChange={(_e, value) => {
                setDomains([...new Set(value.map(normalise))].filter(isEmailDomain));
                setDraft('');
              }}
              renderValue={(values, getItemProps) => values.map((d, index) => <Chip {...getItemProps({ index })} key={d} label={d} size="small" />)}
              renderInput={(params) => (
                <TextField
                  {...params}
                  label={t('districtEdit.domains')}
                  placeholder={domains.length ? '' : 'school.k12.ca.us'}
                  error={draftBad}
                  helperText={draftBad ? t('districtEdit.domainInvalid') : t('districtEdit.domainsHelp', { max: MAX_DISTRICT_DOMAINS })}
                  onKeyDown={(e) => {
                    if ((e.key === ',' || e.key === ' ' || e.key === ';') && draft.trim()) {
                      e.preventDefault();
                      addDraft();
                    }
                  }}
                  onBlur={() => addDraft()}
                />
              )}
            />
            {domains.length === 0 && <Alert severity="info">{t('districtEdit.noDomains')}</Alert>}
            {sis && (
              <>
                <TextField
                  label={t('district.baseUrl')}
                  type="url"
                  value={baseUrl}
                  onChange={(e) => setBaseUrl(e.target.value)}
                  required
                  error={submitted && urlBad}
                  helperText={submitted && urlBad ? t('config.urlInvalid') : ' '}
                  slotProps={{ htmlInput: { maxLength: 500 } }}
                  fullWidth
                />
                {district.kind === 'aeries' ? (
                  <TextField
                    label={t('districtEdit.newCertificate')}
                    value={secrets.certificate}
                    onChange={(e) => setSecrets((s) => ({ ...s, certificate: e.target.value }))}
                    helperText={t('districtEdit.keepSecret')}
                    autoComplete="off"
                    slotProps={{ htmlInput: { maxLength: 4000, spellCheck: false } }}
                    fullWidth
                  />
                ) : (
                  <>
                    <TextField label={t('districtEdit.newClientKey')} value={secrets.clientKey} onChange={(e) => setSecrets((s) => ({ ...s, clientKey: e.target.value }))} autoComplete="off" slotProps={{ htmlInput: { maxLength: 500, spellCheck: false } }} fullWidth />
                    <TextField
                      label={t('districtEdit.newClientSecret')}
                      type="password"
                      value={secrets.clientSecret}
                      onChange={(e) => setSecrets((s) => ({ ...s, clientSecret: e.target.value }))}
                      error={submitted && pairBad}
                      helperText={submitted && pairBad ? t('districtEdit.keyAndSecret') : t('districtEdit.keepSecret')}
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

/** Edit and delete buttons of one school row: rename, change its time zone, or delete it (two confirmations). */
export function SchoolDialog({ school, onClose }: { school: SuperSchool; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const errorText = useErrorText('admin');
  const notify = useNotify();
  const refresh = useRefresh();
  const id = useId();
  const [name, setName] = useState(school.name);
  const [timeZone, setTimeZone] = useState(school.timeZone);
  const [submitted, setSubmitted] = useState(false);
  const save = useMutation({
    mutationFn: () => api(superEditApi.updateSchool, { params: { schoolId: school.id }, body: { name: name.trim(), timeZone } }),
    onSuccess: (saved) => {
      notify('success', t('districtEdit.schoolSaved', { name: saved.name }));
      refresh();
      onClose();
    },
    onError: (error) => notify('error', errorText(error)),
  });
  return (
    <Dialog open onClose={onClose} aria-labelledby={`${id}-title`} maxWidth="sm" fullWidth>
      <form
        noValidate
        onSubmit={(e: FormEvent) => {
          e.preventDefault();
          setSubmitted(true);
          if (name.trim() && isKnownTimeZone(timeZone)) save.mutate();
        }}
      >
        <DialogTitle id={`${id}-title`}>{t('districtEdit.schoolTitle', { name: school.name })}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField
              label={t('district.schoolName')}
              value={name}
              onChange={(e) => setName(e.target.value)}
              required
              error={submitted && !name.trim()}
              helperText={submitted && !name.trim() ? t('invite.fieldRequired') : ' '}
              slotProps={{ htmlInput: { maxLength: 120 } }}
              fullWidth
            />
            <TimeZonePicker value={timeZone} onChange={setTimeZone} />
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose}>{t('actions.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={save.isPending}>
            {t('actions.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
