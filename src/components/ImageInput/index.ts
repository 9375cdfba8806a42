export { ImageInput, type ImageInputProps, type ImageValue } from './ImageInput';
export { ImageThumb, type ImageThumbProps } from './ImageThumb';
export { CropDialog, type CropDialogProps } from './CropDialog';
