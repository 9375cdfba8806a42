import { Link as RouterLink } from 'react-router-dom';
import TravelExploreIcon from '@mui/icons-material/TravelExplore';
import { Box, Button, Typography } from '@mui/material';
import { Title } from 'react-admin';
import { useMessage } from '../components/useMessage';
import { useDocumentTitle } from '../layout/useDocumentTitle';

/** Any path no area registered (spec 3 §2.3). */
export default function NoMatch() {
  const t = useMessage();
  useDocumentTitle(t('noMatch'));
  return (
    <Box sx={{ textAlign: 'center', py: { xs: 6, sm: 10 }, px: 2 }}>
      <Title title={t('noMatch')} />
      <TravelExploreIcon sx={{ fontSize: 56, color: 'text.secondary', opacity: 0.5 }} />
      <Typography variant="h5" component="h1" sx={{ mt: 2, mb: 3 }}>
        {t('noMatch')}
      </Typography>
      <Button component={RouterLink} to="/" variant="contained">
        {t('app.goHome')}
      </Button>
    </Box>
  );
}
