import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';
import { Drawer, IconButton, useMediaQuery, type Theme } from '@mui/material';
import MenuIcon from '@mui/icons-material/Menu';
import { Sidebar as RaSidebar, useSidebarState, useTranslate, type SidebarProps } from 'react-admin';

/** Below this width the sidebar is a drawer over the page; from it up, pinned beside the page. */
export const PINNED_FROM = 'lg';

const usePinned = () => useMediaQuery<Theme>((theme) => theme.breakpoints.up(PINNED_FROM), { noSsr: true });

/** The drawer's own open state: it starts closed on every page load, whatever the pinned sidebar's folding is. */
const DrawerContext = createContext<{ open: boolean; setOpen: (open: boolean) => void }>({ open: false, setOpen: () => undefined });

export function DrawerProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const value = useMemo(() => ({ open, setOpen }), [open]);
  return <DrawerContext.Provider value={value}>{children}</DrawerContext.Provider>;
}

/**
 * The sidebar as its entries should draw themselves: pinned, as folded or unfolded; in the drawer, always unfolded.
 * `close` shuts the drawer after a link is followed (the pinned sidebar stays).
 */
export function useMenuState() {
  const pinned = usePinned();
  const [folding] = useSidebarState();
  const drawer = useContext(DrawerContext);
  return { open: pinned ? folding : true, pinned, close: () => drawer.setOpen(false) };
}

/**
 * The header's menu button: folds or unfolds the pinned sidebar; below 1200 px opens the drawer. A real button with
 * its name, reached with Tab like everything in the header.
 */
export function MenuButton() {
  const translate = useTranslate();
  const pinned = usePinned();
  const [folding, setFolding] = useSidebarState();
  const drawer = useContext(DrawerContext);
  const open = pinned ? folding : drawer.open;
  return (
    <IconButton
      color="inherit"
      aria-label={translate(open ? 'ra.action.close_menu' : 'ra.action.open_menu')}
      aria-expanded={open}
      onClick={() => {
        if (pinned) return setFolding(!folding);
        // react-admin's menu draws itself folded while the pinned sidebar is: the drawer shows it unfolded.
        if (!folding) setFolding(true);
        drawer.setOpen(!drawer.open);
      }}
      sx={{ width: 44, height: 44, ml: 0.5 }}
      data-testid="menu-button"
    >
      <MenuIcon />
    </IconButton>
  );
}

/**
 * The sidebar: pinned (and foldable) on wide screens; below 1200 px a drawer that the header's menu button opens, so a
 * counter tablet at 820 px gives the page its whole width (a pinned sidebar took 248 px of it).
 */
export function Sidebar({ children, appBarAlwaysOn }: SidebarProps) {
  const pinned = usePinned();
  const drawer = useContext(DrawerContext);
  if (pinned)
    return (
      <RaSidebar appBarAlwaysOn={appBarAlwaysOn} className="app-chrome">
        {children}
      </RaSidebar>
    );
  return (
    <Drawer
      variant="temporary"
      open={drawer.open}
      onClose={() => drawer.setOpen(false)}
      className="app-chrome"
      slotProps={{ paper: { sx: { width: 248, backgroundColor: '#FFFFFF' }, 'data-testid': 'sidebar-drawer' } as object }}
    >
      {children}
    </Drawer>
  );
}
