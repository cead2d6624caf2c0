import type { Node } from '@gprhub/contract';
import { NewNodeNameDialog } from '../../components/new-node-name-dialog';
import { useCreateFolder } from '../nodes/nodes-api';

export interface NewFolderDialogProps {
  isOpen: boolean;
  /** The folder to create it in; null for the top level. */
  parentId: string | null;
  /** Where it goes (shown in the dialog), e.g. the current folder's name. */
  parentName: string;
  onClose: () => void;
  onCreated: (folder: Node) => void;
}

/** "New Folder": a name, then the new folder opens. Save waits for a changed, valid name. */
export function NewFolderDialog({ isOpen, parentId, parentName, onClose, onCreated }: NewFolderDialogProps) {
  const createFolder = useCreateFolder();
  return (
    <NewNodeNameDialog
      isOpen={isOpen}
      title="New Folder"
      parentName={parentName}
      placeholder="e.g. Level 2 – east slab"
      testId="new-folder"
      onClose={onClose}
      onSubmit={async (name) => onCreated(await createFolder.mutateAsync({ name, parentId }))}
    />
  );
}
