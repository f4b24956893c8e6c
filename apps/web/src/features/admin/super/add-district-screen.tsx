import { adminApi, isHttpUrl, type DistrictKind } from '@high5/contract';
import {
  Alert,
  Autocomplete,
  Box,
  Button,
  Chip,
  FormControl,
  FormControlLabel,
  FormLabel,
  Paper,
  Radio,
  RadioGroup,
  Skeleton,
  Stack,
  Switch,
  TextField,
  Typography,
} from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import ListAltIcon from '@mui/icons-material/ListAlt';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { paths } from '../../../app/paths';
import { DataTable } from '../../../components/ui/data-table';
import { useNotify } from '../../../components/ui/notifications';
import { PageTitle } from '../../../components/ui/page-title';
import { ApiError, api } from '../../../lib/api-client';
import { useErrorText } from '../../../lib/use-error-text';
import { adminKeys, districtsQuery, superSchoolsQuery } from '../api';
import { downloadReport } from '../lib/report-csv';
import { TimeZonePicker } from '../components/time-zone-picker';
import { DistrictActions } from './district-editor';
import { DistrictRoster } from './roster/district-roster';
import { SchoolList } from './school-list';

type SchoolType = 'free' | 'aeries' | 'clever';
const DEFAULT_TIME_ZONE = 'America/Los_Angeles';

/**
 * /add-district (spec 003 section 2.13): a free school (in an existing or a new district), or an
 * Aeries or Clever district with its credentials (stored encrypted, never shown again).
 * `?district=<id>` is that district's roster page (issue 9).
 */
export default function AddDistrictScreen() {
  const { t } = useTranslation('admin');
  const [type, setType] = useState<SchoolType>('free');
  const [search] = useSearchParams();
  const rosterOf = search.get('district');
  if (rosterOf) return <DistrictRoster key={rosterOf} districtId={rosterOf} />;
  return (
    <Box>
      <PageTitle>{t('district.title')}</PageTitle>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, borderRadius: 3, mb: 3, maxWidth: 760 }}>
        <FormControl>
          <FormLabel id="school-type" sx={{ fontWeight: 700, color: 'text.primary' }}>
            {t('district.type')}
          </FormLabel>
          <RadioGroup row aria-labelledby="school-type" value={type} onChange={(e) => setType(e.target.value as SchoolType)}>
            <FormControlLabel value="free" control={<Radio />} label={t('district.free')} />
            <FormControlLabel value="aeries" control={<Radio />} label={t('district.aeries')} />
            <FormControlLabel value="clever" control={<Radio />} label={t('district.clever')} />
          </RadioGroup>
        </FormControl>
        <Box sx={{ mt: 2 }}>{type === 'free' ? <FreeSchoolForm /> : <SisDistrictForm key={type} kind={type} />}</Box>
      </Paper>
      <DistrictList />
      <SchoolList />
    </Box>
  );
}

