import CameraAltOutlinedIcon from '@mui/icons-material/CameraAltOutlined';
import CloudUploadOutlinedIcon from '@mui/icons-material/CloudUploadOutlined';
import FolderOpenOutlinedIcon from '@mui/icons-material/FolderOpenOutlined';
import PhotoCameraFrontOutlinedIcon from '@mui/icons-material/PhotoCameraFrontOutlined';
import { Avatar, Box, Button, CircularProgress, Typography } from '@mui/material';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotify } from '../ui/notifications';
import { useProfileErrorText } from './use-profile-error-text';

/** docs/rules/recognition.md#photos: photos are compressed to at most 0.1 MB and 1920 px; captures are 100x100. */
const MAX_MB = 0.1;
const MAX_SIDE = 1920;
const CAPTURE_SIDE = 100;

export interface PhotoPickerProps {
  /** The current photo (a signed link), or null. */
  photoUrl: string | null;
  /** Whose photo it is, for the image's text alternative. */
  name: string;
  canChange: boolean;
  /** Shown instead of the buttons when the photo cannot change here. */
  lockedText?: string;
  /** The upload's file name without extension (the user id): `.jpeg` for a capture, the file's own extension otherwise. */
  uploadName: string;
  /** Sends the photo; a rejection is shown as an error notice. */
  onUpload(photo: Blob, filename: string): Promise<unknown>;
  size?: number;
}

type Mode = { kind: 'idle' } | { kind: 'camera' } | { kind: 'preparing' } | { kind: 'preview'; blob: Blob; url: string; filename: string };

/** Compresses in this page (no web worker, nothing loaded from another site). */
async function compress(file: File): Promise<Blob> {
  const { default: imageCompression } = await import('browser-image-compression');
  return imageCompression(file, { maxSizeMB: MAX_MB, maxWidthOrHeight: MAX_SIDE, useWebWorker: false, initialQuality: 0.85 });
}

const extensionOf = (name: string) => /\.([a-z0-9]{2,5})$/i.exec(name)?.[1]?.toLowerCase() ?? 'jpg';

/**
 * The photo area of the profile and the student detail dialog (docs/rules/recognition.md#photos): browse a file
 * or use the webcam (live view, capture to a 100x100 still), preview, then upload. The
 * server checks and re-encodes whatever arrives; the browser only makes it small.
 */
