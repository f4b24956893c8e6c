import { CLASSROOM_LIMITS, SeatingChartInputSchema } from '@high5/contract';
import { Alert, Box, Button, FormControlLabel, MenuItem, Switch, TextField, Typography } from '@mui/material';
import { useId } from 'react';
import { useController } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { z } from 'zod';
import { paths } from '../../../app/paths';
import { useContractForm } from '../../../components/form/contract-form';
import { PageTitle } from '../../../components/ui/page-title';
import { MOOD_COLOURS } from '../components/moods';
import { FLAG_STYLES, MoodSwingMark, NotYetMark, PICK_STYLES } from './seat-grid';

/** A grid size as typed: blank is no size yet (nothing changes); otherwise a whole number the chart's rows or columns take. */
const gridSizeForm = z.object({
  size: z.preprocess((typed: string) => {
    const trimmed = typed.trim();
    return trimmed === '' ? null : /^\d+$/.test(trimmed) ? Number(trimmed) : Number.NaN;
  }, SeatingChartInputSchema.shape.rows.nullable()),
});
/** The field's own refusal: a number below a row or column with students. */
const OCCUPIED = 'occupied';

/**
 * Rows or columns of the chart, a contract form of one field (the chart's `rows`/`cols` rule). What is
 * typed is kept as typed until it is a whole number the grid can take, so "12" can be typed one digit
 * at a time; a number out of 1 to 30, or below a row or column with students, is refused with a
 * message under the field (never changed into another number). Give it a `key` per chart so a switch
 * of chart starts from the chart's value.
 */
export function GridField({
  label,
  value,
  minimum,
  occupiedMessage,
  disabled,
  onChange,
  onOccupied,
}: {
  label: string;
  value: number;
  minimum: number;
  occupiedMessage: string;
  disabled: boolean;
  onChange: (value: number) => void;
  onOccupied: () => void;
}) {
  const { t } = useTranslation('classroom');
  // Checked on each change (below), not by the form's own modes, so the occupied refusal stays.
  const form = useContractForm(gridSizeForm, { reValidateMode: 'onSubmit', shouldFocusError: false, defaultValues: { size: String(value) } });
  const { field, fieldState } = useController({ control: form.control, name: 'size' });
  const typed = field.value as string;
  const error =
    fieldState.error &&
    (fieldState.error.message === OCCUPIED
      ? occupiedMessage
      : t('seating.gridRange', { label, min: CLASSROOM_LIMITS.seatingGridMin, max: CLASSROOM_LIMITS.seatingGridMax }));
  // A refused or emptied field shows what was typed; otherwise the chart's value (a preset may change it).
  const shown = error || typed.trim() === '' ? typed : String(value);
  const apply = form.handleSubmit(({ size }) => {
    if (size === null) return;
    if (size < minimum) {
      form.setError('size', { type: 'occupied', message: OCCUPIED });
      onOccupied();
    } else onChange(size);
  });
  return (
    <TextField
      type="number"
      size="small"
      label={label}
      name={field.name}
      inputRef={field.ref}
      value={shown}
      disabled={disabled}
      error={!!error}
      helperText={error}
      onChange={(event) => {
        field.onChange(event.target.value);
        void apply();
      }}
      onBlur={() => {
        field.onBlur();
        // An emptied field goes back to the chart's value; a refused number stays with its message.
        if (typed.trim() === '') form.setValue('size', String(value));
      }}
      slotProps={{
        htmlInput: { min: CLASSROOM_LIMITS.seatingGridMin, max: CLASSROOM_LIMITS.seatingGridMax, inputMode: 'numeric' },
        formHelperText: { 'aria-live': 'polite' } as object,
      }}
      sx={{ width: 110, '& .MuiFormHelperText-root': { mx: 0, width: 220 } }}
    />
  );
}

