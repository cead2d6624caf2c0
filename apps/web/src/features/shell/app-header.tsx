import MenuRoundedIcon from '@mui/icons-material/MenuRounded';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Toolbar from '@mui/material/Toolbar';
import { OrgLink } from '../../components/org-link';
import { BrandLogo } from '../../components/brand-logo';
import { HEADER_HEIGHT } from '../../theme/theme';
import { OrganizationSwitcher } from '../organizations/organization-switcher';
import { ThemeModeSwitch } from './theme-mode-switch';
import { ThreeDTrackerIndicator } from './three-d-tracker-indicator';
import { UserMenu } from './user-menu';

/** The 48 px header: menu button (small screens), brand, then tracker indicator, theme switch, organization switcher and user menu. */
export function AppHeader({ onMenuClick }: { onMenuClick: () => void }) {
  return (
    <AppBar position="fixed" sx={{ borderBottom: 1, borderColor: 'divider', bgcolor: 'background.paper' }}>
      <Toolbar
        disableGutters
        sx={{
          minHeight: `${HEADER_HEIGHT}px !important`,
          height: HEADER_HEIGHT,
          px: { xs: 1, md: 2 },
          gap: 1,
        }}
      >
        <IconButton
          aria-label="Open menu"
          onClick={onMenuClick}
          data-testid="open-menu-button"
          size="small"
          sx={{ display: { md: 'none' } }}
        >
          <MenuRoundedIcon />
        </IconButton>
        <Link
          component={OrgLink}
          to="/hub"
          underline="none"
          aria-label="GPR Hub home"
          sx={{ display: 'flex', borderRadius: '8px' }}
        >
          <BrandLogo size={26} />
        </Link>
        <Box sx={{ flexGrow: 1 }} />
        <Box sx={{ display: 'flex', alignItems: 'center', gap: { xs: 0.75, sm: 1.25 } }}>
          <ThreeDTrackerIndicator />
          <ThemeModeSwitch />
          <OrganizationSwitcher />
          <UserMenu />
        </Box>
      </Toolbar>
    </AppBar>
  );
}
