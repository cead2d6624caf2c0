import SwapHorizRoundedIcon from '@mui/icons-material/SwapHorizRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import type { NodeOrganization } from '@gprhub/contract';
import { useLocation } from 'react-router';
import { apiFetch } from '../api/api-client';
import { useApiQuery } from '../api/use-api-query';
import { ORG_PARAM } from '../lib/with-org';
import { NotFoundPage } from './not-found-page';
import { OrgLink } from './org-link';

/**
 * A node page's 404. When the node belongs to another of the user's organizations (a link opened while
 * another one is active), it says so and offers to switch; otherwise it is the not-found page.
 * @example <NodeNotFoundPage nodeId={id} noun="GPR scan" />
 */
export function NodeNotFoundPage({ nodeId, noun }: { nodeId: string; noun: string }) {
  const location = useLocation();
  const owner = useApiQuery(
    ['node-organization', nodeId],
    (request) => apiFetch<NodeOrganization>(`/api/nodes/${nodeId}/organization`, request),
    { retry: false, staleTime: Infinity },
  );
  const current = new URLSearchParams(location.search).get(ORG_PARAM);
  if (owner.isPending) return <CircularProgress size={24} sx={{ m: 4 }} aria-label="Loading" />;
  const other = owner.data?.organization;
  if (!other || other.slug === current)
    return <NotFoundPage message={`This ${noun} does not exist, or it was deleted.`} />;

  const params = new URLSearchParams(location.search);
  params.set(ORG_PARAM, other.slug);
  return (
    <NotFoundPage
      testId="other-organization-page"
      overline={null}
      title="In another organization"
      icon={<SwapHorizRoundedIcon sx={{ fontSize: 36, color: 'primary.main' }} />}
      message={
        <>
          This {noun} belongs to <strong>{other.name}</strong>, another of your organizations. Switch to it to
          open the {noun}.
        </>
      }
      actions={
        <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap', justifyContent: 'center' }}>
          <Button
            variant="contained"
            component={OrgLink}
            to={`${location.pathname}?${params.toString()}${location.hash}`}
            data-testid="switch-organization"
          >
            Switch to {other.name}
          </Button>
          <Button variant="text" component={OrgLink} to="/hub">
            Back to the hub
          </Button>
        </Box>
      }
    />
  );
}