/** What the marks on the cards mean: flags, mood colours, the mood swing and the random pick. */
export function SeatingLegend({ compact, notYet = false }: { compact: boolean; notYet?: boolean }) {
  const { t } = useTranslation('classroom');
  const item = { display: 'flex', alignItems: 'center', gap: 0.75 } as const;
  return (
    <Box
      component="ul"
      aria-label={t('seating.legend')}
      sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 1.5, rowGap: 0.5, m: 0, p: 0, listStyle: 'none', alignItems: 'center' }}
    >
      {(['iep', 'plan504', 'language'] as const).map((flag) => (
        <Box component="li" key={flag} sx={item}>
          <Box component="span" aria-hidden sx={{ bgcolor: FLAG_STYLES[flag].bg, color: '#fff', fontSize: 12, fontWeight: 700, px: 0.75, borderRadius: 0.5 }}>
            {compact ? FLAG_STYLES[flag].short : FLAG_STYLES[flag].label}
          </Box>
          <Typography variant="body2">{t(`seating.flags.${flag}`)}</Typography>
        </Box>
      ))}
      {(['red', 'yellow', 'blue', 'green'] as const).map((group) => (
        <Box component="li" key={group} sx={item}>
          <Box
            component="span"
            aria-hidden
            sx={{ width: 14, height: 14, borderRadius: 0.5, border: 3, borderColor: MOOD_COLOURS[group].main, bgcolor: MOOD_COLOURS[group].light }}
          />
          <Typography variant="body2">{t(`seating.moodGroups.${group}`)}</Typography>
        </Box>
      ))}
      <Box component="li" sx={item}>
        <MoodSwingMark sx={{ fontSize: 14, width: 14, textAlign: 'center' }} />
        <Typography variant="body2">{t('seating.moodSwing')}</Typography>
      </Box>
      {notYet && (
        <Box component="li" sx={item}>
          <NotYetMark size={80} />
          <Typography variant="body2">{t('seating.notYet.legend')}</Typography>
        </Box>
      )}
      {(['current', 'previous'] as const).map((pick) => (
        <Box component="li" key={pick} sx={item}>
          <Box
            component="span"
            aria-hidden
            sx={{ width: 12, height: 12, borderRadius: 0.5, outline: PICK_STYLES[pick].outline, outlineOffset: '-1px', mx: '2px' }}
          />
          <Typography variant="body2">{t(pick === 'current' ? 'seating.pickedNow' : 'seating.pickedBefore')}</Typography>
        </Box>
      ))}
    </Box>
  );
}

/** The class and chart pickers at the top of the controls. */
export function ClassAndChartPickers(props: {
  classes: readonly { id: string; name: string }[];
  classId: string | null;
  charts: readonly { id: string; name: string }[];
  chartId: string | null;
  draftId: string;
  loaded: boolean;
  onClass: (id: string) => void;
  onChart: (id: string) => void;
}) {
  const { t } = useTranslation('classroom');
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2 }}>
      <TextField
        select
        size="small"
        label={t('seating.class')}
        value={props.classId ?? ''}
        onChange={(event) => props.onClass(event.target.value)}
        sx={{ flex: '1 1 200px', maxWidth: { sm: 320 } }}
      >
        {props.classes.map((c) => (
          <MenuItem key={c.id} value={c.id}>
            {c.name}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        label={t('seating.chart')}
        value={props.chartId ?? ''}
        onChange={(event) => props.onChart(event.target.value)}
        sx={{ flex: '1 1 200px', maxWidth: { sm: 320 } }}
        disabled={!props.loaded}
      >
        {props.charts.map((c) => (
          <MenuItem key={c.id} value={c.id}>
            {c.name}
          </MenuItem>
        ))}
        <MenuItem value={props.draftId}>{t('seating.newChart')}</MenuItem>
      </TextField>
    </Box>
  );
}

/** A teacher who teaches no class yet is sent to their classes. */
export function NoClasses() {
  const { t } = useTranslation('classroom');
  return (
    <Box>
      <PageTitle>{t('seating.title')}</PageTitle>
      <Alert
        severity="info"
        action={
          <Button component={RouterLink} to={paths.teacherClasses} color="inherit">
            {t('seating.goToClasses')}
          </Button>
        }
      >
        {t('seating.noClasses')}
      </Alert>
    </Box>
  );
}

/** The switch of the "not yet" marker on the cards, with what it means (docs/decisions/0599-seating-not-yet-marker.md). */
export function NotYetToggle({ on, onChange }: { on: boolean; onChange: (on: boolean) => void }) {
  const { t } = useTranslation('classroom');
  const helpId = useId();
  return (
    <Box>
      <FormControlLabel
        control={<Switch checked={on} onChange={(event) => onChange(event.target.checked)} slotProps={{ input: { 'aria-describedby': helpId } }} />}
        label={t('seating.notYet.toggle')}
      />
      <Typography id={helpId} variant="body2" color="text.secondary">
        {t('seating.notYet.help')}
      </Typography>
    </Box>
  );
}
