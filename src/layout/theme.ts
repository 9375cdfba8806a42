import { alpha } from '@mui/material/styles';
import { defaultLightTheme, type RaThemeOptions } from 'react-admin';
import { TOUCH, touchLink } from '../components/touch';

/**
 * Servery's look: warm cream background, paprika accents and an espresso header —
 * a kitchen back office rather than a generic dashboard. System fonts only (the CSP allows no
 * third-party font host and nothing needs downloading).
 */
const paprika = { light: '#D9663F', main: '#B4441F', dark: '#8A3014', contrastText: '#FFFFFF' };
const espresso = { light: '#3B4A47', main: '#24302E', dark: '#161E1C', contrastText: '#FFFFFF' };
const ink = '#2B2521';
const cream = '#F7F3EE';
const line = '#E7DED4';
/** The table head and form toolbar tint: paprika text on it keeps 5.2:1 (react-admin's grey toolbar gave 4.2:1). */
const parchment = '#FBF8F4';
/**
 * Disabled text and hints at 5.2:1 on white (MUI's default 38% black is 2.7:1): a disabled field's hint
 * still tells the user what to do first, so it must stay readable (WCAG 1.4.3).
 */
const disabledText = '#766B62';
const focusRing = { outline: `2px solid ${paprika.dark}`, outlineOffset: 2 };

export const HEADER_HEIGHT = 56;

/**
 * Whether the user asked their system for less motion (WCAG 2.3.3): then drawers, dialogs, toasts and collapsing
 * panels appear at once. It also keeps a control from moving under the pointer while it animates into place.
 */
const reducedMotion = typeof window !== 'undefined' && Boolean(window.matchMedia?.('(prefers-reduced-motion: reduce)').matches);
const NO_MOTION = { shortest: 0, shorter: 0, short: 0, standard: 0, complex: 0, enteringScreen: 0, leavingScreen: 0 };

