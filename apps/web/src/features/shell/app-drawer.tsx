import TokenRoundedIcon from '@mui/icons-material/TokenRounded';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import type { Theme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useLocation } from 'react-router';
import { BrandLogo } from '../../components/brand-logo';
import { OrgLink } from '../../components/org-link';
import { DRAWER_WIDTH, HEADER_HEIGHT } from '../../theme/theme';
import type { NavigationLink } from './navigation';
import { DEVELOPMENT_LINKS, isLinkActive, MENU_LINKS } from './navigation';
import { useCopyAccessToken } from './use-copy-access-token';

const itemSx = { mx: 1.5, mb: 0.25, py: 0.75, '& .MuiListItemIcon-root': { minWidth: 38 } } as const;

function NavigationItem({
  link,
  isActive,
  onNavigate,
}: {
  link: NavigationLink;
  isActive: boolean;
  onNavigate: () => void;
}) {
  return (
    <ListItemButton
      component={OrgLink}
      to={link.to}
      selected={isActive}
      aria-current={isActive ? 'page' : undefined}
      onClick={onNavigate}
      data-testid={link.testId}
      sx={itemSx}
    >
      <ListItemIcon sx={{ color: isActive ? 'primary.main' : 'text.secondary' }}>{link.icon}</ListItemIcon>
      <ListItemText
        primary={link.label}
        slotProps={{ primary: { sx: { fontWeight: isActive ? 600 : 500, fontSize: 14 } } }}
      />
    </ListItemButton>
  );
}

function SectionTitle({ children }: { children: string }) {
  return (
    <ListSubheader
      disableSticky
      sx={{
        bgcolor: 'transparent',
        lineHeight: '36px',
        px: 3,
        fontSize: 11,
        fontWeight: 600,
        letterSpacing: '0.08em',
        textTransform: 'uppercase',
      }}
    >
      {children}
    </ListSubheader>
  );
}

function DrawerContent({ onNavigate }: { onNavigate: () => void }) {
  const { pathname } = useLocation();
  const copyAccessToken = useCopyAccessToken();
  return (
    <Box
      component="nav"
      aria-label="Main menu"
      data-testid="app-drawer"
      sx={{ display: 'flex', flexDirection: 'column', height: '100%', pt: 1.5 }}
    >
      <List subheader={<SectionTitle>Menu</SectionTitle>} dense>
        {MENU_LINKS.map((link) => (
          <NavigationItem
            key={link.to}
            link={link}
            isActive={isLinkActive(link.to, pathname)}
            onNavigate={onNavigate}
          />
        ))}
      </List>
      <List subheader={<SectionTitle>Development</SectionTitle>} dense sx={{ mt: 1 }}>
        <ListItemButton onClick={() => void copyAccessToken()} data-testid="copy-access-token" sx={itemSx}>
          <ListItemIcon sx={{ color: 'text.secondary' }}>
            <TokenRoundedIcon />
          </ListItemIcon>
          <ListItemText
            primary="Copy access token"
            slotProps={{ primary: { sx: { fontWeight: 500, fontSize: 14 } } }}
          />
        </ListItemButton>
        {DEVELOPMENT_LINKS.map((link) => (
          <NavigationItem
            key={link.to}
            link={link}
            isActive={isLinkActive(link.to, pathname)}
            onNavigate={onNavigate}
          />
        ))}
      </List>
    </Box>
  );
}

/** The side menu: permanent under the header on md and wider, a temporary drawer below. */
export function AppDrawer({
  isMobileOpen,
  onMobileClose,
}: {
  isMobileOpen: boolean;
  onMobileClose: () => void;
}) {
  const isDesktop = useMediaQuery((theme: Theme) => theme.breakpoints.up('md'), { noSsr: true });
  // One drawer at a time, so every menu item exists once in the page.
  if (!isDesktop) {
    return (
      <Drawer
        variant="temporary"
        open={isMobileOpen}
        onClose={onMobileClose}
        slotProps={{ paper: { sx: { width: DRAWER_WIDTH } } }}
      >
        <Box
          sx={{
            height: HEADER_HEIGHT,
            display: 'flex',
            alignItems: 'center',
            px: 2.5,
            borderBottom: 1,
            borderColor: 'divider',
          }}
        >
          <BrandLogo size={24} />
        </Box>
        <DrawerContent onNavigate={onMobileClose} />
      </Drawer>
    );
  }
  return (
    <Drawer
      variant="permanent"
      sx={{ width: DRAWER_WIDTH, flexShrink: 0 }}
      slotProps={{
        paper: {
          sx: {
            width: DRAWER_WIDTH,
            top: HEADER_HEIGHT,
            height: `calc(100% - ${HEADER_HEIGHT}px)`,
            bgcolor: 'background.default',
            borderRightColor: 'divider',
          },
        },
      }}
    >
      <DrawerContent onNavigate={() => {}} />
    </Drawer>
  );
}
