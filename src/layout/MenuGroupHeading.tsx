import type { ReactNode } from 'react';
import { Box, Divider, Typography } from '@mui/material';
import { useMenuState } from './Sidebar';

/**
 * A heading over a few sidebar entries, and the group that holds them so a screen reader announces it. On the folded
 * sidebar (icons only) the words give way to a rule, and still name the group.
 */
export function MenuGroupHeading({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  const { open } = useMenuState();
  return (
    <Box role="group" aria-labelledby={id} data-testid={id}>
      {open ? (
        <Typography
          id={id}
          component="div"
          variant="overline"
          sx={{ display: 'block', px: 2.5, pt: 1.5, pb: 0.25, lineHeight: 1.6, color: '#6E6259', fontWeight: 700, letterSpacing: 0.6 }}
        >
          {label}
        </Typography>
      ) : (
        <>
          <Divider sx={{ mx: 1.5, my: 1 }} />
          <Box id={id} sx={visuallyHidden}>
            {label}
          </Box>
        </>
      )}
      {children}
    </Box>
  );
}

const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;
