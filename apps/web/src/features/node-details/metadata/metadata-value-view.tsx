import OpenInNewRoundedIcon from '@mui/icons-material/OpenInNewRounded';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { NODE_TYPE_LABELS } from '@gprhub/contract';
import type { MetadataItem } from '@gprhub/contract';
import { CopyButton } from '../../../components/copy-button';
import { OrgLink } from '../../../components/org-link';
import { useNodeDetail } from '../../nodes/nodes-api';
import { getNodeTarget } from '../../nodes/node-routes';
import { NodeTypeIcon } from '../../nodes/node-type-icon';
import { formatLatLon } from './location-fallback';
import { LocationMap } from './location-map';
import { openStreetMapUrl } from './map-config';
import { formatCoordinate, readLocation, readRelatedNodeId } from './metadata-form-schema';

const MONO = 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace';

/** A link to a related node with its type (opening where the hub opens that node: most in a new tab). */
export function RelatedNodeLink({ nodeId }: { nodeId: string }) {
  const detail = useNodeDetail(nodeId);
  if (detail.isPending) return <Skeleton width={180} />;
  if (detail.isError) {
    return (
      <Typography variant="body2" sx={{ color: 'text.secondary' }} data-testid="metadata-related-missing">
        {detail.error.httpStatus === 404 ? 'The related node no longer exists.' : detail.error.message}
      </Typography>
    );
  }
  const { node } = detail.data;
  const target = getNodeTarget(node);
  return (
    <Link
      component={OrgLink}
      to={target.href}
      {...(target.isNewTab ? { target: '_blank', rel: 'noopener' } : {})}
      underline="none"
      data-testid="metadata-related-link"
      sx={{
        display: 'inline-flex',
        alignItems: 'center',
        gap: 1,
        maxWidth: '100%',
        px: 1.25,
        py: 0.75,
        borderRadius: '10px',
        border: 1,
        borderColor: 'divider',
        color: 'text.primary',
        '&:hover': { borderColor: 'primary.main', bgcolor: 'action.hover' },
      }}
    >
      <NodeTypeIcon type={node.type} fontSize="small" />
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="body2" noWrap sx={{ fontWeight: 500 }}>
          {node.name}
        </Typography>
        <Typography variant="caption" sx={{ color: 'text.secondary', display: 'block', lineHeight: 1.2 }}>
          {NODE_TYPE_LABELS[node.type]}
        </Typography>
      </Box>
      {target.isNewTab && <OpenInNewRoundedIcon sx={{ fontSize: 16, color: 'text.secondary' }} />}
    </Link>
  );
}

/** The value of a metadata item, shown by its type. */
export function MetadataValueView({ item }: { item: MetadataItem }) {
  switch (item.type) {
    case 'TEXT':
      return (
        <Typography
          variant="body2"
          sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
          data-testid="metadata-value"
        >
          {typeof item.value === 'string' ? item.value : JSON.stringify(item.value)}
        </Typography>
      );
    case 'JSON':
      return (
        <Box
          component="pre"
          data-testid="metadata-value"
          sx={{
            m: 0,
            p: 1.25,
            maxHeight: 260,
            overflow: 'auto',
            borderRadius: '10px',
            bgcolor: 'action.hover',
            fontFamily: MONO,
            fontSize: 12.5,
            lineHeight: 1.5,
          }}
        >
          {JSON.stringify(item.value, null, 2)}
        </Box>
      );
    case 'LOCATION': {
      const location = readLocation(item.value);
      if (!location) return <Typography variant="body2">Invalid location</Typography>;
      const plain = `${formatCoordinate(location.latitude)}, ${formatCoordinate(location.longitude)}`;
      return (
        <Box data-testid="metadata-value">
          <LocationMap value={location} />
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, mt: 0.75, flexWrap: 'wrap' }}>
            <Typography variant="body2" sx={{ fontVariantNumeric: 'tabular-nums' }}>
              {formatLatLon(location)}
            </Typography>
            <CopyButton value={plain} label="Copy coordinates" />
            <Link
              href={openStreetMapUrl(location.latitude, location.longitude)}
              target="_blank"
              rel="noopener noreferrer"
              variant="body2"
              underline="hover"
            >
              Open in OpenStreetMap
            </Link>
          </Box>
        </Box>
      );
    }
    case 'RELATED_NODE': {
      const nodeId = readRelatedNodeId(item.value);
      return nodeId ? <RelatedNodeLink nodeId={nodeId} /> : <Typography variant="body2">No node</Typography>;
    }
  }
}
