import ArrowDownwardRoundedIcon from '@mui/icons-material/ArrowDownwardRounded';
import ArrowUpwardRoundedIcon from '@mui/icons-material/ArrowUpwardRounded';
import DeleteOutlineRoundedIcon from '@mui/icons-material/DeleteOutlineRounded';
import EditRoundedIcon from '@mui/icons-material/EditRounded';
import LayersRoundedIcon from '@mui/icons-material/LayersRounded';
import MoreVertRoundedIcon from '@mui/icons-material/MoreVertRounded';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { Floor } from '@gprhub/contract';
import { movedFloorOrder } from '@gprhub/contract';
import { useState } from 'react';
import { EmptyState } from '../node-details/empty-state';

export interface FloorListProps {
  floors: Floor[];
  selectedId: string | undefined;
  onSelect: (floor: Floor) => void;
  onEdit: (floor: Floor) => void;
  onDelete: (floor: Floor) => void;
  onMove: (floor: Floor, order: number) => void;
  isMoving: boolean;
}

/** The short level tag of a floor's card: its order as the spec labels it (0 'G', −1 'U1'). */
function levelTag(order: number): string {
  if (order === 0) return 'G';
  return order < 0 ? `U${-order}` : String(order);
}

/**
 * The floors of a building, highest first (as in a section drawing), each a card with its level tag,
 * its label and plan count, and the actions Edit, Delete, Move up and Move down (disabled at the extremes).
 */
export function FloorList({ floors, selectedId, onSelect, onEdit, onDelete, onMove, isMoving }: FloorListProps) {
  const [menu, setMenu] = useState<{ anchor: HTMLElement; floor: Floor } | null>(null);
  if (floors.length === 0)
    return (
      <EmptyState icon={<LayersRoundedIcon />} testId="floors-empty" hint="Add the building's levels with New floor.">
        No floors yet
      </EmptyState>
    );
  const highest = floors[0]!.order;
  const lowest = floors.at(-1)!.order;
  const act = (action: () => void) => () => {
    setMenu(null);
    action();
  };
  return (
    <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'flex', flexDirection: 'column', gap: 1 }} data-testid="floor-list">
      {floors.map((floor) => {
        const isSelected = floor.id === selectedId;
        return (
          <Box
            component="li"
            key={floor.id}
            data-testid="floor-card"
            data-floor-order={floor.order}
            data-selected={isSelected}
            sx={{
              display: 'flex',
              alignItems: 'center',
              borderRadius: '10px',
              border: 1,
              borderColor: isSelected ? 'primary.main' : 'divider',
              bgcolor: isSelected ? 'action.selected' : 'background.paper',
              boxShadow: isSelected ? (theme) => `inset 3px 0 0 ${theme.palette.primary.main}` : 'none',
            }}
          >
            <ButtonBase
              onClick={() => onSelect(floor)}
              aria-pressed={isSelected}
              sx={{ flex: 1, minWidth: 0, justifyContent: 'flex-start', textAlign: 'left', gap: 1.5, px: 1.5, py: 1.25, borderRadius: '10px' }}
            >
              <Box
                sx={{
                  flexShrink: 0,
                  width: 40,
                  height: 40,
                  borderRadius: '8px',
                  display: 'grid',
                  placeItems: 'center',
                  fontWeight: 700,
                  fontSize: 15,
                  fontVariantNumeric: 'tabular-nums',
                  bgcolor: floor.order < 0 ? 'grey.700' : floor.order === 0 ? 'success.main' : 'primary.main',
                  color: 'common.white',
                }}
              >
                {levelTag(floor.order)}
              </Box>
              <Box sx={{ minWidth: 0 }}>
                <Typography variant="subtitle2" noWrap data-testid="floor-label">
                  {floor.label}
                </Typography>
                <Typography variant="caption" sx={{ color: 'text.secondary' }} noWrap>
                  {floor.floorPlanCount === 1 ? '1 plan' : `${floor.floorPlanCount} plans`}
                  {floor.name ? ` · level ${floor.order}` : ''}
                </Typography>
              </Box>
            </ButtonBase>
            <Tooltip title="Move up">
              <span>
                <IconButton size="small" aria-label="Move up" data-testid="floor-move-up" disabled={floor.order === highest || isMoving} onClick={() => onMove(floor, movedFloorOrder(floor.order, 'up'))}>
                  <ArrowUpwardRoundedIcon fontSize="small" />
                </IconButton>
              </span>
            </Tooltip>
            <Tooltip title="Move down">
              <span>
                <IconButton size="small" aria-label="Move down" data-testid="floor-move-down" disabled={floor.order === lowest || isMoving} onClick={() => onMove(floor, movedFloorOrder(floor.order, 'down'))}>
                  <ArrowDownwardRoundedIcon fontSize="small" />
                </IconButton>
              </span>
            </Tooltip>
            <IconButton size="small" aria-label="Floor actions" data-testid="floor-menu" onClick={(event) => setMenu({ anchor: event.currentTarget, floor })} sx={{ mr: 0.5 }}>
              <MoreVertRoundedIcon fontSize="small" />
            </IconButton>
          </Box>
        );
      })}
      <Menu anchorEl={menu?.anchor} open={Boolean(menu)} onClose={() => setMenu(null)}>
        <MenuItem onClick={act(() => menu && onEdit(menu.floor))} data-testid="floor-edit">
          <ListItemIcon>
            <EditRoundedIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>Edit</ListItemText>
        </MenuItem>
        <MenuItem onClick={act(() => menu && onMove(menu.floor, movedFloorOrder(menu.floor.order, 'up')))} disabled={menu?.floor.order === highest}>
          <ListItemIcon>
            <ArrowUpwardRoundedIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>Move up</ListItemText>
        </MenuItem>
        <MenuItem onClick={act(() => menu && onMove(menu.floor, movedFloorOrder(menu.floor.order, 'down')))} disabled={menu?.floor.order === lowest}>
          <ListItemIcon>
            <ArrowDownwardRoundedIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>Move down</ListItemText>
        </MenuItem>
        <MenuItem onClick={act(() => menu && onDelete(menu.floor))} sx={{ color: 'error.main' }} data-testid="floor-delete">
          <ListItemIcon sx={{ color: 'inherit' }}>
            <DeleteOutlineRoundedIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>Delete</ListItemText>
        </MenuItem>
      </Menu>
    </Box>
  );
}
