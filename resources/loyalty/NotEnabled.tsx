import { Link as RouterLink } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import { Box, Button, Typography } from '@mui/material';
import LoyaltyIcon from '@mui/icons-material/Loyalty';
import { messages } from '../../domain/messages';
import { shopUrl } from '../../src/contracts/urls';

/** The settings area opens the tab named by ?tab=; 'loyalty' is its Loyalty Program tab. */
const LOYALTY_SETTINGS = 'settings?tab=loyalty';

/** With the program off there is nothing to list: say so, and lead to where it is turned on. */
export function NotEnabled({ shopId }: { shopId: string }) {
  const translate = useTranslate();
  return (
    <Box sx={{ py: 6, textAlign: 'center' }} data-testid="loyalty-not-enabled">
      <Box sx={{ color: 'text.secondary', '& svg': { fontSize: 48, opacity: 0.6 } }}>
        <LoyaltyIcon aria-hidden />
      </Box>
      <Typography variant="h6" component="h2" sx={{ mt: 1 }}>
        {messages.loyaltyNotEnabled}
      </Typography>
      <Typography color="text.secondary">{messages.loyaltyNotEnabledHint}</Typography>
      <Button component={RouterLink} to={shopUrl(shopId, LOYALTY_SETTINGS)} variant="contained" sx={{ mt: 2 }}>
        {translate('resources.loyalty.openSettings')}
      </Button>
    </Box>
  );
}
