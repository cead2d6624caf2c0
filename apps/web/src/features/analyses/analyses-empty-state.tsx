import InsightsRoundedIcon from '@mui/icons-material/InsightsRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useContext } from 'react';
import { AnalysesToolbarContext } from './analyses-toolbar';

/** What the table says when it has no rows: none yet, none of the chosen types, or a failed load. */
export function AnalysesEmptyState() {
  const { types, onTypesChange, isError } = useContext(AnalysesToolbarContext);
  const isFiltered = types.length > 0;
  const title = isError
    ? 'Error loading data'
    : isFiltered
      ? 'No analyses of these types'
      : 'No analyses yet';
  const text = isError
    ? 'They are tried again every few seconds.'
    : isFiltered
      ? 'Choose other types, or show all of them.'
      : 'Analyses appear here once a scan is analysed: open a GPR scan or an area scan to start one.';
  return (
    <Box
      data-testid="analyses-empty-state"
      data-reason={isError ? 'error' : isFiltered ? 'filtered' : 'empty'}
      sx={{
        height: '100%',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        textAlign: 'center',
        gap: 1,
        px: 3,
        py: 4,
      }}
    >
      <Box
        sx={{
          width: 52,
          height: 52,
          borderRadius: '50%',
          display: 'grid',
          placeItems: 'center',
          bgcolor: isError ? 'error.main' : 'action.hover',
          color: isError ? 'error.contrastText' : 'primary.main',
          mb: 0.5,
        }}
      >
        <InsightsRoundedIcon />
      </Box>
      <Typography variant="subtitle1" component="p" sx={{ fontWeight: 600 }}>
        {title}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary', maxWidth: 420 }}>
        {text}
      </Typography>
      {isFiltered && !isError && (
        <Button size="small" onClick={() => onTypesChange([])} sx={{ mt: 0.5 }}>
          Show all types
        </Button>
      )}
    </Box>
  );
}
