import AddRoundedIcon from '@mui/icons-material/AddRounded';
import GroupRoundedIcon from '@mui/icons-material/GroupRounded';
import CheckRoundedIcon from '@mui/icons-material/CheckRounded';
import UnfoldMoreRoundedIcon from '@mui/icons-material/UnfoldMoreRounded';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useState } from 'react';
import { CreateOrganizationDialog } from './create-organization-dialog';
import { organizationColor, useOrganization } from './organization-context';
import type { Organization } from './organization-context';
import { OrgLink } from '../../components/org-link';

function OrganizationAvatar({ organization, size = 24 }: { organization: Organization; size?: number }) {
  return (
    <Avatar
      variant="rounded"
      src={organization.logo ?? undefined}
      alt=""
      sx={{
        width: size,
        height: size,
        fontSize: size * 0.5,
        fontWeight: 600,
        borderRadius: '7px',
        bgcolor: organizationColor(organization.slug),
        color: '#fff',
      }}
    >
      {organization.name.charAt(0).toUpperCase()}
    </Avatar>
  );
}

/** Header menu listing the user's organizations, with "Create organization". */
export function OrganizationSwitcher() {
  const { organization, organizations, switchOrganization, refreshOrganizations } = useOrganization();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [isCreateOpen, setIsCreateOpen] = useState(false);
  const close = () => setAnchor(null);

  return (
    <>
      <Button
        color="inherit"
        onClick={(event) => setAnchor(event.currentTarget)}
        aria-label={`Organization: ${organization.name}. Switch organization`}
        aria-haspopup="menu"
        aria-expanded={anchor ? true : undefined}
        aria-controls={anchor ? 'organization-menu' : undefined}
        data-testid="organization-switcher"
        data-org-slug={organization.slug}
        endIcon={<UnfoldMoreRoundedIcon sx={{ color: 'text.secondary' }} />}
        sx={{
          height: 36,
          px: 1,
          gap: 0.25,
          maxWidth: { xs: 150, sm: 260 },
          border: 1,
          borderColor: 'divider',
          '& .MuiButton-endIcon': { ml: 0.5 },
        }}
      >
        <OrganizationAvatar organization={organization} />
        <Box
          component="span"
          sx={{
            ml: 1,
            overflow: 'hidden',
            textOverflow: 'ellipsis',
            whiteSpace: 'nowrap',
            fontSize: 14,
            display: { xs: 'none', sm: 'inline' },
          }}
        >
          {organization.name}
        </Box>
      </Button>
      <Menu
        id="organization-menu"
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { minWidth: 260, maxWidth: 340, mt: 1 } } }}
      >
        <ListSubheader
          sx={{
            lineHeight: '32px',
            fontSize: 11,
            fontWeight: 600,
            letterSpacing: '0.08em',
            textTransform: 'uppercase',
            bgcolor: 'transparent',
          }}
        >
          Organizations
        </ListSubheader>
        {organizations.map((item) => {
          const isCurrent = item.id === organization.id;
          return (
            <MenuItem
              key={item.id}
              selected={isCurrent}
              onClick={() => {
                close();
                if (!isCurrent) switchOrganization(item.slug);
              }}
              data-testid={`organization-option-${item.slug}`}
            >
              <ListItemIcon sx={{ mr: 1.5 }}>
                <OrganizationAvatar organization={item} size={28} />
              </ListItemIcon>
              <ListItemText
                primary={item.name}
                secondary={item.slug}
                slotProps={{ primary: { noWrap: true }, secondary: { noWrap: true } }}
              />
              {isCurrent && (
                <CheckRoundedIcon
                  fontSize="small"
                  sx={{ ml: 1.5, color: 'primary.main' }}
                  aria-label="Current organization"
                />
              )}
            </MenuItem>
          );
        })}
        <Divider />
        <MenuItem component={OrgLink} to="/organization/members" onClick={close} data-testid="organization-members-menu-item">
          <ListItemIcon>
            <GroupRoundedIcon fontSize="small" />
          </ListItemIcon>
          Members of {organization.name}
        </MenuItem>
        <MenuItem
          onClick={() => {
            close();
            setIsCreateOpen(true);
          }}
          data-testid="create-organization-menu-item"
        >
          <ListItemIcon>
            <AddRoundedIcon fontSize="small" />
          </ListItemIcon>
          Create organization
        </MenuItem>
      </Menu>
      <CreateOrganizationDialog
        isOpen={isCreateOpen}
        onClose={() => setIsCreateOpen(false)}
        onCreated={async (created) => {
          await refreshOrganizations();
          switchOrganization(created.slug);
        }}
      />
    </>
  );
}
