import DataObjectRoundedIcon from '@mui/icons-material/DataObjectRounded';
import DeleteOutlineRoundedIcon from '@mui/icons-material/DeleteOutlineRounded';
import EditRoundedIcon from '@mui/icons-material/EditRounded';
import LinkRoundedIcon from '@mui/icons-material/LinkRounded';
import NotesRoundedIcon from '@mui/icons-material/NotesRounded';
import PlaceRoundedIcon from '@mui/icons-material/PlaceRounded';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { MetadataItem, MetadataType } from '@gprhub/contract';
import type { ReactNode } from 'react';
import { useNodeDetail } from '../../nodes/nodes-api';
import { MetadataForm } from './metadata-form';
import { METADATA_TYPE_LABELS, readRelatedNodeId, toMetadataFormValues } from './metadata-form-schema';
import { MetadataValueView } from './metadata-value-view';

export const METADATA_TYPE_ICONS: Record<MetadataType, ReactNode> = {
  TEXT: <NotesRoundedIcon fontSize="small" />,
  JSON: <DataObjectRoundedIcon fontSize="small" />,
  LOCATION: <PlaceRoundedIcon fontSize="small" />,
  RELATED_NODE: <LinkRoundedIcon fontSize="small" />,
};

export interface MetadataItemCardProps {
  nodeId: string;
  item: MetadataItem;
  isEditing: boolean;
  onEdit: () => void;
  onDone: () => void;
  onDelete: () => void;
}

/** One metadata item: name, type and value, or its form while it is being edited. */
export function MetadataItemCard({
  nodeId,
  item,
  isEditing,
  onEdit,
  onDone,
  onDelete,
}: MetadataItemCardProps) {
  const relatedNodeId = item.type === 'RELATED_NODE' ? readRelatedNodeId(item.value) : null;
  const related = useNodeDetail(relatedNodeId ?? undefined);

  if (isEditing) {
    const node = related.data?.node;
    return (
      <MetadataForm
        nodeId={nodeId}
        item={item}
        initialValues={toMetadataFormValues(
          item,
          node ? { nodeId: node.nodeId, name: node.name, type: node.type } : null,
        )}
        onDone={onDone}
      />
    );
  }

  return (
    <Box
      data-testid={`metadata-item-${item.id}`}
      data-type={item.type}
      sx={{
        p: 1.75,
        borderRadius: '12px',
        border: 1,
        borderColor: 'divider',
        '&:hover .metadata-actions, &:focus-within .metadata-actions': { opacity: 1 },
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1, mb: 1 }}>
        <Box
          sx={{
            display: 'grid',
            placeItems: 'center',
            width: 30,
            height: 30,
            flexShrink: 0,
            borderRadius: '8px',
            bgcolor: 'action.hover',
            color: 'primary.main',
          }}
        >
          {METADATA_TYPE_ICONS[item.type]}
        </Box>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography
            variant="subtitle2"
            sx={{ overflowWrap: 'anywhere', lineHeight: 1.3 }}
            data-testid="metadata-name"
          >
            {item.name}
          </Typography>
          <Typography variant="caption" sx={{ color: 'text.secondary' }}>
            {METADATA_TYPE_LABELS[item.type]}
          </Typography>
        </Box>
        <Box
          className="metadata-actions"
          sx={{ display: 'flex', opacity: { xs: 1, md: 0.55 }, transition: 'opacity 120ms' }}
        >
          <Tooltip title="Edit">
            <IconButton
              size="small"
              aria-label={`Edit ${item.name}`}
              onClick={onEdit}
              data-testid={`metadata-edit-${item.id}`}
            >
              <EditRoundedIcon sx={{ fontSize: 17 }} />
            </IconButton>
          </Tooltip>
          <Tooltip title="Delete">
            <IconButton
              size="small"
              aria-label={`Delete ${item.name}`}
              onClick={onDelete}
              data-testid={`metadata-delete-${item.id}`}
              sx={{ '&:hover': { color: 'error.main' } }}
            >
              <DeleteOutlineRoundedIcon sx={{ fontSize: 17 }} />
            </IconButton>
          </Tooltip>
        </Box>
      </Box>
      <MetadataValueView item={item} />
    </Box>
  );
}