/** Free school: pick or type a district, type the school; Add is enabled once a new school name is there. */
function FreeSchoolForm() {
  const { t } = useTranslation('admin');
  const errorText = useErrorText('admin');
  const notify = useNotify();
  const queryClient = useQueryClient();
  const districts = useQuery(districtsQuery);
  const schools = useQuery(superSchoolsQuery);
  const [district, setDistrict] = useState('');
  const [school, setSchool] = useState('');
  const [timeZone, setTimeZone] = useState(DEFAULT_TIME_ZONE);
  const [submitted, setSubmitted] = useState(false);
  const existingDistrict = districts.data?.find((d) => d.name.toLocaleLowerCase() === district.trim().toLocaleLowerCase());
  const districtSchools = (schools.data ?? []).filter((s) => existingDistrict && s.districtId === existingDistrict.id).map((s) => s.name);
  const schoolExists = districtSchools.some((n) => n.toLocaleLowerCase() === school.trim().toLocaleLowerCase());
  const add = useMutation({
    mutationFn: () =>
      api(adminApi.addSchool, { body: { ...(existingDistrict ? { districtId: existingDistrict.id } : { newDistrictName: district.trim() }), name: school.trim(), timeZone } }),
    onSuccess: (created) => {
      notify('success', t('district.schoolAdded', { school: created.name, district: created.districtName }));
      setSchool('');
      setSubmitted(false);
      void queryClient.invalidateQueries({ queryKey: adminKeys.superSchools });
      void queryClient.invalidateQueries({ queryKey: adminKeys.districts });
    },
    onError: (error) => notify('error', `${t('district.failed')} ${errorText(error)}`),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (!district.trim() || !school.trim()) {
      notify('info', t('district.freeRequired'));
      return;
    }
    add.mutate();
  };
  return (
    <Box component="form" onSubmit={submit} noValidate aria-label={t('district.free')}>
      <Stack spacing={2}>
        <Autocomplete
          freeSolo
          options={(districts.data ?? []).map((d) => d.name)}
          inputValue={district}
          onInputChange={(_e, value) => setDistrict(value)}
          renderInput={(params) => (
            <TextField {...params} label={t('district.districtName')} required error={submitted && !district.trim()} helperText={submitted && !district.trim() ? t('invite.fieldRequired') : district.trim() && !existingDistrict ? t('district.newDistrict') : ' '} slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps.htmlInput, maxLength: 120 } }} />
          )}
        />
        <Autocomplete
          freeSolo
          options={districtSchools}
          inputValue={school}
          onInputChange={(_e, value) => setSchool(value)}
          renderInput={(params) => (
            <TextField {...params} label={t('district.schoolName')} required error={schoolExists || (submitted && !school.trim())} helperText={schoolExists ? t('district.schoolExists') : submitted && !school.trim() ? t('invite.fieldRequired') : ' '} slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps.htmlInput, maxLength: 120 } }} />
          )}
        />
        <TimeZonePicker value={timeZone} onChange={setTimeZone} />
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
function SisDistrictForm({ kind }: { kind: 'aeries' | 'clever' }) {
  const { t } = useTranslation('admin');
  const errorText = useErrorText('admin');
  const notify = useNotify();
  const queryClient = useQueryClient();
  const empty = { name: '', baseUrl: '', certificate: '', clientKey: '', clientSecret: '', testMode: true };
  const [form, setForm] = useState(empty);
  const [urlError, setUrlError] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const add = useMutation({
    mutationFn: () =>
      api(adminApi.addDistrict, {
        body:
          kind === 'aeries'
            ? { kind, name: form.name.trim(), baseUrl: form.baseUrl.trim(), testMode: form.testMode, certificate: form.certificate.trim() }
            : { kind, name: form.name.trim(), baseUrl: form.baseUrl.trim(), testMode: form.testMode, clientKey: form.clientKey.trim(), clientSecret: form.clientSecret.trim() },
      }),
    onSuccess: () => {
      notify('success', t('district.success', { name: form.name.trim() }));
      setForm(empty);
      setSubmitted(false);
      void queryClient.invalidateQueries({ queryKey: adminKeys.districts });
    },
    onError: (error) => notify('error', error instanceof ApiError && error.code === 'DISTRICT_EXISTS' ? t('errors.DISTRICT_EXISTS') : `${t('district.failed')} ${errorText(error)}`),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const secrets = kind === 'aeries' ? [form.certificate] : [form.clientKey, form.clientSecret];
    setSubmitted(true);
    if (!form.name.trim() || !form.baseUrl.trim() || secrets.some((s) => !s.trim())) {
      notify('info', t(kind === 'aeries' ? 'district.aeriesRequired' : 'district.cleverRequired'));
      return;
    }
    if (!isHttpUrl(form.baseUrl.trim())) {
      setUrlError(true);
      return;
    }
    add.mutate();
  };
  const text = (name: 'name' | 'baseUrl' | 'certificate' | 'clientKey' | 'clientSecret', extra: object = {}) => (
    <TextField
      label={t(`district.${name}`)}
      value={form[name]}
      onChange={(e) => {
        setForm((f) => ({ ...f, [name]: e.target.value }));
        if (name === 'baseUrl') setUrlError(false);
      }}
      required
      fullWidth
      autoComplete="off"
      {...extra}
      {...(submitted && !form[name].trim() ? { error: true, helperText: t('invite.fieldRequired') } : {})}
    />
  );
  return (
    <Box component="form" onSubmit={submit} noValidate aria-label={t(`district.${kind}`)}>
      <Stack spacing={2}>
        {text('name', { slotProps: { htmlInput: { maxLength: 120 } } })}
        {kind === 'aeries'
          ? text('certificate', { multiline: true, minRows: 2, slotProps: { htmlInput: { maxLength: 4000, spellCheck: false } } })
          : (
            <>
              {text('clientKey', { slotProps: { htmlInput: { maxLength: 500, spellCheck: false } } })}
              {text('clientSecret', { type: 'password', slotProps: { htmlInput: { maxLength: 500 } } })}
            </>
          )}
        {text('baseUrl', { type: 'url', placeholder: 'https://', error: urlError, helperText: urlError ? t('config.urlInvalid') : ' ', slotProps: { htmlInput: { maxLength: 500 } } })}
        <FormControlLabel control={<Switch checked={form.testMode} onChange={(e) => setForm((f) => ({ ...f, testMode: e.target.checked }))} />} label={t('district.testMode')} />
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

function DistrictList() {
  const { t } = useTranslation('admin');
  const districts = useQuery(districtsQuery);
  const kindLabel = (k: DistrictKind) => t(`district.${k}`);
  return (
    <Box component="section" aria-labelledby="district-list">
      <Typography id="district-list" component="h2" variant="h6" sx={{ fontWeight: 700, mb: 1 }}>
        {t('district.listTitle')}
      </Typography>
      {districts.isError ? (
        <Alert severity="error">{t('errors:INTERNAL')}</Alert>
      ) : !districts.data ? (
        <Skeleton variant="rounded" height={160} />
      ) : (
        <DataTable
          rows={districts.data}
          rowKey={(d) => d.id}
          caption={t('district.listTitle')}
          empty={t('district.none')}
          searchLabel={t('district.search')}
          onDownload={() =>
            downloadReport(t, {
              title: t('district.listTitle'),
              nameParts: [],
              filters: [],
              columns: [
                { header: t('district.districtName'), value: (d) => d.name },
                { header: t('district.type'), value: (d) => kindLabel(d.kind) },
                { header: t('district.baseUrl'), value: (d) => d.baseUrl ?? '' },
                { header: t('districtEdit.domains'), value: (d) => d.domains.join(' ') },
                { header: t('district.schools'), value: (d) => d.schoolCount },
              ],
              rows: districts.data,
            })
          }
          columns={[
            { id: 'name', header: t('district.districtName'), cell: (d) => d.name, value: (d) => d.name },
            {
              id: 'kind',
              header: t('district.type'),
              value: (d) => kindLabel(d.kind),
              cell: (d) => (
                <>
                  {kindLabel(d.kind)}
                  {d.kind !== 'free' && d.testMode && <Chip size="small" label={t('district.test')} sx={{ ml: 1 }} />}
                </>
              ),
            },
            { id: 'baseUrl', header: t('district.baseUrl'), cell: (d) => d.baseUrl ?? '—', value: (d) => d.baseUrl ?? '', wide: true },
            { id: 'domains', header: t('districtEdit.domains'), cell: (d) => (d.domains.length ? d.domains.join(', ') : '—'), value: (d) => d.domains.join(', '), wide: true },
            { id: 'schools', header: t('district.schools'), cell: (d) => d.schoolCount, value: (d) => d.schoolCount, numeric: true },
            {
              id: 'actions',
              header: t('settingsScreen.actions'),
              sortable: false,
              cell: (d) => (
                <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, flexWrap: 'nowrap' }}>
                  <Button size="small" component={RouterLink} to={`${paths.addDistrict}?district=${d.id}`} startIcon={<ListAltIcon />} aria-label={t('roster.openFor', { name: d.name })}>
                    {t('roster.open')}
                  </Button>
                  <DistrictActions district={d} />
                </Box>
              ),
            },
          ]}
        />
      )}
    </Box>
  );
}
