import type { ViewOptions } from '@gprhub/contract';
import GridOnRoundedIcon from '@mui/icons-material/GridOnRounded';
import OpacityRoundedIcon from '@mui/icons-material/OpacityRounded';
import QueryStatsRoundedIcon from '@mui/icons-material/QueryStatsRounded';
import StraightenRoundedIcon from '@mui/icons-material/StraightenRounded';
import TableChartRoundedIcon from '@mui/icons-material/TableChartRounded';
import ThreeSixtyRoundedIcon from '@mui/icons-material/ThreeSixtyRounded';
import DirectionsWalkRoundedIcon from '@mui/icons-material/DirectionsWalkRounded';
import TuneRoundedIcon from '@mui/icons-material/TuneRounded';
import VisibilityRoundedIcon from '@mui/icons-material/VisibilityRounded';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Popover from '@mui/material/Popover';
import Slider from '@mui/material/Slider';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import type { ControlMode } from './viewer/controls';

/** What the rebar/scan view menu shows. */
export interface LayerVisibility {
  radargrams: boolean;
  rebars: boolean;
}

export interface ViewerToolbarProps {
  viewOptions: ViewOptions;
  canEdit: boolean;
  onViewOptions: (next: Partial<ViewOptions>) => void;
  opacity: number;
  onOpacity: (value: number) => void;
  isGridVisible: boolean;
  onGrid: (value: boolean) => void;
  isStatsVisible: boolean;
  onStats: (value: boolean) => void;
  controlMode: ControlMode;
  onControlMode: (mode: ControlMode) => void;
  isMeasuring: boolean;
  onMeasuring: (value: boolean) => void;
  layers: LayerVisibility;
  onLayers: (layers: LayerVisibility) => void;
  isTableOpen: boolean;
  onTable: (value: boolean) => void;
}

/** The viewer's toolbar (spec 001 §2): model settings, opacity, grid, stats, control mode, measuring, layers, table. */
export function ViewerToolbar(p: ViewerToolbarProps) {
  const [settingsAnchor, setSettingsAnchor] = useState<HTMLElement | null>(null);
  const [opacityAnchor, setOpacityAnchor] = useState<HTMLElement | null>(null);
  const [layersAnchor, setLayersAnchor] = useState<HTMLElement | null>(null);
  const rotation = p.viewOptions.modelRotation;
  return (
    <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', flexWrap: 'wrap' }} data-testid="viewer-toolbar">
      <Tooltip title="Model settings">
        <IconButton onClick={(e) => setSettingsAnchor(e.currentTarget)} data-testid="viewer-settings">
          <TuneRoundedIcon />
        </IconButton>
      </Tooltip>
      <Popover open={Boolean(settingsAnchor)} anchorEl={settingsAnchor} onClose={() => setSettingsAnchor(null)}>
        <Box sx={{ p: 2, width: 280 }}>
          <Typography variant="subtitle2">Model settings</Typography>
          {(['x', 'y', 'z'] as const).map((axis) => (
            <Box key={axis}>
              <Typography variant="caption">{`Rotation ${axis.toUpperCase()}: ${rotation[axis]}°`}</Typography>
              <Slider
                size="small"
                min={-180}
                max={180}
                value={rotation[axis]}
                disabled={!p.canEdit}
                onChange={(_, v) => p.onViewOptions({ modelRotation: { ...rotation, [axis]: v as number } })}
                slotProps={{ input: { 'aria-label': `Rotation ${axis}` } }}
              />
            </Box>
          ))}
          <Typography variant="caption">{`Material size: ${p.viewOptions.materialSize}`}</Typography>
          <Slider size="small" min={1} max={100} value={p.viewOptions.materialSize} disabled={!p.canEdit} onChange={(_, v) => p.onViewOptions({ materialSize: v as number })} />
          <FormControlLabel
            control={<Checkbox checked={p.viewOptions.useVertexColors} disabled={!p.canEdit} onChange={(e) => p.onViewOptions({ useVertexColors: e.target.checked })} />}
            label="Vertex colours"
          />
        </Box>
      </Popover>
      <Tooltip title="Opacity">
        <IconButton onClick={(e) => setOpacityAnchor(e.currentTarget)} data-testid="viewer-opacity">
          <OpacityRoundedIcon />
        </IconButton>
      </Tooltip>
      <Popover open={Boolean(opacityAnchor)} anchorEl={opacityAnchor} onClose={() => setOpacityAnchor(null)}>
        <Box sx={{ p: 2, width: 220 }}>
          <Typography variant="caption">{`Opacity: ${p.opacity} %`}</Typography>
          <Slider size="small" min={0} max={100} value={p.opacity} onChange={(_, v) => p.onOpacity(v as number)} />
        </Box>
      </Popover>
      <Tooltip title="Grid">
        <ToggleButton size="small" value="grid" selected={p.isGridVisible} onChange={() => p.onGrid(!p.isGridVisible)} sx={{ border: 0 }}>
          <GridOnRoundedIcon />
        </ToggleButton>
      </Tooltip>
      <Tooltip title="Stats">
        <ToggleButton size="small" value="stats" selected={p.isStatsVisible} onChange={() => p.onStats(!p.isStatsVisible)} sx={{ border: 0 }} data-testid="viewer-stats-toggle">
          <QueryStatsRoundedIcon />
        </ToggleButton>
      </Tooltip>
      <ToggleButtonGroup size="small" exclusive value={p.controlMode} onChange={(_, mode: ControlMode | null) => mode && p.onControlMode(mode)}>
        <ToggleButton value="orbit" aria-label="Orbit">
          <Tooltip title="Orbit">
            <ThreeSixtyRoundedIcon />
          </Tooltip>
        </ToggleButton>
        <ToggleButton value="first-person" aria-label="First person">
          <Tooltip title="First person (W A S D, Shift to run)">
            <DirectionsWalkRoundedIcon />
          </Tooltip>
        </ToggleButton>
      </ToggleButtonGroup>
      <Tooltip title="Measure a distance (click two points)">
        <ToggleButton size="small" value="measure" selected={p.isMeasuring} onChange={() => p.onMeasuring(!p.isMeasuring)} sx={{ border: 0 }} data-testid="viewer-measure">
          <StraightenRoundedIcon />
        </ToggleButton>
      </Tooltip>
      <Tooltip title="Rebars and scans">
        <IconButton onClick={(e) => setLayersAnchor(e.currentTarget)} data-testid="viewer-layers">
          <VisibilityRoundedIcon />
        </IconButton>
      </Tooltip>
      <Menu open={Boolean(layersAnchor)} anchorEl={layersAnchor} onClose={() => setLayersAnchor(null)}>
        <MenuItem onClick={() => p.onLayers({ ...p.layers, radargrams: !p.layers.radargrams })}>
          <Checkbox size="small" checked={p.layers.radargrams} sx={{ p: 0, mr: 1 }} />
          GPR scans (radargrams)
        </MenuItem>
        <MenuItem onClick={() => p.onLayers({ ...p.layers, rebars: !p.layers.rebars })}>
          <Checkbox size="small" checked={p.layers.rebars} sx={{ p: 0, mr: 1 }} />
          Rebars
        </MenuItem>
      </Menu>
      <Tooltip title="Model data">
        <ToggleButton size="small" value="table" selected={p.isTableOpen} onChange={() => p.onTable(!p.isTableOpen)} sx={{ border: 0 }} data-testid="viewer-table-toggle">
          <TableChartRoundedIcon />
        </ToggleButton>
      </Tooltip>
    </Stack>
  );
}
