import AddLocationAltRoundedIcon from '@mui/icons-material/AddLocationAltRounded';
import PlaceRoundedIcon from '@mui/icons-material/PlaceRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { BuildingRelatedNode, FloorPlan, NodeType } from '@gprhub/contract';
import { BuildingMessages, NODE_TYPE_LABELS } from '@gprhub/contract';
import { useRef, useState, type ReactNode } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { useOrgNavigate } from '../../components/org-link';
import { NodeSearchField } from '../node-details/node-search-field';
import type { NodeOption } from '../node-details/node-search-query';
import { getNodeTarget } from '../nodes/node-routes';
import { useCreatePin, useMovePin, usePins, useRemovePin } from './buildings-api';
import type { FloorPlanCardProps } from './floor-plan-card';
import { toImagePosition } from './plan-geometry';

const PINNABLE: readonly NodeType[] = ['GPR_SCAN', 'GPR_SCAN_GROUP', 'THREE_D_MODEL', 'DUAL_ORIENTATION_GPR_SCAN', 'DUAL_ORIENTATION_AREA_SCAN'];
const PIN_COLOURS: Partial<Record<NodeType, string>> = { GPR_SCAN: '#d32f2f', GPR_SCAN_GROUP: '#ef6c00', THREE_D_MODEL: '#1565c0' };

/** What hovering a pin shows: the node, its type and, for a scan, its rebars. */
function PinSummary({ pin }: { pin: BuildingRelatedNode }) {
  const s = pin.rebarSummary;
  return (
    <Box data-testid="pin-summary" sx={{ p: 0.5 }}>
      <Typography variant="subtitle2">{pin.relatedNode.name}</Typography>
      <Typography variant="caption" component="div">
        {NODE_TYPE_LABELS[pin.relatedNode.type]}
      </Typography>
      {pin.relatedNode.type === 'GPR_SCAN' && (
        <Typography variant="caption" component="div" data-testid="pin-rebars">
          {s === null
            ? 'No rebar analysis yet'
            : s.count === 0
              ? '0 rebars'
              : `${s.count} rebars · cover min ${s.coverMinMm} / avg ${s.coverAvgMm} / max ${s.coverMaxMm} mm`}
        </Typography>
      )}
      <Typography variant="caption" component="div" sx={{ opacity: 0.7, mt: 0.5 }}>
        Click to open · drag to move · right-click to remove
      </Typography>
    </Box>
  );
}

/**
 * The pins of a plan over its image (in the unturned image's frame, so a rotation carries them along),
 * an "Add pin" action (pick a scan, area scan or 3D model, then click its spot), dragging to move, and
 * remove. A pin opens its node.
 */
