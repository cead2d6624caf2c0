import { THREE_D_MODEL_NAME_MIN_LENGTH, ThreeDModelMessages } from '@gprhub/contract';
import { NewNodeNameDialog } from '../../components/new-node-name-dialog';
import { useOrgNavigate } from '../../components/org-link';
import { useInvalidateNodes } from '../nodes/nodes-api';
import { useCreateThreeDModel } from './three-d-models-api';

const MIN_LENGTH = { length: THREE_D_MODEL_NAME_MIN_LENGTH, message: ThreeDModelMessages.nameTooShort };

export interface NewThreeDModelDialogProps {
  isOpen: boolean;
  parentId: string | null;
  parentName: string;
  onClose: () => void;
}

/** New → 3D model: a name (required, at least 3 characters); then the model's hub page on its data menu. */
export function NewThreeDModelDialog({ isOpen, parentId, parentName, onClose }: NewThreeDModelDialogProps) {
  const create = useCreateThreeDModel();
  const invalidate = useInvalidateNodes();
  const navigate = useOrgNavigate();
  return (
    <NewNodeNameDialog
      isOpen={isOpen}
      title="New 3D model"
      parentName={parentName}
      placeholder="e.g. Basement, room 2"
      testId="new-3d-model"
      minLength={MIN_LENGTH}
      submitLabel="Create"
      onClose={onClose}
      onSubmit={async (name) => {
        const node = await create.mutateAsync({ name, parentNodeId: parentId });
        void invalidate();
        onClose();
        navigate(`/hub/${node.nodeId}?initialNavigationMenuKey=data`);
      }}
    />
  );
}
