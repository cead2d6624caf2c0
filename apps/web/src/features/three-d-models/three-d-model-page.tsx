import SettingsRemoteRoundedIcon from '@mui/icons-material/SettingsRemoteRounded';
import ShareRoundedIcon from '@mui/icons-material/ShareRounded';
import UploadFileRoundedIcon from '@mui/icons-material/UploadFileRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useEffect, useRef, useState } from 'react';
import { useParams } from 'react-router';
import { useOrgNavigate } from '../../components/org-link';
import { LoadErrorPage } from '../../components/load-error-page';
import { PageHeader } from '../../components/page-header';
import { useUuidParam } from '../../routes/use-uuid-param';
import { ConnectTrackerDialog } from '../three-d-trackers/connect-tracker-dialog';
import { useConnectedTrackers } from '../three-d-trackers/three-d-trackers-api';
import { GenerationToast } from './generation-toast';
import { LiveView } from './live/live-view';
import { ModelWorkspace } from './model-workspace';
import { ShareDialog } from './share-dialog';
import { useThreeDModel } from './three-d-models-api';
import { UploadVersionDialog } from './upload-version-dialog';
import { formatDateTime } from '../../lib/format-date';

type ModelTab = '3d-model' | 'live';

/**
 * `/3d-models/{id}/3d-model` and `/3d-models/{id}/live` (signed-in). The page polls every 2 s until a version
 * exists; a model with neither a version nor a session opens on the live tab (spec 001 §4).
 */
export function ThreeDModelPage() {
  const id = useUuidParam('id');
  const tab: ModelTab = useParams()['*']?.startsWith('live') ? 'live' : '3d-model';
  const navigate = useOrgNavigate();
  const connected = useConnectedTrackers(id ?? undefined);
  const connectedCount = connected.trackers?.length ?? 0;
  const model = useThreeDModel(id ?? '', tab === 'live' || connectedCount > 0);
  const [isConnecting, setConnecting] = useState(false);
  const hadSession = useRef(false);
  const [isSharing, setSharing] = useState(false);
  const [isUploading, setUploading] = useState(false);
  const hasRedirected = useRef(false);
  const data = model.data;
  const hasVersion = Boolean(data?.threeDModelVersion);

  // A tracker's connection ends when its upload arrives: read the model once more then.
  const refetchModel = model.refetch;
  useEffect(() => {
    if (connectedCount === 0) void refetchModel();
  }, [connectedCount, refetchModel]);

  useEffect(() => {
    if (!data || !id) return;
    if (data.session) hadSession.current = true;
    else if (hadSession.current) {
      // The session ended: back to the model, where the recording arrives as a version (seed 001 §4).
      hadSession.current = false;
      if (tab === 'live') {
        navigate(`/3d-models/${id}/3d-model`, { replace: true });
        return;
      }
    }
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
        description={data.threeDModelVersion ? `Version ${data.versionCount} of ${formatDateTime(data.threeDModelVersion.createdAt)}` : undefined}
        actions={
          <>
            {data.canEdit && (
              <Button variant="outlined" startIcon={<SettingsRemoteRoundedIcon />} onClick={() => setConnecting(true)} data-testid="connect-tracker-open">
                3D tracker
              </Button>
            )}
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
      {tab === '3d-model' ? <ModelWorkspace model={data} /> : <LiveView modelId={id} session={data.session} />}
      <ConnectTrackerDialog modelId={id} isOpen={isConnecting} onClose={() => setConnecting(false)} />
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
