import { useRef, useState, type ChangeEvent } from 'react';
import { useController, useFormContext, useWatch } from 'react-hook-form';
import { useTranslate } from 'react-admin';
import { Box, Button, FormControl, FormHelperText, FormLabel, IconButton, Stack, Tooltip } from '@mui/material';
import AddPhotoAlternateOutlinedIcon from '@mui/icons-material/AddPhotoAlternateOutlined';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import DragIndicatorIcon from '@mui/icons-material/DragIndicator';
import { closestCenter, DndContext, KeyboardSensor, PointerSensor, useSensor, useSensors, type DragEndEvent } from '@dnd-kit/core';
import { arrayMove, rectSortingStrategy, SortableContext, sortableKeyboardCoordinates, useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { IMAGE_ASPECTS, IMAGE_MIME_TYPES, IMAGE_WIDTHS } from '../../domain/constants';
import { messages } from '../../domain/messages';
import { DEFAULT_POST_ASPECT, POST_IMAGES_MAX, type PostAspect } from '../../domain/post';
import { CropDialog } from '../../src/components/ImageInput';
import { mediaUrl } from '../../src/components/media';
import { useMessage } from '../../src/components/useMessage';

type Image = { path: string };
const THUMB = 120;

function SortableImage({ image, index, aspect, onRemove }: { image: Image; index: number; aspect: PostAspect; onRemove: () => void }) {
  const translate = useTranslate();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: image.path });
  const n = index + 1;
  return (
    <Box
      ref={setNodeRef}
      data-testid="post-image"
      data-path={image.path}
      sx={{
        position: 'relative',
        width: THUMB,
        transform: CSS.Transform.toString(transform),
        transition,
        zIndex: isDragging ? 2 : undefined,
        opacity: isDragging ? 0.8 : 1,
      }}
    >
      <Box
        component="img"
        src={mediaUrl(image.path, IMAGE_WIDTHS.thumbnail)}
        alt={`${translate('resources.posts.fields.image')} ${n}`}
        sx={{
          width: THUMB,
          aspectRatio: String(IMAGE_ASPECTS[aspect]),
          objectFit: 'cover',
          borderRadius: 1,
          border: 1,
          borderColor: 'divider',
          display: 'block',
        }}
      />
      <Stack direction="row" sx={{ justifyContent: 'space-between', mt: 0.5 }}>
        <Tooltip title={translate('resources.posts.action.moveImage', { n })}>
          <IconButton
            size="small"
            ref={setActivatorNodeRef}
            {...attributes}
            {...listeners}
            aria-label={translate('resources.posts.action.moveImage', { n })}
            sx={{ cursor: 'grab', touchAction: 'none' }}
          >
            <DragIndicatorIcon fontSize="small" />
          </IconButton>
        </Tooltip>
        <Tooltip title={translate('resources.posts.action.removeImage', { n })}>
          <IconButton size="small" color="error" onClick={onRemove} aria-label={translate('resources.posts.action.removeImage', { n })}>
            <DeleteOutlineIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      </Stack>
    </Box>
  );
}

/**
 * A post's images (spec 1 §3): up to 10, each cropped to the post's ratio and uploaded with the shared crop
 * dialog, reordered by drag and drop or the keyboard (focus a handle, Space, arrows, Space), removable.
 */
export function PostImagesInput() {
  const translate = useTranslate();
  const message = useMessage();
  const { field } = useController({ name: 'images.images', defaultValue: [] });
  const { formState } = useFormContext();
  const aspect = (useWatch({ name: 'images.aspectRatio' }) as PostAspect | null | undefined) ?? DEFAULT_POST_ASPECT;
  const images = (field.value as Image[] | undefined) ?? [];
  const picker = useRef<HTMLInputElement>(null);
  const [open, setOpen] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const sensors = useSensors(useSensor(PointerSensor), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));
  const full = images.length >= POST_IMAGES_MAX;
  const error = (formState.errors.images as { message?: string } | undefined)?.message;

  const set = (next: Image[]) => field.onChange(next);
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = images.findIndex((i) => i.path === active.id);
    const to = images.findIndex((i) => i.path === over.id);
    set(arrayMove(images, from, to));
  };
  const onPicked = (e: ChangeEvent<HTMLInputElement>) => {
    const picked = e.target.files?.[0] ?? null;
    e.target.value = '';
    if (!picked) return;
    const ok = (IMAGE_MIME_TYPES as readonly string[]).includes(picked.type);
    setFile(ok ? picked : null);
    setFileError(ok ? null : message('uploadNotImage'));
  };
  const close = () => {
    setOpen(false);
    setFile(null);
    setFileError(null);
  };

  return (
    <FormControl fullWidth margin="dense" error={!!error}>
      <FormLabel sx={{ mb: 1, fontSize: '0.875rem' }}>{translate('resources.posts.fields.images')}</FormLabel>
      <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
        <SortableContext items={images.map((i) => i.path)} strategy={rectSortingStrategy}>
          <Box role="list" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5 }} data-testid="post-images">
            {images.map((image, i) => (
              <Box role="listitem" key={image.path}>
                <SortableImage image={image} index={i} aspect={aspect} onRemove={() => set(images.filter((_, j) => j !== i))} />
              </Box>
            ))}
          </Box>
        </SortableContext>
      </DndContext>
      <Box sx={{ mt: images.length ? 1.5 : 0 }}>
        <Button
          variant="outlined"
          startIcon={<AddPhotoAlternateOutlinedIcon />}
          disabled={full}
          onClick={() => {
            setOpen(true);
            picker.current?.click();
          }}
        >
          {translate('resources.posts.action.addImage')}
        </Button>
      </Box>
      <input
        ref={picker}
        type="file"
        accept="image/*"
        hidden
        onChange={onPicked}
        data-testid="post-image-file"
        aria-label={translate('resources.posts.action.addImage')}
      />
      <FormHelperText>
        {error ??
          (full
            ? messages.postImagesMax
            : `Up to ${POST_IMAGES_MAX} images, cropped to the aspect ratio above. ` +
              'Drag the handle (or focus it and press Space, then the arrow keys) to reorder.')}
      </FormHelperText>
      <CropDialog
        open={open}
        aspect={aspect}
        file={file}
        fileError={fileError}
        onChoose={() => picker.current?.click()}
        onClose={close}
        onUploaded={(image) => {
          set([...images, { path: image.path }]);
          close();
        }}
      />
    </FormControl>
  );
}
