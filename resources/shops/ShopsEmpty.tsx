import { Box, Button, Typography } from '@mui/material';
import { Link } from 'react-router-dom';
import AddIcon from '@mui/icons-material/Add';
import StorefrontIcon from '@mui/icons-material/Storefront';
import { useTranslate } from 'react-admin';
import { messages } from '../../domain/messages';

/** The seller's first visit: no shop yet. */
export function ShopsEmpty() {
  const translate = useTranslate();
  return (
    <Box sx={{ textAlign: 'center', py: { xs: 6, sm: 10 }, px: 2, mx: 'auto', maxWidth: 480 }}>
      <StorefrontIcon sx={{ fontSize: 72, color: 'primary.main', opacity: 0.8 }} />
      <Typography variant="h5" component="h2" sx={{ mt: 2, fontWeight: 600 }}>
        {messages.excitedToSeeYou}
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 1, mb: 3 }}>
        {translate('resources.shops.empty')}
      </Typography>
      <Button variant="contained" size="large" component={Link} to="/shops/create" startIcon={<AddIcon />}>
        {translate('resources.shops.actions.newShop')}
      </Button>
    </Box>
  );
}
