import type { ReactElement } from 'react';
import { Link, useMatch } from 'react-router-dom';
import { ListItemIcon, MenuItem, Tooltip, Typography } from '@mui/material';
import { alpha } from '@mui/material/styles';
import { useMenuState } from './Sidebar';

/**
 * A sidebar link. Unlike react-admin's Menu.Item it can match its path exactly, which the shop's
 * home entry (/shops/:id) needs so it is not highlighted on every page of the shop.
 */
export function NavItem({
  to,
  label,
  icon,
  exact = false,
  alsoAt,
  badge,
}: {
  to: string;
  label: string;
  icon: ReactElement;
  exact?: boolean;
  /** Another path (matched exactly) where this entry is the current page. */
  alsoAt?: string;
  /** After the label (a count); also shown on the folded sidebar's icon. */
  badge?: ReactElement;
}) {
  const { open, close } = useMenuState();
  const here = useMatch({ path: to, end: exact });
  const there = useMatch({ path: alsoAt ?? to, end: true });
  const active = Boolean(here || (alsoAt && there));
  const item = (
    <MenuItem
      component={Link}
      to={to}
      selected={false}
      // MenuItem defaults to -1 (menus move focus with the arrow keys); the sidebar is a list of links,
      // so each one is a Tab stop.
      tabIndex={0}
      aria-current={active ? 'page' : undefined}
      // In the drawer (below the pinned width) following a link closes it.
      onClick={close}
      sx={(theme) => ({
        margin: '2px 8px',
        borderRadius: 2,
        minHeight: 40,
        color: active ? theme.palette.primary.dark : '#5B4F46',
        fontWeight: active ? 600 : 500,
        fontSize: 14,
        backgroundColor: active ? alpha(theme.palette.primary.main, 0.1) : 'transparent',
        '&:hover': { backgroundColor: active ? alpha(theme.palette.primary.main, 0.14) : alpha(theme.palette.secondary.main, 0.06) },
        '&.Mui-focusVisible, &:focus-visible': { outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: -2 },
        '& .MuiListItemIcon-root': { minWidth: 36, color: active ? theme.palette.primary.main : '#8A7D72' },
      })}
    >
      <ListItemIcon>{icon}</ListItemIcon>
      <Typography variant="inherit" noWrap sx={{ flex: 1 }}>
        {label}
      </Typography>
      {badge}
    </MenuItem>
  );
  return open ? (
    item
  ) : (
    <Tooltip title={label} placement="right">
      {item}
    </Tooltip>
  );
}