export const theme: RaThemeOptions = {
  ...defaultLightTheme,
  palette: {
    mode: 'light',
    primary: paprika,
    secondary: espresso,
    success: { main: '#2E7D4F' },
    // #C77700 read 3.5:1 with white (chips, build statuses); this amber reads 4.9:1.
    warning: { main: '#A85F00' },
    error: { main: '#C62828' },
    info: { main: '#2B6CB0' },
    background: { default: cream, paper: '#FFFFFF' },
    text: { primary: ink, secondary: '#6B5F56', disabled: disabledText },
    divider: line,
  },
  ...(reducedMotion ? { transitions: { duration: NO_MOTION } } : {}),
  shape: { borderRadius: 10 },
  typography: {
    fontFamily: '"Inter", "Segoe UI", system-ui, -apple-system, Roboto, "Helvetica Neue", Arial, sans-serif',
    h4: { fontWeight: 700, letterSpacing: '-0.02em' },
    h5: { fontWeight: 700, letterSpacing: '-0.01em' },
    h6: { fontWeight: 600 },
    subtitle1: { fontWeight: 600 },
    button: { textTransform: 'none', fontWeight: 600 },
  },
  sidebar: { width: 248, closedWidth: 56 },
  components: {
    ...defaultLightTheme.components,
    // Every control shows where the keyboard focus is (not only a faint ripple); white on the dark header.
    MuiButtonBase: {
      styleOverrides: { root: { '&.Mui-focusVisible': { outline: `2px solid ${paprika.dark}`, outlineOffset: 2 } } },
    },
    MuiCssBaseline: {
      styleOverrides: {
        body: { backgroundColor: cream, WebkitFontSmoothing: 'antialiased' },
        // Transitions written by hand (an icon turning) as well as MUI's.
        '@media (prefers-reduced-motion: reduce)': { '*, *::before, *::after': { transitionDuration: '0s !important' } },
      },
    },
    MuiLink: { styleOverrides: { root: { '&:focus-visible': focusRing } } },
    MuiButton: {
      defaultProps: { disableElevation: true },
      styleOverrides: {
        root: { borderRadius: 8, paddingInline: 16, minHeight: TOUCH, minWidth: TOUCH },
        sizeLarge: { paddingBlock: 10 },
      },
    },
    // Touch targets: see TOUCH. Layouts keep their spacing; only the controls grow.
    MuiIconButton: { styleOverrides: { root: { minHeight: TOUCH, minWidth: TOUCH } } },
    MuiToggleButton: { styleOverrides: { root: { minHeight: TOUCH, minWidth: TOUCH } } },
    MuiTab: { styleOverrides: { root: { minHeight: 48 } } },
    MuiTabScrollButton: { styleOverrides: { horizontal: { width: TOUCH } } },
    MuiCheckbox: { styleOverrides: { root: { padding: 10 } } },
    MuiRadio: { styleOverrides: { root: { padding: 10 } } },
    MuiSwitch: { styleOverrides: { root: { height: TOUCH, padding: '15px 12px' }, switchBase: { padding: 12 } } },
    MuiBreadcrumbs: { styleOverrides: { li: { '& > a': touchLink } } },
    MuiPaper: {
      styleOverrides: {
        rounded: { borderRadius: 14 },
        elevation1: { boxShadow: '0 1px 2px rgba(43,37,33,0.06), 0 6px 20px rgba(43,37,33,0.06)' },
      },
    },
    MuiCard: { styleOverrides: { root: { border: `1px solid ${line}` } } },
    MuiTextField: {
      defaultProps: { variant: 'outlined', margin: 'dense', size: 'small', fullWidth: true },
    },
    MuiFormControl: { defaultProps: { variant: 'outlined', margin: 'dense', size: 'small', fullWidth: true } },
    MuiOutlinedInput: {
      styleOverrides: {
        root: { backgroundColor: '#FFFFFF', borderRadius: 8 },
        notchedOutline: { borderColor: line },
      },
    },
    MuiAppBar: {
      defaultProps: { elevation: 0, color: 'secondary' },
      styleOverrides: { root: { borderBottom: `1px solid ${espresso.dark}`, '& .Mui-focusVisible': { outlineColor: '#FFFFFF' } } },
    },
    MuiAvatar: {
      styleOverrides: { root: { fontWeight: 700, fontSize: 15, backgroundColor: paprika.main, color: '#FFFFFF' } },
    },
    MuiTableCell: {
      styleOverrides: {
        head: { fontWeight: 600, color: '#6B5F56', backgroundColor: parchment },
        root: { borderBottomColor: line, '& > a.MuiLink-root': touchLink },
      },
    },
    MuiSnackbarContent: { styleOverrides: { root: { borderRadius: 10 } } },
    // Long words (a URL in a reject reason) wrap instead of stretching the page on a phone.
    MuiAlert: { styleOverrides: { root: { borderRadius: 10 }, message: { minWidth: 0, overflowWrap: 'anywhere' } } },
    RaToolbar: { styleOverrides: { root: { backgroundColor: parchment, borderTop: `1px solid ${line}` } } },
    RaLayout: {
      styleOverrides: {
        root: {
          '& .RaLayout-appFrame': { marginTop: HEADER_HEIGHT },
          '& .RaLayout-content': { paddingTop: 16, paddingLeft: 24, paddingRight: 24, paddingBottom: 0 },
          '@media (max-width:599.95px)': {
            '& .RaLayout-content': { paddingLeft: 12, paddingRight: 12 },
          },
        },
      },
    },
    RaSidebar: {
      styleOverrides: {
        root: {
          '& .RaSidebar-fixed': { backgroundColor: '#FFFFFF', borderRight: `1px solid ${line}` },
          '& .MuiPaper-root': { backgroundColor: '#FFFFFF' },
          height: 'auto',
        },
      },
    },
    RaMenuItemLink: {
      styleOverrides: {
        root: {
          margin: '2px 8px',
          borderRadius: 8,
          color: '#5B4F46',
          '&.RaMenuItemLink-active': {
            color: paprika.dark,
            backgroundColor: alpha(paprika.main, 0.1),
            fontWeight: 600,
            '& .RaMenuItemLink-icon': { color: paprika.main },
          },
        },
      },
    },
  },
};
