import { Button } from '@mui/material';
import { Link } from 'react-router-dom';
import AddIcon from '@mui/icons-material/Add';

export function NewShopButton() {
  return (
    <Button variant="contained" component={Link} to="/shops/create" startIcon={<AddIcon />}>
      New Shop
    </Button>
  );
}
