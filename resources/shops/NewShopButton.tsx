import { Button } from '@mui/material';
import { Link } from 'react-router-dom';
import AddIcon from '@mui/icons-material/Add';
import { useTranslate } from 'react-admin';

export function NewShopButton() {
  const translate = useTranslate();
  return (
    <Button variant="contained" component={Link} to="/shops/create" startIcon={<AddIcon />}>
      {translate('resources.shops.actions.newShop')}
    </Button>
  );
}
