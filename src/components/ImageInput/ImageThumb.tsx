import { Box } from '@mui/material';
import ImageOutlinedIcon from '@mui/icons-material/ImageOutlined';
import { useRecordContext } from 'react-admin';
import { IMAGE_WIDTHS, type ImageWidth } from '../../../domain/constants';
import { mediaUrl } from '../media';

export interface ImageThumbProps {
  /** The stored path (img/<uuid>.webp); or give `source` to read `{ path }` from the current record. */
  path?: string | null;
  source?: string;
  /** Which stored width to load; 300 (thumbnail) by default. */
  width?: ImageWidth;
  /** Displayed size in px (a square box; the image is cropped to fill it). */
  size?: number;
  alt?: string;
  /** Column header when used as a list field. */
  label?: string;
}

function pathFrom(record: Record<string, unknown> | undefined, source: string | undefined): string | null {
  if (!record || !source) return null;
  const value = source
    .split('.')
    .reduce<unknown>((v, k) => (v && typeof v === 'object' ? (v as Record<string, unknown>)[k] : undefined), record);
  if (typeof value === 'string') return value || null;
  if (value && typeof value === 'object' && typeof (value as { path?: unknown }).path === 'string')
    return (value as { path: string }).path || null;
  return null;
}

/** A small square image for lists and headers, with a neutral placeholder when there is none. */
export function ImageThumb({ path, source, width = IMAGE_WIDTHS.thumbnail, size = 40, alt = '' }: ImageThumbProps) {
  const record = useRecordContext();
  const resolved = path ?? pathFrom(record, source);
  const box = { width: size, height: size, borderRadius: 1, flexShrink: 0 };
  if (!resolved) {
    return (
      <Box
        sx={{
          ...box,
          display: 'inline-flex',
          alignItems: 'center',
          justifyContent: 'center',
          bgcolor: 'action.hover',
          color: 'text.disabled',
        }}
      >
        <ImageOutlinedIcon fontSize="small" />
      </Box>
    );
  }
  return (
    <Box
      component="img"
      src={mediaUrl(resolved, width)}
      alt={alt}
      loading="lazy"
      sx={{ ...box, objectFit: 'cover', display: 'inline-block' }}
    />
  );
}
