import ShareRoundedIcon from '@mui/icons-material/ShareRounded';
import UploadFileRoundedIcon from '@mui/icons-material/UploadFileRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { useParams } from 'react-router';
import { useOrgNavigate } from '../../components/org-link';
import { LoadErrorPage } from '../../components/load-error-page';
import { PageHeader } from '../../components/page-header';
import { useUuidParam } from '../../routes/use-uuid-param';
import { GenerationToast } from './generation-toast';
import { ModelWorkspace } from './model-workspace';
import { ShareDialog } from './share-dialog';
import { useThreeDModel } from './three-d-models-api';
import { UploadVersionDialog } from './upload-version-dialog';

type ModelTab = '3d-model' | 'live';

/**
 * `/3d-models/{id}/3d-model` and `/3d-models/{id}/live` (signed-in). The page polls every 2 s until a version
 * exists; a model with neither a version nor a session opens on the live tab (spec 001 §4).
 */
export function ThreeDModelPage() {
  const id = useUuidParam('id');
  const tab: ModelTab = useParams()['*']?.startsWith('live') ? 'live' : '3d-model';
  const navigate = useOrgNavigate();
  const model = useThreeDModel(id ?? '');
  const [isSharing, setSharing] = useState(false);
  const [isUploading, setUploading] = useState(false);
  const hasRedirected = useRef(false);
  const data = model.data;
  const hasVersion = Boolean(data?.threeDModelVersion);

  useEffect(() => {
    if (!data || !id) return;
    if (!hasRedirected.current && tab === '3d-model' && !hasVersion && !data.session) navigate(`/3d-models/${id}/live`, { replace: true });
    else if (tab === 'live' && hasVersion && !data.session) navigate(`/3d-models/${id}/3d-model`, { replace: true });
    hasRedirected.current = true;
  }, [data, hasVersion, id, navigate, tab]);

  if (!id) return null;
  if (model.isError) return <LoadErrorPage error={model.error} noun="3D model" />;
  if (!data) return <CircularProgress />;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0 }} data-testid="three-d-model-page">
      <PageHeader
        title={data.node.name}
        description={data.threeDModelVersion ? `Version ${data.versionCount} of ${new Date(data.threeDModelVersion.createdAt).toLocaleString()}` : undefined}
        actions={
          <>
            <Button variant="outlined" startIcon={<UploadFileRoundedIcon />} onClick={() => setUploading(true)} data-testid="upload-version-button">
              Upload version
            </Button>
            <Button variant="contained" startIcon={<ShareRoundedIcon />} onClick={() => setSharing(true)} data-testid="share-button">
              Share
            </Button>
          </>
        }
      />
      <Tabs value={tab} onChange={(_, next: ModelTab) => navigate(`/3d-models/${id}/${next}`)} sx={{ mb: 1 }}>
        <Tab value="3d-model" label="3D model" data-testid="tab-3d-model" />
        <Tab value="live" label="Live view" data-testid="tab-live" />
      </Tabs>
      {tab === '3d-model' ? <ModelWorkspace model={data} /> : <LiveViewPlaceholder />}
      <ShareDialog modelId={id} isPublic={data.node.isPublic} isOpen={isSharing} onClose={() => setSharing(false)} />
      <UploadVersionDialog modelId={id} isOpen={isUploading} onClose={() => setUploading(false)} />
      {data.canEdit && (
        <>
          <GenerationToast model={data} kind="cloud" />
          <GenerationToast model={data} kind="mesh" />
        </>
      )}
    </Box>
  );
}

/** The live tab until a 3D tracker feeds the model (#13): no session yet; the page updates by itself. */
function LiveViewPlaceholder() {
  return (
    <Box sx={{ p: 4, textAlign: 'center' }} data-testid="live-view">
      <Typography variant="h6">No session yet</Typography>
      <Typography sx={{ color: 'text.secondary', mb: 2 }}>
        The page updates by itself when a 3D tracker starts scanning, or when a version is uploaded.
      </Typography>
      <FormControlLabel control={<Switch disabled />} label="Live feed (not available right now)" />
    </Box>
  );
}
