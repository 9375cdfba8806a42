import { useState } from 'react';
import LogoutIcon from '@mui/icons-material/Logout';
import SecurityIcon from '@mui/icons-material/Security';
import { Link as RouterLink } from 'react-router-dom';
import {
  AppBar as MuiAppBar,
  Avatar,
  Box,
  Button,
  Divider,
  IconButton,
  ListItemIcon,
  Menu,
  MenuItem,
  Toolbar,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import { LoadingIndicator, TitlePortal, useGetIdentity, useLogout } from 'react-admin';
import { initials } from '../../domain/account';
import type { Identity } from '../../providers/authProvider';
import { useMessage } from '../components/useMessage';
import { Brand } from './Brand';
import { HEADER_HEIGHT } from './theme';
import { MenuButton } from './Sidebar';

/**
 * The header: the menu button, brand, page title, and the signed-in user (name, e-mail, initials) with Logout (spec 1
 * §2). Built on MUI's AppBar rather than react-admin's, whose own menu button only folds the pinned sidebar and cannot
 * be left out; ours also opens the drawer below 1200 px.
 */
export function AppBar() {
  return (
    <Box className="app-chrome">
      <MuiAppBar position="fixed" color="secondary" className="RaAppBar-appBar">
        <Toolbar disableGutters className="RaAppBar-toolbar" sx={{ minHeight: HEADER_HEIGHT, px: 1, gap: 1 }}>
          <MenuButton />
          <Box sx={{ flex: 1, display: 'flex', alignItems: 'center', gap: 2, minWidth: 0 }}>
            <Box sx={{ display: { xs: 'none', sm: 'block' } }}>
              <Brand inverse size="small" />
            </Box>
            <Box sx={{ minWidth: 0, flex: 1, '& .RaAppBar-title, & h6': { fontSize: 16, fontWeight: 600 } }}>
              <TitlePortal component="div" sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', opacity: 0.9 }} />
            </Box>
          </Box>
          <LoadingIndicator />
          <Account />
        </Toolbar>
      </MuiAppBar>
    </Box>
  );
}

/** The account area's Security page (resources/account): two-factor sign-in and sessions. */
const SECURITY_PATH = '/account/security';

function Account() {
  const t = useMessage();
  const { identity } = useGetIdentity();
  const logout = useLogout();
  const wide = useMediaQuery<Theme>((theme) => theme.breakpoints.up('md'));
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const user = identity as Identity | undefined;
  if (!user) return null;
  const avatar = (
    <Avatar sx={{ width: 36, height: 36 }} aria-label={user.fullName} data-testid="user-initials">
      {initials(user.fullName, user.email)}
    </Avatar>
  );
  const signOut = () => logout(undefined, undefined, false);

  if (wide) {
    return (
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, ml: 1 }} data-testid="user-header">
        <Box sx={{ textAlign: 'right', lineHeight: 1.2, maxWidth: 260 }}>
          <Typography
            sx={{ fontWeight: 600, fontSize: 14, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
            data-testid="user-name"
          >
            {user.fullName}
          </Typography>
          <Typography
            sx={{ fontSize: 12, opacity: 0.75, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
            data-testid="user-email"
          >
            {user.email}
          </Typography>
        </Box>
        {avatar}
        <Button color="inherit" component={RouterLink} to={SECURITY_PATH} startIcon={<SecurityIcon />} sx={{ minHeight: 44, opacity: 0.9 }}>
          {t('app.security')}
        </Button>
        <Button color="inherit" onClick={signOut} startIcon={<LogoutIcon />} sx={{ ml: 0.5, minHeight: 44, opacity: 0.9 }}>
          {t('app.logout')}
        </Button>
      </Box>
    );
  }
  return (
    <Box data-testid="user-header">
      <IconButton onClick={(e) => setAnchor(e.currentTarget)} aria-label={user.fullName} sx={{ p: 0.5 }}>
        {avatar}
      </IconButton>
      <Menu
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        <Box sx={{ px: 2, py: 1, maxWidth: 280 }}>
          <Typography sx={{ fontWeight: 600 }} data-testid="user-name">
            {user.fullName}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ wordBreak: 'break-all' }} data-testid="user-email">
            {user.email}
          </Typography>
        </Box>
        <Divider />
        <MenuItem component={RouterLink} to={SECURITY_PATH} onClick={() => setAnchor(null)} sx={{ minHeight: 44 }}>
          <ListItemIcon>
            <SecurityIcon fontSize="small" />
          </ListItemIcon>
          {t('app.security')}
        </MenuItem>
        <MenuItem onClick={signOut} sx={{ minHeight: 44 }}>
          <ListItemIcon>
            <LogoutIcon fontSize="small" />
          </ListItemIcon>
          {t('app.logout')}
        </MenuItem>
      </Menu>
    </Box>
  );
}
