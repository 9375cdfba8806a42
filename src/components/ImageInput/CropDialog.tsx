import { useEffect, useRef, useState } from 'react';
import Cropper, { type Area } from 'react-easy-crop';
import {
  Alert,
  AlertTitle,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  Slider,
  Stack,
  Typography,
} from '@mui/material';
import ZoomInIcon from '@mui/icons-material/ZoomIn';
import { useCanBlock, useTranslate } from 'react-admin';
import { IMAGE_ASPECT_LABELS, IMAGE_ASPECTS, type ImageAspect } from '../../../domain/constants';
import { UploadError, uploadFailureMessage, uploadImage, type UploadedImage } from '../../../providers/upload';
import { SETUP_FAILED_STATUS } from '../../../providers/request';
import { useMessage } from '../useMessage';
import { cropToBlob } from './cropImage';
import { DiscardCropDialog, HoldNavigation } from './DiscardCrop';

export interface CropDialogProps {
  open: boolean;
  aspect: ImageAspect;
  /** The chosen file, or null while nothing (or something that is not an image) was chosen. */
  file: File | null;
  /** A problem with the chosen file, shown instead of the cropper. */
  fileError?: string | null;
  onChoose: () => void;
  onClose: () => void;
  onUploaded: (image: UploadedImage) => void;
}

interface Failure {
  status: number;
  /** What happened and what to try, for a person (uploadFailureMessage). */
  message: string;
}

/** Spec 1 §2: crop the chosen image to the field's ratio, then upload it with a progress bar. */
export function CropDialog({ open, aspect, file, fileError, onChoose, onClose, onUploaded }: CropDialogProps) {
  const translate = useTranslate();
  const message = useMessage();
  const t = (key: string) => translate(`servery.image.${key}`);
  const [crop, setCrop] = useState({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const [area, setArea] = useState<Area | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [failure, setFailure] = useState<Failure | null>(null);
  const [nothingChosen, setNothingChosen] = useState(false);
  const [shown, setShown] = useState<{ file: File | null; src: string | null }>({ file: null, src: null });
  const src = shown.src;
  const abort = useRef<AbortController | null>(null);
  const canBlock = useCanBlock();
  /** A close or a navigation (Back) is waiting for the user to confirm that the chosen image may be dropped. */
  const [leaving, setLeaving] = useState<null | { proceed: () => void; stay: () => void }>(null);

  // A new file starts a new crop (set while rendering, so the old picture never shows with the new file).
  if (shown.file !== file) {
    setShown({ file, src: file ? URL.createObjectURL(file) : null });
    setCrop({ x: 0, y: 0 });
    setZoom(1);
    setArea(null);
    setFailure(null);
    setNothingChosen(false);
  }
  useEffect(() => (src ? () => URL.revokeObjectURL(src) : undefined), [src]);

  useEffect(() => () => abort.current?.abort(), []);

  const uploading = progress !== null;

  const upload = async () => {
    setFailure(null);
    if (!file || !src) {
      setNothingChosen(true);
      return;
    }
    const controller = new AbortController();
    abort.current = controller;
    setProgress(0);
    try {
      const blob = await cropToBlob(src, area, IMAGE_ASPECTS[aspect], file.type);
      const ext = blob.type === 'image/png' ? 'png' : 'jpg';
      const image = await uploadImage(blob, {
        aspect,
        filename: `${file.name.replace(/\.[^.]*$/, '') || 'image'}.${ext}`,
        onProgress: setProgress,
        signal: controller.signal,
      });
      onUploaded(image);
    } catch (e) {
      if ((e as Error).name === 'AbortError') return;
      // Failing before anything was sent (the crop itself) counts as a request that could not be set up.
      setFailure({ status: e instanceof UploadError ? e.status : SETUP_FAILED_STATUS, message: uploadFailureMessage(e) });
    } finally {
      if (abort.current === controller) abort.current = null;
      setProgress(null);
    }
  };

  const close = () => {
    abort.current?.abort();
    onClose();
  };
  // A chosen image that is not uploaded yet is work in progress: leaving asks first, like a form with unsaved changes.
  const pending = open && src !== null;
  const cancel = () => {
    if (!pending) return close();
    setLeaving({ proceed: close, stay: () => undefined });
  };

  return (
    <Dialog open={open} onClose={uploading ? undefined : cancel} fullWidth maxWidth="sm" aria-labelledby="crop-dialog-title">
      <DialogTitle id="crop-dialog-title">
        {t('cropTitle')} ({IMAGE_ASPECT_LABELS[aspect]})
      </DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <Box sx={{ position: 'relative', width: '100%', height: 320, bgcolor: 'grey.900', borderRadius: 1, overflow: 'hidden' }}>
            {src ? (
              <Cropper
                image={src}
                crop={crop}
                zoom={zoom}
                aspect={IMAGE_ASPECTS[aspect]}
                onCropChange={setCrop}
                onZoomChange={setZoom}
                onCropComplete={(_, pixels) => setArea(pixels)}
              />
            ) : (
              <Stack
                sx={{ height: '100%', alignItems: 'center', justifyContent: 'center', color: 'grey.400', p: 2, textAlign: 'center' }}
                spacing={1}
              >
                <Typography>{fileError ?? t('noneChosen')}</Typography>
              </Stack>
            )}
          </Box>
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
            <ZoomInIcon color="action" />
            <Slider
              value={zoom}
              min={1}
              max={3}
              step={0.01}
              onChange={(_, value) => setZoom(value as number)}
              disabled={!src || uploading}
              aria-label={t('zoom')}
            />
            <Button onClick={onChoose} disabled={uploading} sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}>
              {src ? t('chooseAnother') : t('choose')}
            </Button>
          </Stack>
          {uploading && <LinearProgress variant="determinate" value={Math.round((progress ?? 0) * 100)} aria-label={t('uploading')} />}
          {nothingChosen && !src && (
            <Alert severity="warning" role="alert">
              {message('selectImage')}
            </Alert>
          )}
          {failure && (
            <Alert severity="error" role="alert">
              <AlertTitle>{failure.message}</AlertTitle>
              <Typography variant="caption" component="p">
                {message('uploadError', { code: failure.status })}
              </Typography>
            </Alert>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={cancel}>{t('cancel')}</Button>
        <Button onClick={upload} variant="contained" disabled={uploading}>
          {t('upload')}
        </Button>
      </DialogActions>
      {canBlock && pending && (
        <HoldNavigation
          onHeld={(proceed, stay) =>
            setLeaving({
              // Let the navigation go before the dialog (and with it the hold) goes away.
              proceed: () => {
                proceed();
                close();
              },
              stay,
            })
          }
        />
      )}
      <DiscardCropDialog
        open={leaving !== null}
        onDiscard={() => {
          leaving?.proceed();
          setLeaving(null);
        }}
        onKeep={() => {
          leaving?.stay();
          setLeaving(null);
        }}
      />
    </Dialog>
  );
}
