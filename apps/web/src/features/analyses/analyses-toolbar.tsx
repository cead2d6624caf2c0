import ClearRoundedIcon from '@mui/icons-material/ClearRounded';
import FilterListRoundedIcon from '@mui/icons-material/FilterListRounded';
import ViewColumnRoundedIcon from '@mui/icons-material/ViewColumnRounded';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { ColumnsPanelTrigger, Toolbar, ToolbarButton } from '@mui/x-data-grid';
import type { AnalysisType } from '@gprhub/contract';
import { ANALYSIS_TYPE_LABELS, ANALYSIS_TYPES } from '@gprhub/contract';
import { createContext, useContext } from 'react';

export interface AnalysesToolbarState {
  types: AnalysisType[];
  onTypesChange: (types: AnalysisType[]) => void;
  total: number | undefined;
  isError: boolean;
}

/** The grid renders its toolbar slot itself, so the page hands it the filter through context. */
export const AnalysesToolbarContext = createContext<AnalysesToolbarState>({
  types: [],
  onTypesChange: () => undefined,
  total: undefined,
  isError: false,
});

function describeTypes(types: readonly AnalysisType[]): string {
  if (types.length === 0) return 'All types';
  if (types.length === 1) return ANALYSIS_TYPE_LABELS[types[0]!];
  return `${types.length} types`;
}

/** The table's toolbar: the multi-select type filter, the count, and the columns panel (ID is hidden at first). */
export function AnalysesToolbar() {
  const { types, onTypesChange, total } = useContext(AnalysesToolbarContext);
  return (
    <Toolbar
      render={
        <Box
          sx={{
            display: 'flex',
            alignItems: 'center',
            flexWrap: 'wrap',
            gap: 1.5,
            px: { xs: 2, sm: 2.5 },
            py: 1.5,
            borderBottom: 1,
            borderColor: 'divider',
          }}
        />
      }
    >
      <FormControl size="small" sx={{ flex: '1 1 220px', maxWidth: { sm: 360 } }}>
        <Select<AnalysisType[]>
          multiple
          displayEmpty
          value={types}
          onChange={(event) => onTypesChange(event.target.value as AnalysisType[])}
          renderValue={(selected) => describeTypes(selected)}
          inputProps={{ 'aria-label': 'Filter by type' }}
          data-testid="analyses-type-filter"
          startAdornment={
            <InputAdornment position="start">
              <FilterListRoundedIcon fontSize="small" />
            </InputAdornment>
          }
          endAdornment={
            types.length > 0 && (
              <InputAdornment position="end" sx={{ mr: 2 }}>
                <IconButton
                  size="small"
                  aria-label="Show all types"
                  onClick={() => onTypesChange([])}
                  data-testid="analyses-type-filter-clear"
                >
                  <ClearRoundedIcon fontSize="small" />
                </IconButton>
              </InputAdornment>
            )
          }
          MenuProps={{ slotProps: { paper: { sx: { maxHeight: 420 } } } }}
        >
          {ANALYSIS_TYPES.map((type) => (
            <MenuItem key={type} value={type} dense data-testid={`analyses-type-option-${type}`}>
              <Checkbox size="small" checked={types.includes(type)} sx={{ p: 0.5, mr: 1 }} />
              <ListItemText primary={ANALYSIS_TYPE_LABELS[type]} />
            </MenuItem>
          ))}
        </Select>
      </FormControl>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, ml: 'auto' }}>
        {total !== undefined && (
          <Typography variant="body2" sx={{ color: 'text.secondary' }} data-testid="analyses-total">
            {total === 1 ? '1 analysis' : `${total} analyses`}
          </Typography>
        )}
        <Tooltip title="Columns">
          <ColumnsPanelTrigger
            render={<ToolbarButton aria-label="Columns" data-testid="analyses-columns-button" />}
          >
            <ViewColumnRoundedIcon fontSize="small" />
          </ColumnsPanelTrigger>
        </Tooltip>
      </Box>
    </Toolbar>
  );
}
