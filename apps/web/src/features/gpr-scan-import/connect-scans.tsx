import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { getErrorMessage } from '../../api/api-error';
import { useOrganizationSlug } from '../../api/organization-scope';
import { pairAreaScans, pairGprScans } from './gpr-scan-import-api';
import type { MatchState } from './pairing';
import { matchAutomatically, pairsToSubmit } from './pairing';
import type { ImportCandidates } from './pairing-candidates';
import { isOneSurveyInTwoDirections } from './pairing-candidates';
import { PairList } from './pair-list';

/** A dual-orientation scan the matching created. */
export interface CreatedPair {
  kind: 'gpr-scan' | 'area-scan';
  nodeId: string;
  name: string;
  /** The parallel scan's id (a pair is not sent twice after a partly failed attempt). */
  parallelId: string;
}

export interface ConnectScansProps {
  candidates: ImportCandidates;
  onSkip: () => void;
  onMatched: (pairs: CreatedPair[]) => void;
}

/**
 * "Connect GPR Scans": pairs proposed where the data says two imported scans (or area scans) are one survey
 * in two directions, editable; "Create & Match" creates one dual-orientation scan per pair (only pairs with
 * both ids), "Create" keeps every scan single. The primary one is what the proposal suggests.
 */
export function ConnectScans({ candidates, onSkip, onMatched }: ConnectScansProps) {
  const organization = useOrganizationSlug();
  const [lines, setLines] = useState<MatchState>(() =>
    matchAutomatically(candidates.lines, isOneSurveyInTwoDirections),
  );
  const [areas, setAreas] = useState<MatchState>(() =>
    matchAutomatically(candidates.areas, isOneSurveyInTwoDirections),
  );
  const [isBusy, setIsBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [created, setCreated] = useState<CreatedPair[]>([]);
  const linePairs = pairsToSubmit(lines);
  const areaPairs = pairsToSubmit(areas);
  const hasPairs = linePairs.length + areaPairs.length > 0;
  const nameOf = (id: string) =>
    [...candidates.lines, ...candidates.areas].find((c) => c.id === id)?.name ?? id;

  const submit = async () => {
    setIsBusy(true);
    setError(null);
    const done = [...created];
    const request = { organization };
    try {
      // Pairs made by an earlier, partly failed attempt are not sent again.
      const isDone = (a: string) => done.some((p) => p.parallelId === a);
      for (const [a, b] of linePairs) {
        if (isDone(a)) continue;
        try {
          const pair = await pairGprScans(a, b, request);
          done.push({
            kind: 'gpr-scan',
            nodeId: pair.nodeId,
            name: `${nameOf(a)} × ${nameOf(b)}`,
            parallelId: a,
          });
        } catch (e) {
          throw new Error(`${nameOf(a)} and ${nameOf(b)}: ${getErrorMessage(e)}`, { cause: e });
        }
      }
      for (const [a, b] of areaPairs) {
        if (isDone(a)) continue;
        try {
          const pair = await pairAreaScans(a, b, request);
          done.push({
            kind: 'area-scan',
            nodeId: pair.nodeId,
            name: `${nameOf(a)} × ${nameOf(b)}`,
            parallelId: a,
          });
        } catch (e) {
          throw new Error(`${nameOf(a)} and ${nameOf(b)}: ${getErrorMessage(e)}`, { cause: e });
        }
      }
      onMatched(done);
    } catch (e) {
      setCreated(done);
      setError(getErrorMessage(e));
    } finally {
      setIsBusy(false);
    }
  };

  return (
    <Stack spacing={2} data-testid="connect-scans">
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        A pair is proposed only where the files say two scans are one survey in two directions (the vendor
        CSV&apos;s directions, an area&apos;s grid, matching lengths); the first of a pair is the parallel
        scan. Swap a pair, move scans up or down to change partners, pair scans yourself, or leave them
        single.
      </Typography>
      {!hasPairs && (
        <Alert severity="info" data-testid="connect-no-proposal">
          Nothing in these files says two of them are one survey in two directions, so each stays a single
          scan. Pair two yourself only if they are.
        </Alert>
      )}
      {candidates.lines.length >= 2 && (
        <PairList
          title="GPR scans"
          kind="line"
          candidates={candidates.lines}
          state={lines}
          onChange={setLines}
          isDisabled={isBusy}
        />
      )}
      {candidates.lines.length >= 2 && candidates.areas.length >= 2 && <Divider />}
      {candidates.areas.length >= 2 && (
        <PairList
          title="Area scans"
          kind="area"
          candidates={candidates.areas}
          state={areas}
          onChange={setAreas}
          isDisabled={isBusy}
        />
      )}
      {created.length > 0 && (
        <Alert severity="info">Created so far: {created.map((p) => p.name).join(', ')}</Alert>
      )}
      {error && (
        <Alert severity="error" data-testid="connect-error">
          {error}
        </Alert>
      )}
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
        <Button
          color={hasPairs ? 'inherit' : 'primary'}
          variant={hasPairs ? 'text' : 'contained'}
          onClick={() => (created.length ? onMatched(created) : onSkip())}
          disabled={isBusy}
          data-testid="connect-skip"
        >
          Create
        </Button>
        <Button
          variant={hasPairs ? 'contained' : 'outlined'}
          onClick={() => void submit()}
          loading={isBusy}
          disabled={!hasPairs}
          data-testid="connect-create-match"
        >
          Create &amp; Match
        </Button>
      </Stack>
    </Stack>
  );
}
