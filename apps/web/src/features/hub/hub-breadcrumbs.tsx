import HomeRoundedIcon from '@mui/icons-material/HomeRounded';
import NavigateNextRoundedIcon from '@mui/icons-material/NavigateNextRounded';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { HubPath } from '@gprhub/contract';
import { OrgLink } from '../../components/org-link';
import { getHubPath } from '../nodes/node-routes';
import { usePrimeHubPath } from '../nodes/nodes-api';
import type { ScreenClass } from './hub-layout';

const crumbSx = { display: 'flex', alignItems: 'center', gap: 0.5, fontSize: 14, maxWidth: 240 } as const;

/** "Hub" first, then each folder down to the current one (which is not a link). */
export function HubBreadcrumbs({ path, screen }: { path: HubPath['path']; screen: ScreenClass }) {
  const primeHubPath = usePrimeHubPath();
  const home = (
    <>
      <HomeRoundedIcon sx={{ fontSize: 18 }} aria-hidden />
      Hub
    </>
  );
  return (
    <Breadcrumbs
      aria-label="Folder path"
      data-testid="hub-breadcrumbs"
      separator={<NavigateNextRoundedIcon sx={{ fontSize: 18 }} />}
      maxItems={screen === 'small' ? 3 : 6}
      itemsBeforeCollapse={1}
      itemsAfterCollapse={screen === 'small' ? 1 : 3}
      sx={{ mb: 0.75, '& .MuiBreadcrumbs-ol': { flexWrap: 'wrap' } }}
    >
      {path.length === 0 ? (
        <Typography aria-current="page" sx={{ ...crumbSx, color: 'text.primary', fontWeight: 500 }}>
          {home}
        </Typography>
      ) : (
        <Link component={OrgLink} to="/hub" underline="hover" color="inherit" sx={crumbSx}>
          {home}
        </Link>
      )}
      {path.map((item, index) =>
        index === path.length - 1 ? (
          <Typography
            key={item.nodeId}
            aria-current="page"
            noWrap
            sx={{ ...crumbSx, display: 'block', color: 'text.primary', fontWeight: 500 }}
          >
            {item.name}
          </Typography>
        ) : (
          <Link
            key={item.nodeId}
            component={OrgLink}
            to={getHubPath(item.nodeId)}
            underline="hover"
            color="inherit"
            noWrap
            onClick={() => primeHubPath(path.slice(0, index), item)}
            sx={{ ...crumbSx, display: 'block' }}
          >
            {item.name}
          </Link>
        ),
      )}
    </Breadcrumbs>
  );
}
