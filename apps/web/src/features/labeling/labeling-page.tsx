import type { LabelingScan } from '@gprhub/contract';
import DownloadRoundedIcon from '@mui/icons-material/DownloadRounded';
import KeyboardRoundedIcon from '@mui/icons-material/KeyboardRounded';
import LockOpenRoundedIcon from '@mui/icons-material/LockOpenRounded';
import LockRoundedIcon from '@mui/icons-material/LockRounded';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CircularProgress from '@mui/material/CircularProgress';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { apiDownload } from '../../api/api-client';
import { getErrorMessage } from '../../api/api-error';
import { useOrganizationSlug } from '../../api/organization-scope';
import { ScanPreview } from '../area-scans/scan-preview';
import { useLocalPreference } from '../node-details/use-local-preference';
import { RadargramView } from '../radargram/radargram-view';
import { SignalOptionsPanel } from '../radargram/signal-options-panel';
import { useSignalSettings } from '../radargram/use-signal-settings';
import { AgreementCard } from './agreement-card';
import { HotKeysDialog } from './hot-keys-dialog';
import { LabelsPanel } from './labels-panel';
import { useLabelOverlay } from './use-label-overlay';
import { useLabelingKeyboard } from './use-labeling-keyboard';
import { useLabelingSession, type LabelingSession } from './use-labeling-session';

/** Downloads the session's export zip (`GET /api/labels/export`). */
function ExportButton({ nodeId }: { nodeId: string | null }) {
  const organization = useOrganizationSlug();
  const [state, setState] = useState<{ isBusy: boolean; error: string | null }>({ isBusy: false, error: null });
  const download = async () => {
    setState({ isBusy: true, error: null });
    try {
      const blob = await apiDownload(`/api/labels/export${nodeId ? `?nodeId=${nodeId}` : ''}`, { organization });
      const url = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = 'labels.zip';
      link.click();
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
      setState({ isBusy: false, error: null });
    } catch (error) {
      setState({ isBusy: false, error: getErrorMessage(error) });
    }
  };
  return (
    <>
      <Button
        size="small"
        startIcon={state.isBusy ? <CircularProgress size={14} /> : <DownloadRoundedIcon />}
        disabled={state.isBusy}
        onClick={() => void download()}
        data-testid="export-labels"
      >
        Export labels
      </Button>
      {state.error && (
        <Alert severity="error" onClose={() => setState({ isBusy: false, error: null })} data-testid="export-error">
          {state.error}
        </Alert>
      )}
    </>
  );
}

function SessionHeader({ session, onHotKeys }: { session: LabelingSession; onHotKeys: () => void }) {
  const data = session.scansQuery.data;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
      <Typography variant="h6" component="h1">
        Labeling session
      </Typography>
      <Typography variant="body1" data-testid="labelled-count">
        Labelled {data?.labelled ?? 0} / {data?.total ?? 0}
      </Typography>
      <Autocomplete<LabelingScan, false, true>
        size="small"
        sx={{ width: 280 }}
        options={session.scans}
        value={session.active ?? undefined}
        disableClearable
        getOptionLabel={(s) => s.name}
        isOptionEqualToValue={(a, b) => a.nodeId === b.nodeId}
        renderOption={(props, s) => (
          <li {...props} key={s.nodeId}>
            {s.labelId ? '✓ ' : ''}
            {s.name}
          </li>
        )}
        onChange={(_, s) => s && session.actions.jump(s.nodeId)}
        renderInput={(params) => <TextField {...params} label="Scan" data-testid="scan-autocomplete" />}
      />
      <Typography variant="body2" color="text.secondary">
        {session.scans.length ? `${session.index + 1} of ${session.scans.length}` : ''}
      </Typography>
      <Box sx={{ flex: 1 }} />
      <Button size="small" startIcon={<KeyboardRoundedIcon />} onClick={onHotKeys} data-testid="hot-keys">
        Hot keys
      </Button>
      <ExportButton nodeId={session.nodeId} />
      <Button variant="outlined" onClick={session.actions.skip} disabled={!session.next} data-testid="labeling-skip">
        Skip
      </Button>
      <Button
        variant="contained"
        onClick={session.actions.saveAndNext}
        disabled={!session.stored.data || session.isSaving}
        data-testid="labeling-save-next"
      >
        {session.isSaving ? 'Saving…' : 'Save & next'}
      </Button>
    </Box>
  );
}

/** The lock state of the labeling canvas's axes, kept in the browser (seed 000 §5 local preferences). */
export const LOCK_AXES_KEY = 'gprhub.labeling.lockAxes';

