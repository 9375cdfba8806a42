import { render } from '@testing-library/react';
import { TextField } from '@mui/material';
import { createTheme, ThemeProvider } from '@mui/material/styles';
import { expect, it } from 'vitest';
import { theme } from '../../src/layout/theme';
import { OutlinedTextField, type OutlinedTextFieldProps } from '../../src/components/OutlinedTextField';

const muiTheme = createTheme(theme as object);
const onChange = () => {};
// The account forms' fields: an e-mail box, a password box with its toggle and an error, a required disabled one.
const fields: OutlinedTextFieldProps[] = [
  { label: 'Email', name: 'email', type: 'email', autoComplete: 'username', value: 'a@b.c', helperText: ' ', onChange },
  {
    label: 'Password',
    name: 'password',
    type: 'password',
    value: '',
    error: true,
    helperText: 'Wrong',
    onChange,
    slotProps: { input: { endAdornment: <span>eye</span> } },
  },
  { label: 'Name', id: 'name', value: 'n', required: true, disabled: true, onChange },
];

/** The page's markup with React's generated ids made equal (each render numbers its own). */
function markup(field: React.ReactElement): string {
  const { container, unmount } = render(<ThemeProvider theme={muiTheme}>{field}</ThemeProvider>);
  const html = container.innerHTML.replace(/_r_[0-9a-z]+_|«r[0-9a-z]+»|:r[0-9a-z]+:/g, 'ID');
  unmount();
  return html;
}

it("renders what MUI's TextField renders, class names and styles included", () => {
  for (const props of fields) expect(markup(<OutlinedTextField {...props} />)).toBe(markup(<TextField {...props} />));
});
