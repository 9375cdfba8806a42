import StorefrontIcon from '@mui/icons-material/Storefront';
import { Box, Card, CardContent, Typography } from '@mui/material';
import { Title, useGetIdentity } from 'react-admin';
import { mainRoutes } from '../registry';
import { useMessage } from '../i18n/useMessage';

/** "/" shows the seller's shop list (spec 3 §2.2) — whatever the shops area registered as "shops". */
export default function Home() {
  const shops = mainRoutes.find((r) => r.path.replace(/^\//, '') === 'shops');
  return shops ? shops.element : <Welcome />;
}

function Welcome() {
  const t = useMessage();
  const { identity } = useGetIdentity();
  return (
    <Box sx={{ maxWidth: 720 }}>
      <Title title={t('app.shops')} />
      <Card>
        <CardContent sx={{ display: 'flex', gap: 2, alignItems: 'center', p: 3 }}>
          <StorefrontIcon color="primary" sx={{ fontSize: 40 }} />
          <Box>
            <Typography variant="h6">{identity?.fullName ? `Welcome, ${identity.fullName}` : t('app.name')}</Typography>
            <Typography color="text.secondary">{t('excitedToSeeYou')}</Typography>
          </Box>
        </CardContent>
      </Card>
    </Box>
  );
}
