import type { DeskDirection, PresetFlag } from '@high5/contract';
import AutoAwesomeMosaicOutlinedIcon from '@mui/icons-material/AutoAwesomeMosaicOutlined';
import CasinoOutlinedIcon from '@mui/icons-material/CasinoOutlined';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import FactCheckOutlinedIcon from '@mui/icons-material/FactCheckOutlined';
import ImageOutlinedIcon from '@mui/icons-material/ImageOutlined';
import PrintOutlinedIcon from '@mui/icons-material/PrintOutlined';
import RotateRightIcon from '@mui/icons-material/RotateRight';
import SaveAsOutlinedIcon from '@mui/icons-material/SaveAsOutlined';
import SaveOutlinedIcon from '@mui/icons-material/SaveOutlined';
import { Box, Button, IconButton, ListSubheader, Menu, MenuItem, TextField, Tooltip } from '@mui/material';
import { useState, type ReactNode, type Ref } from 'react';
import { useTranslation } from 'react-i18next';

const DIRECTIONS: DeskDirection[] = [0, 90, 180, 270];

/** The chart's actions (docs/rules/classroom.md#seating-chart). In the side panel they stack, full width. */
export function ChartActions(props: {
  stacked: boolean;
  disabled: boolean;
  canUpdate: boolean;
  canDelete: boolean;
  highlightUpdate: boolean;
  attendanceRef: Ref<HTMLButtonElement>;
  onRandom: () => void;
  onImage: () => void;
  onPrint: () => void;
  onAttendance: () => void;
  /** The pointer or focus reached Take attendance: its view's code can start loading. */
  onAttendanceIntent: () => void;
  onSaveAsNew: () => void;
  onUpdate: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation('classroom');
  const { disabled } = props;
  return (
    <Box
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        gap: 1,
        '& .MuiButton-root': { flex: { xs: '1 1 auto', sm: '0 0 auto' }, whiteSpace: 'nowrap' },
        ...(props.stacked
          ? { '@media (min-width: 1200px)': { display: 'grid', gridTemplateColumns: '1fr', '& .MuiButton-root': { justifyContent: 'flex-start' } } }
          : {}),
      }}
    >
      <Button variant="outlined" startIcon={<CasinoOutlinedIcon />} onClick={props.onRandom} disabled={disabled}>
        {t('seating.random')}
      </Button>
      <Button variant="outlined" startIcon={<ImageOutlinedIcon />} onClick={props.onImage} disabled={disabled}>
        {t('seating.exportImage')}
      </Button>
      <Button variant="outlined" startIcon={<PrintOutlinedIcon />} onClick={props.onPrint} disabled={disabled}>
        {t('seating.print.action')}
      </Button>
      <Button
        ref={props.attendanceRef}
        variant="outlined"
        startIcon={<FactCheckOutlinedIcon />}
        onClick={props.onAttendance}
        onPointerEnter={props.onAttendanceIntent}
        onFocus={props.onAttendanceIntent}
        disabled={disabled}
      >
        {t('seating.takeAttendance')}
      </Button>
      <Button variant="outlined" startIcon={<SaveAsOutlinedIcon />} onClick={props.onSaveAsNew} disabled={disabled}>
        {t('seating.saveAsNew')}
      </Button>
      <Button
        variant={props.highlightUpdate ? 'contained' : 'outlined'}
        startIcon={<SaveOutlinedIcon />}
        onClick={props.onUpdate}
        disabled={disabled || !props.canUpdate}
      >
        {t('seating.update')}
      </Button>
      <Button variant="outlined" color="error" startIcon={<DeleteOutlineIcon />} onClick={props.onDelete} disabled={disabled || !props.canDelete}>
        {t('seating.delete')}
      </Button>
    </Box>
  );
}

/** The chart's shape: rows and columns (given as fields), the desk's side, rotation and presets. */
export function ShapeControls(props: {
  rows: ReactNode;
  cols: ReactNode;
  deskDirection: DeskDirection;
  disabled: boolean;
  presetsAvailable: boolean;
  presetBusy: boolean;
  onDesk: (direction: DeskDirection) => void;
  onPreset: (flag: PresetFlag, spread: boolean) => void;
}) {
  const { t } = useTranslation('classroom');
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start' }}>
      {props.rows}
      {props.cols}
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
        <TextField
          select
          size="small"
          label={t('seating.deskDirection')}
          value={props.deskDirection}
          disabled={props.disabled}
          onChange={(event) => props.onDesk(Number(event.target.value) as DeskDirection)}
          sx={{ width: 190 }}
        >
          {DIRECTIONS.map((d) => (
            <MenuItem key={d} value={d}>
              {t(`seating.directions.${d}`)}
            </MenuItem>
          ))}
        </TextField>
        <Tooltip title={t('seating.rotate')}>
          <span>
            <IconButton
              aria-label={t('seating.rotate')}
              disabled={props.disabled}
              onClick={() => props.onDesk(((props.deskDirection + 90) % 360) as DeskDirection)}
            >
              <RotateRightIcon />
            </IconButton>
          </span>
        </Tooltip>
      </Box>
      {props.presetsAvailable && (
        <>
          <Button
            variant="outlined"
            startIcon={<AutoAwesomeMosaicOutlinedIcon />}
            onClick={(event) => setAnchor(event.currentTarget)}
            disabled={props.disabled || props.presetBusy}
            aria-haspopup="menu"
            aria-controls={anchor ? 'preset-menu' : undefined}
            aria-expanded={!!anchor}
          >
            {t('seating.presets')}
          </Button>
          <Menu id="preset-menu" anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
            {(['iep', '504', 'language'] as const).flatMap((flag) => [
              <ListSubheader key={`${flag}-h`}>{t(`seating.presetGroups.${flag}`)}</ListSubheader>,
              ...[false, true].map((spread) => (
                <MenuItem
                  key={`${flag}-${spread}`}
                  onClick={() => {
                    setAnchor(null);
                    props.onPreset(flag, spread);
                  }}
                >
                  {t(spread ? 'seating.spread' : 'seating.together', { group: t(`seating.presetGroups.${flag}`) })}
                </MenuItem>
              )),
            ])}
          </Menu>
        </>
      )}
    </Box>
  );
}
