import { ColourInfoSchema, HAND_OPTIONS, type Hand } from '@high5/contract';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import RestartAltIcon from '@mui/icons-material/RestartAlt';
import RotateLeftIcon from '@mui/icons-material/RotateLeft';
import RotateRightIcon from '@mui/icons-material/RotateRight';
import {
  Alert,
  Box,
  Button,
  ButtonBase,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  Tooltip,
  Typography,
  useMediaQuery,
} from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { Canvas } from '@react-three/fiber';
import { Component, useEffect, useId, useRef, useState, type ChangeEvent, type KeyboardEvent, type PointerEvent, type ReactNode } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useContractForm } from '../../../components/form/contract-form';
import { Emoji } from '../../../components/ui/emoji';
import { useNotify } from '../../../components/ui/notifications';
import { useMyAvatar, useSaveAvatar } from './api';
import { HandModel } from './hand-model';
import { DEFAULT_COLOURS, handShape, POSE_GLYPH, SWATCHES, type Part } from './hand-options';

export interface AvatarBuilderDialogProps {
  open: boolean;
  /** `saved` is true when a new hand was stored. */
  onClose(saved?: boolean): void;
}

/** docs/rules/recognition.md#hand-avatar: the avatar is exported as webp at quality 0.5. */
const EXPORT_QUALITY = 0.5;
const STEP = Math.PI / 8;
const TILT_LIMIT = 1.2;
const START: [number, number] = [0.12, -0.35];

function webglAvailable() {
  try {
    const canvas = document.createElement('canvas');
    return !!(canvas.getContext('webgl2') ?? canvas.getContext('webgl'));
  } catch {
    return false;
  }
}

/**
 * The 3D hand builder (docs/rules/recognition.md#hand-avatar): twelve hands, colours for hand, chain and bracelet, a
 * preview to turn by dragging or with buttons, saved as a webp image with its colour
 * info. Loaded lazily (default export): three.js never enters the first bundle.
 */
