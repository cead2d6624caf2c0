import CloseRoundedIcon from '@mui/icons-material/CloseRounded';
import DeleteOutlineRoundedIcon from '@mui/icons-material/DeleteOutlineRounded';
import EditNoteRoundedIcon from '@mui/icons-material/EditNoteRounded';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { NODE_TYPE_LABELS } from '@gprhub/contract';
import type { NodeDetail } from '@gprhub/contract';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { OrgLink } from '../../components/org-link';
import { formatDateShort, formatDateTime } from '../../lib/format-date';
import { useDeleteNodes, useUpdateNode } from '../nodes/nodes-api';
import { EditNodeDialog } from './edit-node-dialog';
import { InlineNameField } from './inline-name-field';
import { NodeTypeIcon } from '../nodes/node-type-icon';

export interface NodeDetailsHeaderProps {
  detail: NodeDetail;
  onClose?: (() => void) | undefined;
  onDeleted?: ((nodeId: string) => void) | undefined;
}

/** Type, editable name, created date and folder, with Edit, Delete and Close. */
export function NodeDetailsHeader({ detail, onClose, onDeleted }: NodeDetailsHeaderProps) {
  const { node, parentNode } = detail;
  const update = useUpdateNode();
  const remove = useDeleteNodes();
  const [dialog, setDialog] = useState<'edit' | 'delete' | null>(null);
  const isFolder = node.type === 'FOLDER';

  return (
    <Box sx={{ px: 2.5, pt: 2, pb: 1.5 }} data-testid="node-details-header">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}>
        <Chip
          size="small"
          icon={<NodeTypeIcon type={node.type} />}
          label={NODE_TYPE_LABELS[node.type]}
          data-testid="node-details-type"
          sx={{ fontWeight: 500, '& .MuiChip-icon': { fontSize: 18, ml: 0.75 } }}
        />
        <Box sx={{ flex: 1 }} />
        <Tooltip title="Edit node">
          <IconButton
            aria-label="Edit node"
            onClick={() => setDialog('edit')}
            data-testid="node-details-edit"
          >
            <EditNoteRoundedIcon fontSize="small" />
          </IconButton>
        </Tooltip>
        <Tooltip title="Delete node">
          <IconButton
            aria-label="Delete node"
            onClick={() => setDialog('delete')}
            data-testid="node-details-delete"
            sx={{ '&:hover': { color: 'error.main' } }}
          >
            <DeleteOutlineRoundedIcon fontSize="small" />
          </IconButton>
        </Tooltip>
        {onClose && (
          <Tooltip title="Close details">
            <IconButton
              aria-label="Close details"
              onClick={onClose}
              data-testid="node-details-close"
              sx={{ mr: -1 }}
            >
              <CloseRoundedIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        )}
      </Box>

      <InlineNameField
        name={node.name}
        onSave={(name) => update.mutateAsync({ nodeId: node.nodeId, name })}
      />

      <Typography
        variant="body2"
        component="div"
        sx={{
          color: 'text.secondary',
          mt: 0.5,
          display: 'flex',
          flexWrap: 'wrap',
          columnGap: 1.5,
          rowGap: 0.25,
        }}
      >
        <Tooltip title={formatDateTime(node.createdAt)}>
          <span data-testid="node-details-created">Created {formatDateShort(node.createdAt)}</span>
        </Tooltip>
        <span data-testid="node-details-parent">
          in{' '}
          {parentNode ? (
            <Link
              component={OrgLink}
              to={`/hub/${parentNode.nodeId}`}
              underline="hover"
              sx={{ fontWeight: 500 }}
            >
              {parentNode.name}
            </Link>
          ) : (
            <Link component={OrgLink} to="/hub" underline="hover" sx={{ fontWeight: 500 }}>
              Top level
            </Link>
          )}
        </span>
      </Typography>

      <EditNodeDialog open={dialog === 'edit'} detail={detail} onClose={() => setDialog(null)} />
      <ConfirmDialog
        open={dialog === 'delete'}
        title="Delete node"
        testId="delete-node-dialog"
        onClose={() => setDialog(null)}
        onConfirm={async () => {
          await remove.mutateAsync([node.nodeId]);
          onDeleted?.(node.nodeId);
        }}
      >
        Are you sure you want to delete <strong>{node.name}</strong>
        {isFolder ? ' and everything in it' : ''}?{' '}
        {isFolder ? 'You can restore it from Nodes (Deleted).' : ''}
      </ConfirmDialog>
    </Box>
  );
}
