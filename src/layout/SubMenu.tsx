import { useState, type ReactElement, type ReactNode } from 'react';
import ExpandMore from '@mui/icons-material/ExpandMore';
import { Collapse, List, ListItemIcon, ListItemText, MenuItem, Tooltip } from '@mui/material';
import { useSidebarState } from 'react-admin';

/** A collapsible group of menu entries (react-admin's open-source menu has none). */
export function SubMenu({
  label,
  icon,
  children,
  defaultOpen = true,
}: {
  label: string;
  icon: ReactElement;
  children: ReactNode;
  defaultOpen?: boolean;
}) {
  const [open, setOpen] = useState(defaultOpen);
  const [sidebarOpen] = useSidebarState();
  const header = (
    <MenuItem
      onClick={() => setOpen((o) => !o)}
      tabIndex={0}
      sx={(theme) => ({
        margin: '2px 8px',
        borderRadius: 2,
        color: '#5B4F46',
        '&.Mui-focusVisible, &:focus-visible': { outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: -2 },
      })}
      aria-expanded={open}
    >
      <ListItemIcon sx={{ minWidth: 40 }}>{icon}</ListItemIcon>
      <ListItemText primary={label} slotProps={{ primary: { sx: { fontWeight: 600, fontSize: 14 } } }} />
      <ExpandMore fontSize="small" sx={{ transition: 'transform 150ms', transform: open ? 'rotate(180deg)' : 'none', opacity: 0.6 }} />
    </MenuItem>
  );
  return (
    <>
      {sidebarOpen ? (
        header
      ) : (
        <Tooltip title={label} placement="right">
          {header}
        </Tooltip>
      )}
      <Collapse in={open} timeout="auto" unmountOnExit>
        <List dense component="div" disablePadding sx={{ '& .MuiMenuItem-root': { pl: sidebarOpen ? 3 : 2 } }}>
          {children}
        </List>
      </Collapse>
    </>
  );
}
