import SwapHorizRoundedIcon from '@mui/icons-material/SwapHorizRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { getErrorMessage } from '../../api/api-error';
import { useSwapDualOrientation } from './dual-orientation-api';

/** Exchanges the parallel and perpendicular roles of a pair (the analysis follows the new roles). */
export function SwapRolesButton({
  kind,
  parallel,
  perpendicular,
}: {
  kind: 'gpr' | 'area';
  parallel: string;
  perpendicular: string;
}) {
  const swap = useSwapDualOrientation(kind);
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-end' }}>
      <Button
        variant="outlined"
        startIcon={<SwapHorizRoundedIcon />}
        disabled={swap.isPending}
        onClick={() => swap.mutate({ parallel, perpendicular })}
        data-testid="swap-roles"
      >
        Swap parallel and perpendicular
      </Button>
      {swap.isError && (
        <Typography variant="caption" color="error" data-testid="swap-error">
          {getErrorMessage(swap.error)}
        </Typography>
      )}
    </Box>
  );
}
