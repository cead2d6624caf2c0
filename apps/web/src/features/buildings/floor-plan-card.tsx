import DeleteOutlineRoundedIcon from '@mui/icons-material/DeleteOutlineRounded';
import Rotate90DegreesCwRoundedIcon from '@mui/icons-material/Rotate90DegreesCwRounded';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { FloorPlan } from '@gprhub/contract';
import { BuildingMessages, FLOOR_PLAN_DEFAULT_SIZE } from '@gprhub/contract';
import { useState, type ReactNode } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { useDeleteFloorPlan, useRotateFloorPlan } from './buildings-api';
import { fitRotated } from './plan-geometry';

export interface FloorPlanCardProps {
  buildingId: string;
  plan: FloorPlan;
  /** Drawn over the image, in the unturned image's frame (pins). */
  overlay?: (size: { width: number; height: number }) => ReactNode;
  /** Actions beside rotate and delete (pinning). */
  actions?: ReactNode;
  /** A click on the turned picture, in fractions of its box (0–1 from the top left). */
  onPictureClick?: (u: number, v: number) => void;
  isPicking?: boolean;
  /** A hint over the picture (while placing a pin). */
  banner?: string;
  pinCount?: number;
}

/**
 * A floor plan: its image in a 400 × 400 box (seed 001 §9), turned in 90° steps (kept on the server), with
 * Rotate and Delete (confirmed with the spec's question).
 */
export function FloorPlanCard({ buildingId, plan, overlay, actions, onPictureClick, isPicking = false, banner, pinCount }: FloorPlanCardProps) {
  const rotate = useRotateFloorPlan(buildingId);
  const remove = useDeleteFloorPlan(buildingId);
  const [isDeleting, setDeleting] = useState(false);
  const box = FLOOR_PLAN_DEFAULT_SIZE;
  const fit = fitRotated(plan.width, plan.height, plan.rotation, box);
  const nextRotation = ((plan.rotation + 90) % 360) as FloorPlan['rotation'];
  return (
    <Paper variant="outlined" sx={{ width: box + 2, borderRadius: '12px', overflow: 'hidden', flexShrink: 0 }} data-testid="floor-plan-card" data-rotation={plan.rotation} data-plan-id={plan.node.nodeId}>
      <Box
        sx={{
          position: 'relative',
          width: box,
          height: box,
          display: 'grid',
          placeItems: 'center',
          bgcolor: 'grey.100',
          backgroundImage: 'radial-gradient(rgba(0,0,0,0.08) 1px, transparent 1px)',
          backgroundSize: '12px 12px',
        }}
      >
        <Box
          sx={{ position: 'relative', width: fit.outerWidth, height: fit.outerHeight, cursor: isPicking ? 'crosshair' : 'default' }}
          data-testid="floor-plan-picture"
          onClick={(event) => {
            if (!onPictureClick) return;
            const rect = event.currentTarget.getBoundingClientRect();
            onPictureClick((event.clientX - rect.left) / rect.width, (event.clientY - rect.top) / rect.height);
          }}
        >
          <Box
            sx={{
              position: 'absolute',
              left: '50%',
              top: '50%',
              width: fit.innerWidth,
              height: fit.innerHeight,
              transform: `translate(-50%, -50%) rotate(${plan.rotation}deg)`,
              transition: 'transform 200ms ease',
              boxShadow: '0 1px 4px rgba(0,0,0,0.2)',
              bgcolor: 'common.white',
            }}
          >
            <Box
              component="img"
              src={plan.imageUrl}
              alt={plan.node.name}
              draggable={false}
              data-testid="floor-plan-image"
              sx={{ display: 'block', width: '100%', height: '100%', objectFit: 'fill', userSelect: 'none' }}
            />
            {overlay?.({ width: fit.innerWidth, height: fit.innerHeight })}
          </Box>
        </Box>
        {banner && (
          <Box
            data-testid="floor-plan-banner"
            sx={{ position: 'absolute', top: 8, left: 8, right: 8, px: 1.5, py: 0.75, borderRadius: '8px', bgcolor: 'primary.main', color: 'primary.contrastText', fontSize: 13, textAlign: 'center', pointerEvents: 'none' }}
          >
            {banner}
          </Box>
        )}
      </Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, px: 1.5, py: 1, borderTop: 1, borderColor: 'divider' }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography variant="subtitle2" noWrap data-testid="floor-plan-name" title={plan.node.name}>
            {plan.node.name}
          </Typography>
          <Typography variant="caption" sx={{ color: 'text.secondary' }} noWrap component="div">
            {plan.width} × {plan.height} px{plan.rotation ? ` · turned ${plan.rotation}°` : ''}
            {plan.pdfPage ? ` · PDF page ${plan.pdfPage}` : ''}
            {pinCount ? ` · ${pinCount} ${pinCount === 1 ? 'pin' : 'pins'}` : ''}
          </Typography>
        </Box>
        {actions}
        <Tooltip title="Rotate 90°">
          <IconButton
            size="small"
            aria-label="Rotate 90°"
            data-testid="floor-plan-rotate"
            disabled={rotate.isPending}
            onClick={() => rotate.mutate({ id: plan.node.nodeId, rotation: nextRotation })}
          >
            <Rotate90DegreesCwRoundedIcon fontSize="small" />
          </IconButton>
        </Tooltip>
        <Tooltip title="Delete">
          <IconButton size="small" aria-label="Delete floor plan" data-testid="floor-plan-delete" onClick={() => setDeleting(true)}>
            <DeleteOutlineRoundedIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      </Box>
      <ConfirmDialog
        open={isDeleting}
        title="Delete floor plan"
        confirmLabel="Delete"
        isDestructive
        testId="delete-floor-plan-dialog"
        onConfirm={() => remove.mutateAsync(plan.node.nodeId)}
        onClose={() => setDeleting(false)}
      >
        {BuildingMessages.deleteFloorPlan}
      </ConfirmDialog>
    </Paper>
  );
}
