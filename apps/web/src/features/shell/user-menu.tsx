import GroupRoundedIcon from '@mui/icons-material/GroupRounded';
import LoginRoundedIcon from '@mui/icons-material/LoginRounded';
import LogoutRoundedIcon from '@mui/icons-material/LogoutRounded';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { authClient } from '../auth/auth-client';
import { useSignOut } from '../auth/use-sign-out';
import { OrgLink } from '../../components/org-link';

/** The name to show for a user: first and last name when known, else the account name. */
export function displayName(user: {
  name: string;
  firstName?: string | null;
  lastName?: string | null;
}): string {
  const full = [user.firstName, user.lastName].filter(Boolean).join(' ').trim();
  return full || user.name;
}

function initials(name: string): string {
  const parts = name.split(/\s+/).filter(Boolean);
  return ((parts[0]?.[0] ?? '') + (parts.length > 1 ? (parts.at(-1)?.[0] ?? '') : '')).toUpperCase() || '?';
}

/** The signed-in user's avatar, opening a menu with name, email and Sign out. */
export function UserMenu() {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const session = authClient.useSession();
  const signOut = useSignOut();
  const user = session.data?.user;
  if (!user) return null;
  const name = displayName(user);
  return (
    <>
      <Tooltip title="Account">
        <IconButton
          aria-label="Account menu"
          aria-haspopup="menu"
          aria-expanded={anchor ? true : undefined}
          aria-controls={anchor ? 'user-menu' : undefined}
          onClick={(event) => setAnchor(event.currentTarget)}
          data-testid="user-menu-button"
          size="small"
          sx={{ p: 0.25, borderRadius: '50%' }}
        >
          <Avatar
            src={user.image ?? undefined}
            alt={name}
            sx={{
              width: 30,
              height: 30,
              fontSize: 13,
              fontWeight: 600,
              bgcolor: 'primary.main',
              color: 'primary.contrastText',
            }}
          >
            {initials(name)}
          </Avatar>
        </IconButton>
      </Tooltip>
      <Menu
        id="user-menu"
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { minWidth: 240, mt: 1 } } }}
      >
        <Box sx={{ px: 2, py: 1.25 }}>
          <Typography variant="subtitle2" data-testid="user-menu-name" noWrap>
            {name}
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }} data-testid="user-menu-email" noWrap>
            {user.email}
          </Typography>
        </Box>
        <Divider />
        <MenuItem component={OrgLink} to="/organization/members" onClick={() => setAnchor(null)} data-testid="members-menu-item">
          <ListItemIcon>
            <GroupRoundedIcon fontSize="small" />
          </ListItemIcon>
          Organization members
        </MenuItem>
        <MenuItem component={OrgLink} to="/sso-settings" onClick={() => setAnchor(null)} data-testid="sso-settings-menu-item">
          <ListItemIcon>
            <LoginRoundedIcon fontSize="small" />
          </ListItemIcon>
          Single sign-on
        </MenuItem>
        <MenuItem
          onClick={() => {
            setAnchor(null);
            void signOut();
          }}
          data-testid="sign-out-button"
        >
          <ListItemIcon>
            <LogoutRoundedIcon fontSize="small" />
          </ListItemIcon>
          Sign out
        </MenuItem>
      </Menu>
    </>
  );
}
