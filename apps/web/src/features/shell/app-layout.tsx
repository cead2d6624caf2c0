import Box from '@mui/material/Box';
import { useState } from 'react';
import { Outlet } from 'react-router';
import { HEADER_HEIGHT } from '../../theme/theme';
import { AppDrawer } from './app-drawer';
import { AppHeader } from './app-header';

/** Signed-in pages: header, side menu and the routed page. */
export function AppLayout() {
  const [isMenuOpen, setIsMenuOpen] = useState(false);
  return (
    <Box sx={{ display: 'flex', minHeight: '100dvh', bgcolor: 'background.default' }}>
      <AppHeader onMenuClick={() => setIsMenuOpen(true)} />
      <AppDrawer isMobileOpen={isMenuOpen} onMobileClose={() => setIsMenuOpen(false)} />
      <Box component="main" sx={{ flexGrow: 1, minWidth: 0, pt: `${HEADER_HEIGHT}px` }}>
        <Box sx={{ px: { xs: 2, sm: 3, lg: 4 }, py: { xs: 2.5, sm: 3.5 }, maxWidth: 1440, mx: 'auto' }}>
          <Outlet />
        </Box>
      </Box>
    </Box>
  );
}
