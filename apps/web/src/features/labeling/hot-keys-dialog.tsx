import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import { HOT_KEYS } from './use-labeling-keyboard';

/** The hot keys dialog (seed 001 §2): every key of the session. */
export function HotKeysDialog({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  return (
    <Dialog open={isOpen} onClose={onClose} data-testid="hot-keys-dialog">
      <DialogTitle>Hot keys</DialogTitle>
      <DialogContent>
        <Table size="small">
          <TableBody>
            {HOT_KEYS.map((k) => (
              <TableRow key={k.keys}>
                <TableCell sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap', fontWeight: 600 }}>{k.keys}</TableCell>
                <TableCell>{k.action}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        Hot keys are ignored while a field has focus.
      </DialogContent>
    </Dialog>
  );
}
