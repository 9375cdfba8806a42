import { Alert } from '@mui/material';

/** The server's answer to a failed submit, shown above the form until the next try. */
export function FormError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <Alert severity="error" sx={{ mb: 2 }}>
      {message}
    </Alert>
  );
}
