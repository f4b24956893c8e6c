import { type DistrictKind } from '@high5/contract';
import { Alert, Box, Button, Chip, FormControl, FormControlLabel, FormLabel, Paper, Radio, RadioGroup, Skeleton, Typography } from '@mui/material';
import ListAltIcon from '@mui/icons-material/ListAlt';
import GroupsIcon from '@mui/icons-material/Groups';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { paths } from '../../../app/paths';
import { DataTable } from '../../../components/ui/data-table';
import { PageTitle } from '../../../components/ui/page-title';
import { useDistricts } from '../api';
import { downloadReport } from '../lib/report-csv';
import { FreeSchoolForm, SisDistrictForm } from './add-district-forms';
import { DistrictActions } from './district-editor';
import { DistrictView } from './district/district-view';
import { DistrictRoster } from './roster/district-roster';
import { SchoolList } from './school-list';

type SchoolType = 'free' | 'aeries' | 'clever';

/**
 * /add-district (spec 003 section 2.13): a free school (in an existing or a new district), or an
 * Aeries or Clever district with its credentials (stored encrypted, never shown again).
 * `?district=<id>` is that district's roster page (issue 9); `&view=students` its students and figures (decision 0603).
 */
export default function AddDistrictScreen() {
  const { t } = useTranslation('admin');
  const [type, setType] = useState<SchoolType>('free');
  const [search] = useSearchParams();
  const rosterOf = search.get('district');
  if (rosterOf && search.get('view') === 'students') return <DistrictView key={rosterOf} districtId={rosterOf} />;
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

function DistrictList() {
  const { t } = useTranslation('admin');
  const districts = useDistricts();
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
              // On a phone's card the buttons go under the label and wrap: one line is wider than the card.
              long: true,
              cell: (d) => (
                <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, flexWrap: { xs: 'wrap', md: 'nowrap' } }}>
                  <Button size="small" component={RouterLink} to={`${paths.addDistrict}?district=${d.id}`} startIcon={<ListAltIcon />} aria-label={t('roster.openFor', { name: d.name })}>
                    {t('roster.open')}
                  </Button>
                  <Button size="small" component={RouterLink} to={`${paths.addDistrict}?district=${d.id}&view=students`} startIcon={<GroupsIcon />} aria-label={t('districtView.openFor', { name: d.name })}>
                    {t('districtView.open')}
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
