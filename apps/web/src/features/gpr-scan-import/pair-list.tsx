import ArrowDownwardRoundedIcon from '@mui/icons-material/ArrowDownwardRounded';
import ArrowUpwardRoundedIcon from '@mui/icons-material/ArrowUpwardRounded';
import LinkOffRoundedIcon from '@mui/icons-material/LinkOffRounded';
import SwapVertRoundedIcon from '@mui/icons-material/SwapVertRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { formatDateTime } from '../../lib/format-date';
import type { MatchState, PairCandidate } from './pairing';
import { canMoveItem, moveItem, pairUnmatched, sortCandidates, swapPair, unpair } from './pairing';

export interface PairListProps {
  title: string;
  /** Test id prefix: `line` or `area`. */
  kind: string;
  candidates: PairCandidate[];
  state: MatchState;
  onChange: (state: MatchState) => void;
  isDisabled?: boolean;
}

function CandidateLabel({ candidate }: { candidate: PairCandidate | undefined }) {
  if (!candidate) return null;
  return (
    <Box sx={{ minWidth: 0, flex: 1 }}>
      <Typography variant="body2" noWrap sx={{ fontWeight: 600 }}>
        {candidate.name}
      </Typography>
      <Typography variant="caption" sx={{ color: 'text.secondary' }}>
        {candidate.scanDate ? formatDateTime(candidate.scanDate) : 'Scan date unknown'}
      </Typography>
    </Box>
  );
}

/** One kind's pairs (parallel above perpendicular, with swap, move up/down, unpair) and its unmatched items. */
export function PairList({ title, kind, candidates, state, onChange, isDisabled }: PairListProps) {
  const byId = new Map(candidates.map((c) => [c.id, c]));
  const order = sortCandidates(candidates).map((c) => c.id);
  const [checked, setChecked] = useState<string[]>([]);
  const selected = order.filter((id) => checked.includes(id) && state.unmatched.includes(id));

  return (
    <Stack spacing={1.5} data-testid={`${kind}-pairs`}>
      <Typography variant="subtitle2">{title}</Typography>
      {state.pairs.length === 0 && (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          No pairs.
        </Typography>
      )}
      {state.pairs.map((pair, index) => (
        <Paper
          key={pair.join('-')}
          variant="outlined"
          sx={{ p: 1.5 }}
          data-testid={`${kind}-pair`}
          data-parallel={pair[0]}
          data-perpendicular={pair[1]}
        >
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <Typography variant="caption" sx={{ color: 'text.secondary', width: 48 }}>
              Pair {index + 1}
            </Typography>
            <Stack spacing={1} sx={{ flex: 1, minWidth: 0 }}>
              {pair.map((id, slot) => (
                <Stack
                  key={id}
                  direction="row"
                  spacing={1}
                  sx={{ alignItems: 'center' }}
                  data-testid={`${kind}-pair-item`}
                  data-id={id}
                >
                  <Typography variant="caption" sx={{ width: 96, color: 'text.secondary' }}>
                    {slot === 0 ? 'Parallel' : 'Perpendicular'}
                  </Typography>
                  <CandidateLabel candidate={byId.get(id)} />
                  <Tooltip title="Move up">
                    <span>
                      <IconButton
                        size="small"
                        aria-label={`Move ${byId.get(id)?.name ?? id} up`}
                        disabled={isDisabled || !canMoveItem(state, id, -1)}
                        onClick={() => onChange(moveItem(state, id, -1))}
                      >
                        <ArrowUpwardRoundedIcon fontSize="small" />
                      </IconButton>
                    </span>
                  </Tooltip>
                  <Tooltip title="Move down">
                    <span>
                      <IconButton
                        size="small"
                        aria-label={`Move ${byId.get(id)?.name ?? id} down`}
                        disabled={isDisabled || !canMoveItem(state, id, 1)}
                        onClick={() => onChange(moveItem(state, id, 1))}
                      >
                        <ArrowDownwardRoundedIcon fontSize="small" />
                      </IconButton>
                    </span>
                  </Tooltip>
                </Stack>
              ))}
            </Stack>
            <Stack>
              <Tooltip title="Swap parallel and perpendicular">
                <IconButton
                  aria-label={`Swap pair ${index + 1}`}
                  disabled={isDisabled}
                  onClick={() => onChange(swapPair(state, index))}
                  data-testid={`${kind}-pair-swap`}
                >
                  <SwapVertRoundedIcon />
                </IconButton>
              </Tooltip>
              <Tooltip title="Unpair">
                <IconButton
                  aria-label={`Unpair pair ${index + 1}`}
                  disabled={isDisabled}
                  onClick={() => onChange(unpair(state, index, order))}
                >
                  <LinkOffRoundedIcon />
                </IconButton>
              </Tooltip>
            </Stack>
          </Stack>
        </Paper>
      ))}
      {state.unmatched.length > 0 && (
        <Box data-testid={`${kind}-unmatched`}>
          <Typography variant="caption" sx={{ color: 'text.secondary' }}>
            Unmatched (stay single)
          </Typography>
          <Stack>
            {state.unmatched.map((id) => (
              <FormControlLabel
                key={id}
                disabled={isDisabled}
                control={
                  <Checkbox
                    size="small"
                    checked={checked.includes(id)}
                    onChange={(e) =>
                      setChecked((c) => (e.target.checked ? [...c, id] : c.filter((x) => x !== id)))
                    }
                  />
                }
                label={<CandidateLabel candidate={byId.get(id)} />}
              />
            ))}
          </Stack>
          <Button
            size="small"
            disabled={isDisabled || selected.length !== 2}
            onClick={() => {
              onChange(pairUnmatched(state, selected[0]!, selected[1]!));
              setChecked([]);
            }}
          >
            Pair selected
          </Button>
        </Box>
      )}
    </Stack>
  );
}
