import type { ThreeDModelResponse } from '@gprhub/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { Link, Navigate, useLocation, useParams } from 'react-router';
import { apiFetch } from '../../api/api-client';
import { OrganizationScopeProvider } from '../../api/organization-scope';
import { BrandLogo } from '../../components/brand-logo';
import { isUuid } from '../../lib/uuid';
import { authClient } from '../auth/auth-client';
import { ModelWorkspace } from './model-workspace';

/** The scope public reads run in: no organization (the server answers only for public models). */
const PUBLIC_SCOPE = 'public';

/**
 * `/nodes/{id}`: a public 3D model for anyone with the link, read-only and without signing in. A member
 * of the model's organization (or anyone, for a node that is not a public model) goes to the hub page.
 */
export function PublicNodePage() {
  const { nodeId } = useParams();
  const session = authClient.useSession();
  const { search } = useLocation();
  const id = isUuid(nodeId) ? nodeId : null;
  const model = useQuery({
    queryKey: [PUBLIC_SCOPE, '3d-models', id],
    queryFn: ({ signal }) => apiFetch<ThreeDModelResponse>(`/api/3d-models/${id}`, { signal, organization: null }),
    enabled: Boolean(id) && !session.isPending,
    retry: false,
    refetchInterval: (query) => (query.state.data && !query.state.data.threeDModelVersion ? 2000 : false),
  });
  if (session.isPending || model.isPending) return <CircularProgress sx={{ m: 4 }} />;
  if (model.data?.canEdit || (!model.data && session.data)) return <Navigate to={`/hub/${nodeId}${search}`} replace />;
  if (!model.data) {
    return (
      <Box sx={{ p: 6, textAlign: 'center' }} data-testid="public-model-unavailable">
        <BrandLogo />
        <Typography variant="h5" sx={{ mt: 3 }}>
          This link is not shared
        </Typography>
        <Typography sx={{ color: 'text.secondary', my: 2 }}>The model does not exist, or it is no longer public. Sign in if it belongs to your organization.</Typography>
        <Button component={Link} to={`/auth/sign-in?redirect=${encodeURIComponent(`/hub/${nodeId}`)}`} variant="contained">
          Sign in
        </Button>
      </Box>
    );
  }
  return (
    <OrganizationScopeProvider slug={PUBLIC_SCOPE}>
      <Box sx={{ p: 2, height: '100dvh', display: 'flex', flexDirection: 'column' }} data-testid="public-model-page">
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 1 }}>
          <BrandLogo />
          <Typography variant="h5" component="h1">
            {model.data.node.name}
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            Shared 3D model (read-only)
          </Typography>
        </Box>
        <ModelWorkspace model={model.data} />
      </Box>
    </OrganizationScopeProvider>
  );
}