/**
 * The signal of the active scan with the labels, and the next scan's signal loaded hidden so moving on is instant.
 * 'Lock axes' (seed 001 §2) draws distance and depth at one scale, so hyperbolas keep their true shape.
 */
function SignalCanvas({ session }: { session: LabelingSession }) {
  const [settings] = useSignalSettings();
  const [isLocked, setLocked] = useLocalPreference(LOCK_AXES_KEY, false);
  const overlay = useLabelOverlay(session.draft.points, session.actions.addAt);
  const shown = [session.active, session.next].filter((s): s is LabelingScan => s !== null);
  return (
    <Box sx={{ position: 'relative' }}>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: 0.5 }}>
        <Tooltip title="Distance and depth at one scale (true shape of the hyperbolas)">
          <ToggleButton
            value="lock-axes"
            size="small"
            selected={isLocked}
            onChange={() => setLocked(!isLocked)}
            // A click must not leave the focus here: Enter would then press this toggle, not Save & next.
            onMouseUp={(e) => e.currentTarget.blur()}
            data-testid="lock-axes"
            sx={{ py: 0.25, textTransform: 'none', gap: 0.5 }}
          >
            {isLocked ? <LockRoundedIcon fontSize="small" /> : <LockOpenRoundedIcon fontSize="small" />}
            Lock axes
          </ToggleButton>
        </Tooltip>
      </Box>
      {shown.map((scan) => {
        const isActive = scan.nodeId === session.active?.nodeId;
        return (
          <Box
            key={scan.nodeId}
            data-testid={isActive ? 'labeling-canvas' : 'labeling-canvas-next'}
            data-scan-id={scan.nodeId}
            aria-hidden={!isActive}
            sx={isActive ? {} : { position: 'absolute', inset: 0, visibility: 'hidden', pointerEvents: 'none' }}
          >
            <RadargramView
              scanId={scan.nodeId}
              settings={settings}
              overlay={isActive ? overlay : undefined}
              label={`Signal of ${scan.name}`}
              height={480}
              lockAxes={isLocked}
            />
          </Box>
        );
      })}
    </Box>
  );
}

/**
 * `/labelers/gpr-scans/?nodeId=&labelingNodeId=` (seed 001 §2 "Labeling screen", §7): label the scans under a node
 * one after the other, quickly with the keyboard.
 */
export function LabelingPage() {
  const session = useLabelingSession();
  const [settings, updateSettings] = useSignalSettings();
  const [isHotKeysOpen, setHotKeysOpen] = useState(false);
  useLabelingKeyboard({ ...session.actions, showHotKeys: () => setHotKeysOpen(true) }, !isHotKeysOpen);

  if (session.scansQuery.isError)
    return <Alert severity="error">{getErrorMessage(session.scansQuery.error)}</Alert>;
  if (!session.scansQuery.data) return <CircularProgress aria-label="Loading the session" />;
  if (!session.active)
    return (
      <Alert severity="info" data-testid="labeling-empty">
        No GPR scans under this node.
      </Alert>
    );
  return (
    <Box sx={{ display: 'grid', gap: 2 }} data-testid="labeling-page" data-active-scan={session.active.nodeId} data-dirty={String(session.isDirty)}>
      <SessionHeader session={session} onHotKeys={() => setHotKeysOpen(true)} />
      {session.saveError && (
        <Alert severity="error" data-testid="labeling-save-error">
          Saving failed: {session.saveError}. Your labels are still here; try again.
        </Alert>
      )}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 1fr) 420px' }, alignItems: 'start' }}>
        <Box sx={{ display: 'grid', gap: 2 }}>
          <Card variant="outlined" sx={{ p: 1.5 }}>
            <SignalCanvas session={session} />
          </Card>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' }, alignItems: 'start' }}>
            <SignalOptionsPanel settings={settings} onChange={updateSettings} />
            <Card variant="outlined" sx={{ p: 2 }} data-testid="signal-preview">
              <Typography variant="subtitle2" sx={{ mb: 1 }}>
                Preview
              </Typography>
              <ScanPreview scanId={session.active.nodeId} label={session.active.name} />
            </Card>
          </Box>
          <AgreementCard nodeId={session.nodeId} />
        </Box>
        <LabelsPanel session={session} />
      </Box>
      <HotKeysDialog isOpen={isHotKeysOpen} onClose={() => setHotKeysOpen(false)} />
    </Box>
  );
}
