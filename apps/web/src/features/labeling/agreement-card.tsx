import Alert from '@mui/material/Alert';
import Card from '@mui/material/Card';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { getErrorMessage } from '../../api/api-error';
import { useLabelAgreement } from './labeling-api';

const percent = (v: number | null) => (v === null ? '–' : `${Math.round(v * 100)} %`);
const mm = (v: number | null) => (v === null ? '–' : `${(v * 1000).toFixed(1)} mm`);

/** The yardstick: the engine against this session's labels (decision 0038), overall and per scan. */
export function AgreementCard({ nodeId }: { nodeId: string | null }) {
  const agreement = useLabelAgreement(nodeId);
  const data = agreement.data;
  return (
    <Card variant="outlined" sx={{ p: 2 }} data-testid="label-agreement">
      <Typography variant="subtitle2">Engine against these labels</Typography>
      <Typography variant="caption" color="text.secondary">
        Bars match within min(10 mm, ¼ spacing) along the line and 5 mm in cover, as in the accuracy benchmark.
      </Typography>
      {agreement.isError && <Alert severity="error">{getErrorMessage(agreement.error)}</Alert>}
      {data && data.scans.length === 0 && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          No labelled scans yet.
        </Typography>
      )}
      {data && data.scans.length > 0 && (
        <Table size="small" sx={{ mt: 1 }}>
          <TableHead>
            <TableRow>
              <TableCell>Scan</TableCell>
              <TableCell align="right">Precision</TableCell>
              <TableCell align="right">Recall</TableCell>
              <TableCell align="right">F1</TableCell>
              <TableCell align="right">Cover MAE</TableCell>
              <TableCell align="right">Diameter</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            <TableRow data-testid="agreement-overall" sx={{ '& td': { fontWeight: 600 } }}>
              <TableCell>Overall</TableCell>
              <TableCell align="right">{percent(data.overall.precision)}</TableCell>
              <TableCell align="right">{percent(data.overall.recall)}</TableCell>
              <TableCell align="right">{percent(data.overall.f1)}</TableCell>
              <TableCell align="right">{mm(data.overall.coverMaeM)}</TableCell>
              <TableCell align="right">{percent(data.overall.diameterAgreement)}</TableCell>
            </TableRow>
            {data.scans.map((s) => (
              <TableRow key={s.nodeId}>
                <TableCell>{s.name}</TableCell>
                {s.status === 'NO_ANALYSIS' ? (
                  <TableCell colSpan={5} align="right">
                    Rebar analysis not finished
                  </TableCell>
                ) : (
                  <>
                    <TableCell align="right">{percent(s.precision)}</TableCell>
                    <TableCell align="right">{percent(s.recall)}</TableCell>
                    <TableCell align="right">{percent(s.f1)}</TableCell>
                    <TableCell align="right">{mm(s.coverMaeM)}</TableCell>
                    <TableCell align="right">{percent(s.diameterAgreement)}</TableCell>
                  </>
                )}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Card>
  );
}
