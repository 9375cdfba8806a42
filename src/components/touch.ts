import type { SxProps, Theme } from '@mui/material';

/**
 * The smallest touch target, in px (WCAG 2.5.5): the console is used with a finger on a tablet at the counter, and MUI's
 * buttons are 31 (small), 37 (medium) and 40 (icon) px tall, its checkboxes 42 and switches 38.
 */
export const TOUCH = 44;
/**
 * A link standing alone (a breadcrumb, a row's name) hit over a 44 px band while its line keeps its height: the band
 * reaches into the space around the line, so nothing moves.
 */
export const touchLink = {
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: TOUCH,
  minWidth: TOUCH,
  marginBlock: '-10px',
  verticalAlign: 'middle',
} as const;

/**
 * Touch targets of at least 44 × 44 px (WCAG 2.5.5) for the pages used with a finger on a tablet: the live boards,
 * an order, a booking, the menu editor and the items. MUI's small and medium buttons are 31 and 37 px tall; radios and
 * switches 42 and 38.
 * Put it on the page's root and on its dialogs (they render outside it).
 */
export const touchTargets: SxProps<Theme> = {
  '& .MuiButton-root, & .MuiIconButton-root, & .MuiToggleButton-root, & .MuiCardActionArea-root': { minHeight: 44, minWidth: 44 },
  '& .MuiRadio-root, & .MuiCheckbox-root': { padding: '10px' },
  '& .MuiSwitch-root': { height: 44, padding: '15px 12px' },
  '& .MuiSwitch-switchBase': { padding: '12px' },
  '& .MuiChip-root': { minHeight: 32 },
};
