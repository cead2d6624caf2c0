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

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });
const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

interface CreatedLink {
  nodeId: string;
  name: string;
  /** A dual-orientation pair made in the pairing step (its `kind` is then the pair's). */
  isPair: boolean;
  kind: 'gpr-scan' | 'area-scan' | 'scan-group';
  to: string;
  label: string;
}

/**
 * One link per thing the import made, top-down: the dual-orientation scans, the area scans, the groups of
 * channels, and the scans that sit in none of those (each kind by name) (a scan inside an area or group is reached through it).
 */
export function listCreatedLinks(result: CreateGprScansResponse, pairs: CreatedPair[]): CreatedLink[] {
  const byName = <T extends { node: { name: string } }>(list: T[]) =>
    [...list].sort((a, b) => collator.compare(a.node.name, b.node.name));
  const countLines = (groupId: string) =>
    result.gprScans.filter((s) => s.gprScan.gprScanGroupNodeId === groupId).length;
  const created: CreatedLink[] = [
    ...pairs.map(({ nodeId, name, kind }) => ({
      nodeId,
      name,
      kind,
      isPair: true,
      to: kind === 'gpr-scan' ? '/dual-orientation-gpr-scans/' : '/dual-orientation-area-scans/',
      label: kind === 'gpr-scan' ? 'Dual-orientation GPR scan' : 'Dual-orientation area scan',
    })),
    ...byName(result.areaScanGroups).map(({ node }) => ({
      isPair: false,
      kind: 'area-scan' as const,
      to: '/area-scans/',
      label: `Area scan · ${plural(countLines(node.nodeId), 'line')}`,
      ...node,
    })),
    ...byName(result.gprScanGroups).map(({ node }) => ({
      isPair: false,
      kind: 'scan-group' as const,
      to: '/gpr-scan-groups/',
      label: `GPR scan group · ${plural(countLines(node.nodeId), 'scan')}`,
      ...node,
    })),
    ...byName(result.gprScans)
      .filter((s) => s.gprScan.gprScanGroupNodeId === null)
      .map(({ node }) => ({
        isPair: false,
        kind: 'gpr-scan' as const,
        to: '/gpr-scans/',
        label: 'GPR scan',
        ...node,
      })),
  ];
  return created.map((link) => ({ ...link, to: `${link.to}${link.nodeId}` }));
}

/** The end of an import: what was created, a link to open each of it, and Done. */
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
  const links = listCreatedLinks(result, pairs);
  const single = links.length === 1 && !links[0]!.isPair && links[0]!.kind === 'gpr-scan' ? links[0]! : null;
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
      {single ? (
        <Button
          component={OrgLink}
          to={single.to}
          variant="outlined"
          endIcon={<OpenInNewRoundedIcon />}
          sx={{ alignSelf: 'flex-start' }}
          data-testid="open-created-scan"
        >
          Open {single.name}
        </Button>
      ) : (
        <List dense disablePadding sx={{ maxHeight: 320, overflowY: 'auto' }} data-testid="created-links">
          {links.map((link) => (
            <ListItemButton
              key={link.nodeId}
              component={OrgLink}
              to={link.to}
              data-testid={link.isPair ? 'created-pair-link' : 'created-link'}
              data-kind={link.kind}
              data-id={link.nodeId}
            >
              <ListItemText primary={link.name} secondary={link.label} />
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
