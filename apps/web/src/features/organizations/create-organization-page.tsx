import ApartmentRoundedIcon from '@mui/icons-material/ApartmentRounded';
import { CreateOrganizationForm } from './create-organization-form';
import type { Organization } from './organization-context';
import { StandalonePage } from './standalone-page';

/** Shown to a signed-in user who belongs to no organization yet. */
export function CreateOrganizationPage({
  onCreated,
}: {
  onCreated: (organization: Organization) => Promise<void>;
}) {
  return (
    <StandalonePage
      testId="create-organization-page"
      icon={<ApartmentRoundedIcon />}
      title="Create your organization"
      description="Scans, analyses and API keys belong to an organization. Create one for your company or team to get started."
    >
      <CreateOrganizationForm onCreated={onCreated} />
    </StandalonePage>
  );
}
