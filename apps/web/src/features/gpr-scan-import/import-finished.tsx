import OpenInNewRoundedIcon from '@mui/icons-material/OpenInNewRounded';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import type { CreateGprScansResponse } from '@gprhub/contract';
import { OrgLink } from '../../components/org-link';
import type { CreatedPair } from './connect-scans';

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

/** The end of an import: what was created, links to the dual-orientation scans made, and Done. */
export function ImportFinished({
  result,
  pairs,
  onDone,
}: {
  result: CreateGprScansResponse;
  pairs: CreatedPair[];
  onDone: () => void;
}) {
  const areas = result.areaScanGroups.length;
  return (
    <Stack spacing={2} data-testid="import-finished">
      <Alert severity="success">
        Created {plural(result.gprScans.length, 'GPR scan')}
        {areas > 0 && ` in ${plural(areas, 'area scan')}`}
        {pairs.length > 0 && ` and ${plural(pairs.length, 'dual-orientation scan')}`}.
      </Alert>
      {result.warnings.map((warning) => (
        <Alert key={warning} severity="info" variant="outlined">
          {warning}
        </Alert>
      ))}
      {result.gprScans.length === 1 && pairs.length === 0 && (
        <Button
          component={OrgLink}
          to={`/gpr-scans/${result.gprScans[0]!.node.nodeId}`}
          variant="outlined"
          endIcon={<OpenInNewRoundedIcon />}
          sx={{ alignSelf: 'flex-start' }}
          data-testid="open-created-scan"
        >
          Open {result.gprScans[0]!.node.name}
        </Button>
      )}
      {pairs.length > 0 && (
        <List dense disablePadding>
          {pairs.map((pair) => (
            <ListItemButton
              key={pair.nodeId}
              component={OrgLink}
              to={`/${pair.kind === 'gpr-scan' ? 'dual-orientation-gpr-scans' : 'dual-orientation-area-scans'}/${pair.nodeId}`}
              data-testid="created-pair-link"
              data-kind={pair.kind}
              data-id={pair.nodeId}
            >
              <ListItemText
                primary={pair.name}
                secondary={
                  pair.kind === 'gpr-scan' ? 'Dual-orientation GPR scan' : 'Dual-orientation area scan'
                }
              />
              <OpenInNewRoundedIcon fontSize="small" sx={{ color: 'text.secondary' }} />
            </ListItemButton>
          ))}
        </List>
      )}
      <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
        <Button variant="contained" onClick={onDone} data-testid="import-done">
          Done
        </Button>
      </Stack>
    </Stack>
  );
}
