import RestaurantMenuIcon from '@mui/icons-material/RestaurantMenu';
import { Box, Typography } from '@mui/material';
import { useMessage } from '../components/useMessage';

/** The Servery mark: a plate-and-cutlery tile and the word mark. */
export function Brand({ inverse = false, size = 'medium' }: { inverse?: boolean; size?: 'small' | 'medium' }) {
  const t = useMessage();
  const tile = size === 'small' ? 30 : 38;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.25 }}>
      <Box
        aria-hidden
        sx={{
          width: tile,
          height: tile,
          borderRadius: '10px',
          display: 'grid',
          placeItems: 'center',
          bgcolor: 'primary.main',
          color: 'primary.contrastText',
          boxShadow: '0 2px 6px rgba(138,48,20,0.35)',
        }}
      >
        <RestaurantMenuIcon sx={{ fontSize: tile * 0.6 }} />
      </Box>
      <Typography
        component="span"
        sx={{
          fontWeight: 800,
          letterSpacing: '-0.02em',
          fontSize: size === 'small' ? 19 : 24,
          color: inverse ? '#FFFFFF' : 'text.primary',
        }}
      >
        {t('app.name')}
      </Typography>
    </Box>
  );
}
