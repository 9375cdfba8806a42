import { useRef, useState, type ChangeEvent } from 'react';
import { Box, Button, FormControl, FormLabel, Stack } from '@mui/material';
import AddPhotoAlternateOutlinedIcon from '@mui/icons-material/AddPhotoAlternateOutlined';
import { FieldTitle, InputHelperText, useInput, useResourceContext, useTranslate, type InputProps } from 'react-admin';
import { IMAGE_ASPECTS, IMAGE_MIME_TYPES, IMAGE_WIDTHS, type ImageAspect } from '../../../domain/constants';
import { useMessage } from '../useMessage';
import { mediaUrl } from '../media';
import { CropDialog } from './CropDialog';

/** What the input stores in the form: the uploaded image's path, or null. */
export interface ImageValue {
  path: string;
}

export interface ImageInputProps extends Omit<InputProps<ImageValue | null>, 'format' | 'parse'> {
  /** The ratio the image is cropped to (and the server checks). */
  aspect: ImageAspect;
  fullWidth?: boolean;
}

const isSupported = (file: File) => (IMAGE_MIME_TYPES as readonly string[]).includes(file.type);

/**
 * An image field (spec 1 §2): choose an image file, crop it to `aspect`, upload it; the form value is `{ path }`.
 * Works with react-admin's `validate` (e.g. `required()`) and with schema resolvers.
 */
export function ImageInput({ aspect, label, helperText, source, fullWidth, ...rest }: ImageInputProps) {
  const resource = useResourceContext(rest);
  const translate = useTranslate();
  const message = useMessage();
  const t = (key: string) => translate(`servery.image.${key}`);
  const {
    id,
    field,
    fieldState: { error, invalid, isTouched },
    formState: { isSubmitted },
    isRequired,
  } = useInput<ImageValue | null>({
    source,
    ...rest,
    // The value is an object or null; react-admin's default '' ↔ null conversion does not apply.
    format: (v) => v ?? null,
    parse: (v) => v ?? null,
  });
  const picker = useRef<HTMLInputElement>(null);
  const [open, setOpen] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const value = field.value as ImageValue | null;
  const disabled = rest.disabled || rest.readOnly;

  const choose = () => {
    setOpen(true);
    picker.current?.click();
  };

  const onPicked = (e: ChangeEvent<HTMLInputElement>) => {
    const picked = e.target.files?.[0] ?? null;
    // Let the same file be picked again after a cancel.
    e.target.value = '';
    if (!picked) return;
    if (!isSupported(picked)) {
      setFile(null);
      setFileError(message('uploadNotImage'));
      return;
    }
    setFileError(null);
    setFile(picked);
  };

  const close = () => {
    setOpen(false);
    setFile(null);
    setFileError(null);
    field.onBlur();
  };

  const showError = invalid && (isTouched || isSubmitted);

  return (
    <FormControl fullWidth={fullWidth} error={showError} margin="dense" sx={{ display: 'flex', mb: 1 }}>
      <FormLabel htmlFor={id} sx={{ mb: 1, fontSize: '0.875rem' }}>
        <FieldTitle label={label} source={source} resource={resource} isRequired={isRequired} />
      </FormLabel>
      {value?.path ? (
        // The preview shrinks before the buttons do, so Change and Remove stay whole on a phone.
        <Stack direction="row" sx={{ alignItems: 'flex-end', gap: 2, minWidth: 0 }}>
          <Box
            component="img"
            src={mediaUrl(value.path, IMAGE_WIDTHS.thumbnail)}
            alt={typeof label === 'string' ? label : ''}
            sx={{
              flex: '0 1 auto',
              minWidth: 0,
              width: IMAGE_ASPECTS[aspect] >= 1 ? 300 : 300 * IMAGE_ASPECTS[aspect],
              maxWidth: '100%',
              aspectRatio: String(IMAGE_ASPECTS[aspect]),
              objectFit: 'cover',
              borderRadius: 1,
              border: 1,
              borderColor: 'divider',
            }}
          />
          <Stack spacing={1} sx={{ flexShrink: 0 }}>
            <Button size="small" variant="outlined" onClick={choose} disabled={disabled}>
              {t('change')}
            </Button>
            <Button size="small" color="error" onClick={() => field.onChange(null)} disabled={disabled}>
              {t('remove')}
            </Button>
          </Stack>
        </Stack>
      ) : (
        <Box>
          <Button variant="outlined" startIcon={<AddPhotoAlternateOutlinedIcon />} onClick={choose} disabled={disabled}>
            {t('choose')}
          </Button>
        </Box>
      )}
      <input ref={picker} id={id} type="file" accept="image/*" hidden onChange={onPicked} data-testid={`${source}-file`} />
      <InputHelperText error={showError ? error?.message : undefined} helperText={helperText} />
      <CropDialog
        open={open}
        aspect={aspect}
        file={file}
        fileError={fileError}
        onChoose={() => picker.current?.click()}
        onClose={close}
        onUploaded={(image) => {
          field.onChange({ path: image.path });
          close();
        }}
      />
    </FormControl>
  );
}