export default function AvatarBuilderDialog({ open, onClose }: AvatarBuilderDialogProps) {
  const { t } = useTranslation('profile');
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const titleId = useId();
  const notify = useNotify();
  const saved = useMyAvatar(open);
  const save = useSaveAvatar();
  // The hand and its colours: a contract form of the saved colour info (ColourInfoSchema).
  const form = useContractForm(ColourInfoSchema, { defaultValues: DEFAULT_COLOURS });
  const colours = useWatch({ control: form.control }) as typeof DEFAULT_COLOURS;
  const [rotation, setRotation] = useState<[number, number]>(START);
  const [webgl] = useState(webglAvailable);
  const canvasRef = useRef<HTMLCanvasElement | null>(null);
  const drag = useRef<{ x: number; y: number } | null>(null);

  // Start from the saved hand, if any.
  const savedInfo = saved.data?.colourInfo;
  useEffect(() => {
    if (savedInfo) form.reset(savedInfo);
  }, [savedInfo, form]);

  const shape = handShape(colours.handSelected);
  const rotate = (dx: number, dy: number) => setRotation(([x, y]) => [Math.max(-TILT_LIMIT, Math.min(TILT_LIMIT, x + dy)), y + dx]);

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    drag.current = { x: event.clientX, y: event.clientY };
    event.currentTarget.setPointerCapture(event.pointerId);
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (!drag.current) return;
    rotate((event.clientX - drag.current.x) * 0.012, (event.clientY - drag.current.y) * 0.012);
    drag.current = { x: event.clientX, y: event.clientY };
  };
  const onPointerUp = () => (drag.current = null);
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const moves: Record<string, [number, number]> = { ArrowLeft: [-STEP, 0], ArrowRight: [STEP, 0], ArrowUp: [0, -STEP], ArrowDown: [0, STEP] };
    const move = moves[event.key];
    if (move) {
      event.preventDefault();
      rotate(...move);
    }
  };

  const onSave = form.handleSubmit(async (colourInfo) => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    let image = canvas.toDataURL('image/webp', EXPORT_QUALITY);
    // A browser without a webp encoder answers png: the server accepts that too.
    if (!image.startsWith('data:image/webp') && !image.startsWith('data:image/png')) image = canvas.toDataURL('image/png');
    try {
      await save.mutateAsync({ image, colourInfo });
      notify('success', t('notices.SAVE_THREEDMODEL_SUCCESS'));
      onClose(true);
    } catch {
      notify('error', t('notices.SAVE_THREEDMODEL_FAIL'));
    }
  });

  return (
    <Dialog
      open={open}
      onClose={save.isPending ? undefined : () => onClose(false)}
      aria-labelledby={titleId}
      maxWidth="md"
      fullWidth
      fullScreen={fullScreen}
      scroll="paper"
    >
      <DialogTitle id={titleId} sx={{ display: 'flex', alignItems: 'center', pr: 1.5 }}>
        <Box component="span" sx={{ flex: 1 }}>
          {t('avatar.title')}
        </Box>
        <IconButton onClick={() => onClose(false)} aria-label={t('avatar.cancel')} title={t('avatar.cancel')} disabled={save.isPending}>
          <CloseIcon />
        </IconButton>
      </DialogTitle>
      <DialogContent dividers>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {t('avatar.intro')}
        </Typography>
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: 'minmax(280px, 360px) 1fr' }, gap: 3, alignItems: 'start' }}>
          <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 1 }}>
            {webgl ? (
              <Box
                role="group"
                aria-label={t('avatar.preview')}
                tabIndex={0}
                onKeyDown={onKeyDown}
                onPointerDown={onPointerDown}
                onPointerMove={onPointerMove}
                onPointerUp={onPointerUp}
                onPointerCancel={onPointerUp}
                sx={{
                  width: '100%',
                  maxWidth: 360,
                  aspectRatio: '1',
                  borderRadius: 3,
                  background: 'radial-gradient(circle at 50% 40%, #ffffff 0%, #ede7f6 75%)',
                  cursor: 'grab',
                  touchAction: 'none',
                  '&:active': { cursor: 'grabbing' },
                  '&:focus-visible': { outline: '3px solid', outlineColor: 'primary.main', outlineOffset: 2 },
                }}
              >
                <WebglBoundary fallback={<Alert severity="warning">{t('avatar.noWebgl')}</Alert>}>
                  <Canvas
                    frameloop="demand"
                    dpr={[1, 2]}
                    camera={{ position: [0, 0, 7.4], fov: 38 }}
                    gl={{ preserveDrawingBuffer: true, alpha: true, antialias: true }}
                    onCreated={({ gl }) => {
                      canvasRef.current = gl.domElement;
                      gl.domElement.setAttribute('aria-hidden', 'true');
                    }}
                    data-testid="avatar-canvas"
                  >
                    <ambientLight intensity={0.9} />
                    <directionalLight position={[3, 5, 6]} intensity={1.9} />
                    <directionalLight position={[-4, -2, 3]} intensity={0.6} />
                    <group rotation={[rotation[0], rotation[1], 0]}>
                      <HandModel colours={colours} />
                    </group>
                  </Canvas>
                </WebglBoundary>
              </Box>
            ) : (
              <Alert severity="warning">{t('avatar.noWebgl')}</Alert>
            )}
            <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap', justifyContent: 'center' }}>
              <RotateButton label={t('avatar.rotateLeft')} onClick={() => rotate(-STEP, 0)} icon={<RotateLeftIcon />} />
              <RotateButton label={t('avatar.rotateRight')} onClick={() => rotate(STEP, 0)} icon={<RotateRightIcon />} />
              <RotateButton label={t('avatar.rotateUp')} onClick={() => rotate(0, -STEP)} icon={<ArrowUpwardIcon />} />
              <RotateButton label={t('avatar.rotateDown')} onClick={() => rotate(0, STEP)} icon={<ArrowDownwardIcon />} />
              <RotateButton label={t('avatar.reset')} onClick={() => setRotation(START)} icon={<RestartAltIcon />} />
            </Box>
          </Box>

          <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2.5, minWidth: 0 }}>
            <Controller control={form.control} name="handSelected" render={({ field }) => <HandPicker value={field.value} onChange={field.onChange} />} />
            {(['hand', 'bracelet', 'chain'] as const).map((part) => (
              <Controller
                key={part}
                control={form.control}
                name={part}
                render={({ field }) => <ColourPicker part={part} value={field.value} present={part === 'hand' || shape[part]} onChange={field.onChange} />}
              />
            ))}
          </Box>
        </Box>
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 1.5 }}>
        <Button onClick={() => onClose(false)} disabled={save.isPending}>
          {t('avatar.cancel')}
        </Button>
        <Button
          variant="contained"
          onClick={() => void onSave()}
          disabled={!webgl || save.isPending}
          startIcon={save.isPending ? <CircularProgress size={16} color="inherit" aria-hidden /> : <CheckIcon />}
        >
          {save.isPending ? t('avatar.saving') : t('avatar.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function RotateButton({ label, onClick, icon }: { label: string; onClick(): void; icon: ReactNode }) {
  return (
    <Tooltip title={label}>
      <IconButton onClick={onClick} aria-label={label} size="large">
        {icon}
      </IconButton>
    </Tooltip>
  );
}

/** The twelve hands as a radio group: the pose's glyph, its number and its extras in words. */
function HandPicker({ value, onChange }: { value: Hand; onChange(hand: Hand): void }) {
  const { t } = useTranslation('profile');
  const labelId = useId();
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const index = HAND_OPTIONS.indexOf(value);
  const current = handShape(value);
  const onKeyDown = (event: KeyboardEvent) => {
    const delta = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[event.key];
    if (!delta) return;
    event.preventDefault();
    const next = (index + delta + HAND_OPTIONS.length) % HAND_OPTIONS.length;
    onChange(HAND_OPTIONS[next]!);
    refs.current[next]?.focus();
  };
  return (
    <Box>
      <Typography id={labelId} variant="subtitle2" component="h3" sx={{ mb: 1 }}>
        {t('avatar.handGroup')}
      </Typography>
      <Box
        role="radiogroup"
        aria-labelledby={labelId}
        onKeyDown={onKeyDown}
        sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(64px, 1fr))', gap: 1 }}
      >
        {HAND_OPTIONS.map((hand, i) => {
          const shape = handShape(hand);
          const selected = hand === value;
          const description = `${t(`avatar.poses.${shape.pose}`)}, ${t(`avatar.extras.${shape.extras}`)}`;
          return (
            <ButtonBase
              key={hand}
              ref={(el) => void (refs.current[i] = el)}
              role="radio"
              aria-checked={selected}
              aria-label={t('avatar.handOption', { number: shape.number, description })}
              tabIndex={selected ? 0 : -1}
              onClick={() => onChange(hand)}
              sx={{
                flexDirection: 'column',
                py: 0.75,
                borderRadius: 2,
                border: 2,
                borderColor: selected ? 'primary.main' : 'divider',
                bgcolor: selected ? 'rgba(106, 27, 154, 0.08)' : 'background.paper',
                '&:focus-visible': { outline: '3px solid', outlineColor: 'primary.main', outlineOffset: 2 },
              }}
            >
              <Emoji char={POSE_GLYPH[shape.pose]} size={24} alt={t(`avatar.poses.${shape.pose}`)} />
              <Box component="span" aria-hidden sx={{ fontSize: 12, fontWeight: 700, color: 'text.secondary', whiteSpace: 'nowrap' }}>
                {shape.number}
                {shape.bracelet ? ' ◯' : ''}
                {shape.chain ? ' ⛓' : ''}
              </Box>
            </ButtonBase>
          );
        })}
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 0.75 }} aria-hidden>
        {t('avatar.handOption', { number: current.number, description: `${t(`avatar.poses.${current.pose}`)}, ${t(`avatar.extras.${current.extras}`)}` })}
      </Typography>
    </Box>
  );
}

