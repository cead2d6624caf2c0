import DownloadRoundedIcon from '@mui/icons-material/DownloadRounded';
import InsertDriveFileRoundedIcon from '@mui/icons-material/InsertDriveFileRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { NODE_TYPE_LABELS } from '@gprhub/contract';
import { LoadErrorPage } from '../../components/load-error-page';
import { useOrgNavigate } from '../../components/org-link';
import { useUuidParam } from '../../routes/use-uuid-param';
import { NodeBreadcrumbs } from '../hub/node-breadcrumbs';
import { NodeDetailsPanel } from '../node-details/node-details-panel';
import { useFileNode } from './files-api';
import { formatDateTime } from '../../lib/format-date';

/** Bytes as a short size: 1.4 MB. */
export function formatBytes(bytes: number | null): string {
  if (bytes === null) return 'not uploaded yet';
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value.toFixed(value < 10 ? 1 : 0)} ${units[unit]}`;
}

/** `/files/{fileNodeId}`: the file's name, a download button and the details panel. */
export function FilePage() {
  const id = useUuidParam('id');
  const navigate = useOrgNavigate();
  const file = useFileNode(id ?? '');
  if (!id) return null;
  if (file.isError) return <LoadErrorPage error={file.error} noun="file" />;
  if (!file.data) return <CircularProgress />;
  const { node, file: record, url } = file.data;
  return (
    <Box data-testid="file-page" sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: '1fr 380px' }, alignItems: 'start' }}>
      <Box sx={{ minWidth: 0 }}>
        <NodeBreadcrumbs nodeId={id} />
        <Paper variant="outlined" sx={{ borderRadius: '12px', p: 3, mt: 1, display: 'flex', gap: 2.5, alignItems: 'center', flexWrap: 'wrap' }}>
          <Box sx={{ width: 64, height: 64, borderRadius: '12px', bgcolor: 'action.selected', display: 'grid', placeItems: 'center', flexShrink: 0 }}>
            <InsertDriveFileRoundedIcon color="primary" sx={{ fontSize: 34 }} />
          </Box>
          <Box sx={{ flex: 1, minWidth: 200 }}>
            <Typography variant="h5" component="h1" sx={{ wordBreak: 'break-word' }} data-testid="file-name">
              {node.name}
            </Typography>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {NODE_TYPE_LABELS[node.type]} · .{record.extension} · {formatBytes(record.size)} · uploaded {formatDateTime(record.confirmedUploadedAt ?? record.createdAt)}
            </Typography>
          </Box>
          <Button
            variant="contained"
            size="large"
            startIcon={<DownloadRoundedIcon />}
            href={url}
            disabled={!record.confirmedUploadedAt}
            data-testid="file-download"
          >
            Download
          </Button>
        </Paper>
      </Box>
      <Paper variant="outlined" sx={{ borderRadius: '12px', overflow: 'hidden', height: { xs: 520, lg: 'calc(100vh - 140px)' } }}>
        <NodeDetailsPanel nodeId={id} onDeleted={() => navigate(node.parentId ? `/hub/${node.parentId}` : '/hub')} />
      </Paper>
    </Box>
  );
}