export function PhotoPicker({ photoUrl, name, canChange, lockedText, uploadName, onUpload, size = 128 }: PhotoPickerProps) {
  const { t } = useTranslation('profile');
  const notify = useNotify();
  const errorText = useProfileErrorText();
  const statusId = useId();
  const inputId = useId();
  const [mode, setMode] = useState<Mode>({ kind: 'idle' });
  const [busy, setBusy] = useState(false);
  const videoRef = useRef<HTMLVideoElement>(null);
  const streamRef = useRef<MediaStream | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);

  const stopCamera = () => {
    streamRef.current?.getTracks().forEach((track) => track.stop());
    streamRef.current = null;
  };
  // Leave nothing running: the camera light goes off and preview URLs are released.
  useEffect(() => stopCamera, []);
  const previewUrl = mode.kind === 'preview' ? mode.url : null;
  useEffect(() => () => void (previewUrl && URL.revokeObjectURL(previewUrl)), [previewUrl]);

  const showPreview = (blob: Blob, filename: string) => setMode({ kind: 'preview', blob, url: URL.createObjectURL(blob), filename });

  const onFile = async (file: File | undefined) => {
    if (inputRef.current) inputRef.current.value = '';
    if (!file) return;
    if (!file.type.startsWith('image/')) {
      notify('error', t('photo.notAnImage'));
      return;
    }
    stopCamera();
    setMode({ kind: 'preparing' });
    let blob: Blob = file;
    try {
      blob = await compress(file);
    } catch {
      // A format this browser cannot draw (HEIC): the server can still read and convert it.
    }
    showPreview(blob, `${uploadName}.${extensionOf(file.name)}`);
  };

  const startCamera = async () => {
    try {
      const stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'user', width: { ideal: 640 }, height: { ideal: 480 } }, audio: false });
      streamRef.current = stream;
      setMode({ kind: 'camera' });
    } catch {
      notify('error', t('photo.cameraUnavailable'));
    }
  };

  // Attach the stream once the video element is on the page.
  useEffect(() => {
    const video = videoRef.current;
    if (mode.kind === 'camera' && video && streamRef.current && video.srcObject !== streamRef.current) {
      video.srcObject = streamRef.current;
      void video.play().catch(() => {});
    }
  }, [mode.kind]);

  const capture = () => {
    const video = videoRef.current;
    if (!video || !video.videoWidth) return;
    const side = Math.min(video.videoWidth, video.videoHeight);
    const canvas = document.createElement('canvas');
    canvas.width = CAPTURE_SIDE;
    canvas.height = CAPTURE_SIDE;
    canvas.getContext('2d')!.drawImage(video, (video.videoWidth - side) / 2, (video.videoHeight - side) / 2, side, side, 0, 0, CAPTURE_SIDE, CAPTURE_SIDE);
    stopCamera();
    canvas.toBlob((blob) => (blob ? showPreview(blob, `${uploadName}.jpeg`) : setMode({ kind: 'idle' })), 'image/jpeg', 0.9);
  };

  const cancel = () => {
    stopCamera();
    setMode({ kind: 'idle' });
  };

  const upload = async () => {
    if (mode.kind !== 'preview') return;
    setBusy(true);
    try {
      await onUpload(mode.blob, mode.filename);
      notify('success', t('notices.UPLOADED_SUCCESSFULLY'));
      setMode({ kind: 'idle' });
    } catch (error) {
      notify('error', errorText(error));
    } finally {
      setBusy(false);
    }
  };

  const frame = {
    width: size,
    height: size,
    borderRadius: '50%',
    overflow: 'hidden',
    flexShrink: 0,
    bgcolor: '#ede7f6',
    color: 'primary.main',
    fontWeight: 700,
    boxShadow: 1,
  } as const;

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 1.5, minWidth: 0 }}>
      {mode.kind === 'camera' ? (
        <Box
          component="video"
          ref={videoRef}
          muted
          playsInline
          autoPlay
          aria-label={t('photo.live')}
          sx={{ ...frame, objectFit: 'cover', transform: 'scaleX(-1)' }}
        />
      ) : mode.kind === 'preview' ? (
        <Avatar src={mode.url} alt={t('photo.preview')} sx={frame} />
      ) : (
        <Avatar
          src={photoUrl ?? undefined}
          alt={photoUrl ? t('photo.current', { name }) : undefined}
          sx={{ ...frame, fontSize: size / 2.6 }}
          aria-label={photoUrl ? undefined : t('photo.none')}
          role={photoUrl ? undefined : 'img'}
        >
          {initials(name)}
        </Avatar>
      )}

      {!canChange ? (
        lockedText && (
          <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center', maxWidth: 260 }}>
            {lockedText}
          </Typography>
        )
      ) : (
        <>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'center', gap: 1 }}>
            {(mode.kind === 'idle' || mode.kind === 'preparing') && (
              <>
                <Button
                  variant="outlined"
                  size="small"
                  startIcon={<FolderOpenOutlinedIcon />}
                  disabled={mode.kind === 'preparing'}
                  onClick={() => inputRef.current?.click()}
                >
                  {t('photo.browse')}
                </Button>
                {/* Not focusable itself: the Browse button opens it. */}
                <input
                  ref={inputRef}
                  id={inputId}
                  type="file"
                  accept="image/*"
                  hidden
                  tabIndex={-1}
                  aria-label={t('photo.browse')}
                  onChange={(event) => void onFile(event.target.files?.[0])}
                />
                {typeof navigator !== 'undefined' && !!navigator.mediaDevices?.getUserMedia && (
                  <Button
                    variant="outlined"
                    size="small"
                    startIcon={<PhotoCameraFrontOutlinedIcon />}
                    onClick={() => void startCamera()}
                    disabled={mode.kind === 'preparing'}
                  >
                    {t('photo.webcam')}
                  </Button>
                )}
              </>
            )}
            {mode.kind === 'camera' && (
              <>
                <Button variant="contained" size="small" startIcon={<CameraAltOutlinedIcon />} onClick={capture}>
                  {t('photo.capture')}
                </Button>
                <Button size="small" onClick={cancel}>
                  {t('photo.stopCamera')}
                </Button>
              </>
            )}
            {mode.kind === 'preview' && (
              <>
                <Button
                  variant="contained"
                  size="small"
                  startIcon={busy ? <CircularProgress size={16} color="inherit" aria-hidden /> : <CloudUploadOutlinedIcon />}
                  onClick={() => void upload()}
                  disabled={busy}
                >
                  {t('photo.upload')}
                </Button>
                <Button size="small" onClick={cancel} disabled={busy}>
                  {t('photo.cancel')}
                </Button>
              </>
            )}
          </Box>
          <Typography id={statusId} role="status" variant="caption" color="text.secondary" sx={{ minHeight: 20, textAlign: 'center' }}>
            {mode.kind === 'preparing' ? t('photo.preparing') : mode.kind === 'preview' ? t('photo.ready') : ''}
          </Typography>
        </>
      )}
    </Box>
  );
}

function initials(name: string) {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]!.toUpperCase())
    .join('');
}
