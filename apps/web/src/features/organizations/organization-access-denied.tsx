import ChevronRightRoundedIcon from '@mui/icons-material/ChevronRightRounded';
import LockRoundedIcon from '@mui/icons-material/LockRounded';
import Avatar from '@mui/material/Avatar';
import List from '@mui/material/List';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import type { Organization } from './organization-context';
import { organizationColor } from './organization-context';
import { StandalonePage } from './standalone-page';

/** The link names an organization the user is not a member of. */
export function OrganizationAccessDenied({
  slug,
  organizations,
}: {
  slug: string;
  organizations: Organization[];
}) {
  return (
    <StandalonePage
      testId="organization-access-denied"
      tone="warning"
      icon={<LockRoundedIcon />}
      title="You can't open this organization"
      description={
        <>
          The link is for the organization <strong>“{slug}”</strong>, which doesn't exist or which you are not
          a member of. Ask one of its administrators to invite you, or continue in one of your organizations.
        </>
      }
    >
      <Typography variant="overline" sx={{ color: 'text.secondary' }}>
        Your organizations
      </Typography>
      <List disablePadding sx={{ mt: 1, display: 'grid', gap: 1 }}>
        {organizations.map((organization) => (
          <ListItemButton
            key={organization.id}
            component={RouterLink}
            to={`/hub?org=${encodeURIComponent(organization.slug)}`}
            sx={{ border: 1, borderColor: 'divider' }}
          >
            <ListItemAvatar sx={{ minWidth: 48 }}>
              <Avatar
                variant="rounded"
                sx={{
                  bgcolor: organizationColor(organization.slug),
                  width: 34,
                  height: 34,
                  fontSize: 15,
                  fontWeight: 600,
                  borderRadius: '9px',
                }}
              >
                {organization.name.charAt(0).toUpperCase()}
              </Avatar>
            </ListItemAvatar>
            <ListItemText primary={organization.name} secondary={organization.slug} />
            <ChevronRightRoundedIcon sx={{ color: 'text.secondary' }} />
          </ListItemButton>
        ))}
      </List>
    </StandalonePage>
  );
}
