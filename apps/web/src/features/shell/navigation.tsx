import AccountTreeRoundedIcon from '@mui/icons-material/AccountTreeRounded';
import InsightsRoundedIcon from '@mui/icons-material/InsightsRounded';
import TableRowsRoundedIcon from '@mui/icons-material/TableRowsRounded';
import ViewInArRoundedIcon from '@mui/icons-material/ViewInArRounded';
import PictureAsPdfRoundedIcon from '@mui/icons-material/PictureAsPdfRounded';
import VpnKeyRoundedIcon from '@mui/icons-material/VpnKeyRounded';
import LoginRoundedIcon from '@mui/icons-material/LoginRounded';
import type { ReactNode } from 'react';
import type { BuiltFeature } from '../../lib/built-features';
import { isBuilt } from '../../lib/built-features';

export interface NavigationLink {
  label: string;
  to: string;
  icon: ReactNode;
  testId: string;
  /** The feature the page belongs to; the link is shown once it is built. */
  feature?: BuiltFeature;
}

/** The drawer's "Menu" section, in the spec's order and wording (pages not built yet left out). */
export const MENU_LINKS: readonly NavigationLink[] = (
  [
    { label: 'HUB', to: '/hub', icon: <AccountTreeRoundedIcon />, testId: 'nav-hub' },
    { label: 'Analyses', to: '/analyses', icon: <InsightsRoundedIcon />, testId: 'nav-analyses' },
    { label: 'Nodes', to: '/nodes', icon: <TableRowsRoundedIcon />, testId: 'nav-nodes' },
    {
      label: '3d Trackers',
      to: '/three-d-trackers',
      icon: <ViewInArRoundedIcon />,
      testId: 'nav-three-d-trackers',
      feature: 'threeDTrackers',
    },
  ] satisfies NavigationLink[]
).filter((link) => isBuilt(link.feature));

/** Links of the "Development" section (after "Copy access token"). */
export const DEVELOPMENT_LINKS: readonly NavigationLink[] = [
  { label: 'Keys', to: '/keys', icon: <VpnKeyRoundedIcon />, testId: 'nav-keys' },
  { label: 'Report settings', to: '/report-settings', icon: <PictureAsPdfRoundedIcon />, testId: 'nav-report-settings' },
  { label: 'Single sign-on', to: '/sso-settings', icon: <LoginRoundedIcon />, testId: 'nav-sso-settings' },
];

/**
 * Whether a menu link is the current page. Detail pages light up the section they belong to.
 */
export function isLinkActive(to: string, pathname: string): boolean {
  if (pathname === to || pathname.startsWith(`${to}/`)) return true;
  if (to === '/hub') {
    return /^\/(gpr-scans|dual-orientation-gpr-scans|area-scans|dual-orientation-area-scans|gpr-scan-groups|files|buildings|floor-plans|3d-models)\//.test(
      pathname,
    );
  }
  return false;
}
