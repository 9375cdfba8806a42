import { describe, expect, it } from 'vitest';
import { createTheme, getContrastRatio, type ThemeOptions } from '@mui/material/styles';
import { theme as options } from '../../src/layout/theme';

/** WCAG 1.4.3 (AA) for normal-size text. */
const AA = 4.5;

describe('theme colour contrast (Cancel was 4.2:1, the disabled hint 2.67:1)', () => {
  const theme = createTheme(options as ThemeOptions);
  const toolbar = (options.components as Record<string, { styleOverrides: { root: { backgroundColor: string } } }>).RaToolbar.styleOverrides
    .root.backgroundColor;

  it('keeps a text button (Cancel) readable on the form toolbar', () => {
    expect(getContrastRatio(theme.palette.primary.main, toolbar)).toBeGreaterThanOrEqual(AA);
  });

  it('keeps disabled text and hints readable on paper and on the page background', () => {
    expect(getContrastRatio(theme.palette.text.disabled, theme.palette.background.paper)).toBeGreaterThanOrEqual(AA);
    expect(getContrastRatio(theme.palette.text.disabled, theme.palette.background.default)).toBeGreaterThanOrEqual(AA);
  });

  it('keeps secondary text readable', () => {
    expect(getContrastRatio(theme.palette.text.secondary, theme.palette.background.paper)).toBeGreaterThanOrEqual(AA);
    expect(getContrastRatio(theme.palette.text.secondary, theme.palette.background.default)).toBeGreaterThanOrEqual(AA);
  });

  it.each(['primary', 'success', 'info', 'warning', 'error'] as const)('keeps %s chips, buttons and status text readable', (key) => {
    const { main, contrastText } = theme.palette[key];
    expect(getContrastRatio(main, contrastText)).toBeGreaterThanOrEqual(AA);
    expect(getContrastRatio(main, theme.palette.background.paper)).toBeGreaterThanOrEqual(AA);
  });
});