/** A part's colour: named swatches as a radio group, and a colour input for any other. */
function ColourPicker({ part, value, present, onChange }: { part: Part; value: string; present: boolean; onChange(value: string): void }) {
  const { t } = useTranslation('profile');
  const labelId = useId();
  const inputId = useId();
  const partName = t(`avatar.parts.${part}`);
  const swatches = SWATCHES[part];
  const selectedIndex = swatches.findIndex((s) => s.value === value.toLowerCase());
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const onKeyDown = (event: KeyboardEvent) => {
    const delta = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[event.key];
    if (!delta) return;
    event.preventDefault();
    const next = (Math.max(selectedIndex, 0) + delta + swatches.length) % swatches.length;
    onChange(swatches[next]!.value);
    refs.current[next]?.focus();
  };
  return (
    // Only the controls are dimmed when the part is missing; the words keep full contrast.
    <Box>
      <Typography variant="subtitle2" component="h3" sx={{ mb: 0.75 }}>
        <span id={labelId}>{t('avatar.colourGroup', { part: partName })}</span>
        {selectedIndex >= 0 && (
          <Box component="span" aria-hidden sx={{ fontWeight: 400, color: 'text.secondary' }}>
            {' · '}
            {t(`avatar.swatches.${swatches[selectedIndex]!.key}`)}
          </Box>
        )}
      </Typography>
      {!present && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 0.75 }}>
          {t('avatar.notOnThisHand', { part: partName.toLowerCase() })}
        </Typography>
      )}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
        <Box role="radiogroup" aria-labelledby={labelId} onKeyDown={onKeyDown} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, opacity: present ? 1 : 0.45 }}>
          {swatches.map((swatch, i) => {
            const selected = i === selectedIndex;
            const name = t(`avatar.swatches.${swatch.key}`);
            return (
              <ButtonBase
                key={swatch.key}
                ref={(el) => void (refs.current[i] = el)}
                role="radio"
                aria-checked={selected}
                aria-label={name}
                tabIndex={selected || (selectedIndex < 0 && i === 0) ? 0 : -1}
                disabled={!present}
                onClick={() => onChange(swatch.value)}
                sx={{
                  width: 36,
                  height: 36,
                  borderRadius: '50%',
                  bgcolor: swatch.value,
                  border: 3,
                  borderColor: selected ? 'primary.main' : 'common.white',
                  boxShadow: selected ? '0 0 0 2px #6a1b9a' : '0 0 0 1px rgba(0,0,0,0.35)',
                  '&:focus-visible': { outline: '3px solid', outlineColor: 'primary.dark', outlineOffset: 3 },
                }}
              />
            );
          })}
        </Box>
        <Box
          component="label"
          htmlFor={inputId}
          sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75, fontSize: 14, color: 'text.secondary', cursor: present ? 'pointer' : 'default' }}
        >
          <Box
            component="input"
            id={inputId}
            type="color"
            value={value}
            disabled={!present}
            onChange={(event: ChangeEvent<HTMLInputElement>) => onChange(event.target.value)}
            sx={{
              width: 40,
              height: 36,
              p: 0,
              border: 1,
              borderColor: 'divider',
              borderRadius: 1,
              bgcolor: 'transparent',
              cursor: 'inherit',
              opacity: present ? 1 : 0.45,
            }}
          />
          {t('avatar.customColour', { part: partName.toLowerCase() })}
        </Box>
      </Box>
    </Box>
  );
}

/** WebGL can still fail after the check (a lost or refused context): show the notice instead. */
class WebglBoundary extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
