import AddRoundedIcon from '@mui/icons-material/AddRounded';
import SellOutlinedIcon from '@mui/icons-material/SellOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import type { MetadataItem } from '@gprhub/contract';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { EmptyState } from '../empty-state';
import { useDeleteMetadata, useMetadata } from '../node-details-api';
import { MetadataForm } from './metadata-form';
import { EMPTY_METADATA_VALUES } from './metadata-form-schema';
import { MetadataItemCard } from './metadata-item-card';

/**
 * The Metadata tab: the node's items (name, type, value). A new item starts in edit mode; an
 * existing one switches to edit mode on demand and back on save or cancel.
 */
export function MetadataTab({ nodeId }: { nodeId: string }) {
  const metadata = useMetadata(nodeId);
  const remove = useDeleteMetadata(nodeId);
  const [isAdding, setIsAdding] = useState(false);
  const [editingIds, setEditingIds] = useState<ReadonlySet<string>>(new Set());
  const [toDelete, setToDelete] = useState<MetadataItem | null>(null);
  const list = metadata.data?.metadata ?? [];

  const setEditing = (id: string, isEditing: boolean) =>
    setEditingIds((current) => {
      const next = new Set(current);
      if (isEditing) next.add(id);
      else next.delete(id);
      return next;
    });

  return (
    <Box data-testid="metadata-tab">
      <Box sx={{ mb: 2 }}>
        <Button
          variant="outlined"
          size="small"
          startIcon={<AddRoundedIcon />}
          onClick={() => setIsAdding(true)}
          disabled={isAdding}
          data-testid="metadata-add"
        >
          Add metadata
        </Button>
      </Box>
      {metadata.isError && (
        <Alert severity="error" sx={{ mb: 2 }}>
          Metadata could not be loaded: {metadata.error.message}
        </Alert>
      )}
      <Stack spacing={1.5}>
        {isAdding && (
          <MetadataForm
            nodeId={nodeId}
            initialValues={EMPTY_METADATA_VALUES}
            onDone={() => setIsAdding(false)}
          />
        )}
        {metadata.isPending && [0, 1].map((i) => <Skeleton key={i} variant="rounded" height={72} />)}
        {metadata.isSuccess && list.length === 0 && !isAdding && (
          <EmptyState
            icon={<SellOutlinedIcon />}
            testId="metadata-empty"
            hint="Record facts about this node: notes, JSON, a location or a link to another node."
          >
            No metadata yet.
          </EmptyState>
        )}
        {list.map((item) => (
          <MetadataItemCard
            key={item.id}
            nodeId={nodeId}
            item={item}
            isEditing={editingIds.has(item.id)}
            onEdit={() => setEditing(item.id, true)}
            onDone={() => setEditing(item.id, false)}
            onDelete={() => setToDelete(item)}
          />
        ))}
      </Stack>
      <ConfirmDialog
        open={Boolean(toDelete)}
        title="Delete metadata"
        testId="delete-metadata-dialog"
        onClose={() => setToDelete(null)}
        onConfirm={() => remove.mutateAsync(toDelete!.id)}
      >
        Are you sure you want to delete <strong>{toDelete?.name}</strong>?
      </ConfirmDialog>
    </Box>
  );
}