export function PlanPins({ buildingId, plan, render }: { buildingId: string; plan: FloorPlan; render: (props: Partial<FloorPlanCardProps>) => ReactNode }) {
  const pins = usePins(buildingId, plan.node.nodeId);
  const create = useCreatePin(buildingId);
  const move = useMovePin(buildingId);
  const remove = useRemovePin(buildingId);
  // The pin whose removal is being confirmed; kept while the dialog fades out so its text stays.
  const [removing, setRemoving] = useState<BuildingRelatedNode | null>(null);
  const [isRemoveOpen, setRemoveOpen] = useState(false);
  const navigate = useOrgNavigate();
  const [isChoosing, setChoosing] = useState(false);
  const [choice, setChoice] = useState<NodeOption | null>(null);
  const [placing, setPlacing] = useState<NodeOption | null>(null);
  const drag = useRef<{ id: string; moved: boolean; layer: HTMLElement } | null>(null);
  const [dragPosition, setDragPosition] = useState<{ id: string; x: number; y: number } | null>(null);

  const overlay = () => (
    <Box sx={{ position: 'absolute', inset: 0, pointerEvents: 'none' }} data-testid="plan-pins">
      {pins.data?.relatedNodes.map((pin) => {
        const at = dragPosition?.id === pin.id ? dragPosition : pin.position;
        return (
          <Tooltip key={pin.id} title={<PinSummary pin={pin} />} placement="top" arrow>
            <Box
              data-testid="plan-pin"
              data-node-id={pin.relatedNodeId}
              data-x={pin.position.x}
              data-y={pin.position.y}
              sx={{
                position: 'absolute',
                left: `${at.x * 100}%`,
                top: `${at.y * 100}%`,
                // The icon stands upright whatever the plan's rotation; its tip marks the spot.
                transform: `translate(-50%, -100%) rotate(${-plan.rotation}deg)`,
                transformOrigin: '50% 100%',
                pointerEvents: placing ? 'none' : 'auto',
                cursor: 'pointer',
                color: PIN_COLOURS[pin.relatedNode.type] ?? '#6a1b9a',
                lineHeight: 0,
                filter: 'drop-shadow(0 2px 2px rgba(0,0,0,0.35))',
                touchAction: 'none',
              }}
              onPointerDown={(event) => {
                event.stopPropagation();
                // Only the main button drags or opens; a right-click asks to remove (onContextMenu).
                if (event.button !== 0) return;
                const layer = event.currentTarget.parentElement!;
                event.currentTarget.setPointerCapture(event.pointerId);
                drag.current = { id: pin.id, moved: false, layer };
              }}
              onPointerMove={(event) => {
                const current = drag.current;
                if (!current || current.id !== pin.id) return;
                const rect = current.layer.getBoundingClientRect();
                const u = (event.clientX - rect.left) / rect.width;
                const v = (event.clientY - rect.top) / rect.height;
                const p = toImagePosition(Math.min(1, Math.max(0, u)), Math.min(1, Math.max(0, v)), plan.rotation);
                current.moved = true;
                setDragPosition({ id: pin.id, ...p });
              }}
              onPointerUp={(event) => {
                event.stopPropagation();
                const current = drag.current;
                drag.current = null;
                if (!current) return;
                if (current.moved && dragPosition) {
                  move.mutate({ id: pin.id, position: { x: dragPosition.x, y: dragPosition.y } }, { onSettled: () => setDragPosition(null) });
                } else {
                  setDragPosition(null);
                  navigate(getNodeTarget(pin.relatedNode).href);
                }
              }}
              onContextMenu={(event) => {
                event.preventDefault();
                setRemoving(pin);
                setRemoveOpen(true);
              }}
            >
              <PlaceRoundedIcon sx={{ fontSize: 30 }} />
            </Box>
          </Tooltip>
        );
      })}
    </Box>
  );

  return (
    <>
      {render({
        overlay,
        isPicking: placing !== null,
        onPictureClick: placing
          ? (u, v) => {
              const position = toImagePosition(u, v, plan.rotation);
              create.mutate({ floorPlanNodeId: plan.node.nodeId, relatedNodeId: placing.nodeId!, position });
              setPlacing(null);
            }
          : undefined,
        actions: (
          <Tooltip title={placing ? `Click the plan to place ${placing.name}` : 'Pin a scan or 3D model'}>
            <IconButton size="small" aria-label="Add pin" data-testid="floor-plan-add-pin" color={placing ? 'primary' : 'default'} onClick={() => (placing ? setPlacing(null) : setChoosing(true))}>
              <AddLocationAltRoundedIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        ),
        banner: placing ? `Click the plan where ${placing.name} was scanned` : undefined,
        pinCount: pins.data?.relatedNodes.length,
      })}
      <ConfirmDialog
        open={isRemoveOpen && removing !== null}
        title="Remove pin"
        confirmLabel="Remove pin"
        testId="remove-pin-dialog"
        onConfirm={() => remove.mutateAsync(removing!.id)}
        onClose={() => setRemoveOpen(false)}
      >
        {removing && BuildingMessages.removePin(removing.relatedNode.name, plan.node.name)}
      </ConfirmDialog>
      <Dialog open={isChoosing} onClose={() => setChoosing(false)} fullWidth maxWidth="xs" data-testid="add-pin-dialog">
        <DialogTitle>Pin on {plan.node.name}</DialogTitle>
        <DialogContent>
          <Box sx={{ pt: 1 }}>
            <NodeSearchField value={choice} onChange={setChoice} label="GPR scan, area scan or 3D model" types={PINNABLE} autoFocus testId="add-pin-search" />
          </Box>
          <Typography variant="caption" sx={{ color: 'text.secondary' }}>
            Then click its spot on the plan. Right-click a pin to remove it.
          </Typography>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2.5 }}>
          <Button color="inherit" onClick={() => setChoosing(false)}>
            Cancel
          </Button>
          <Button
            variant="contained"
            disabled={!choice?.nodeId}
            data-testid="add-pin-next"
            onClick={() => {
              setPlacing(choice);
              setChoice(null);
              setChoosing(false);
            }}
          >
            Place on plan
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
