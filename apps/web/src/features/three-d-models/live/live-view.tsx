import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import type { Session } from '@gprhub/contract';
import { LIVE_VIEW_MAX_POINTS, ThreeDTrackerMessages } from '@gprhub/contract';
import { Z_UP_TO_Y_UP, type DecodedCloud } from '@gprhub/scan3d';
import { Canvas, useThree } from '@react-three/fiber';
import { useEffect, useMemo, useRef, useState } from 'react';
import * as THREE from 'three';
import { useOrganizationSlug } from '../../../api/organization-scope';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useEndSession } from '../three-d-models-api';
import { ThreeDTrackerChip } from '../../shell/three-d-tracker-indicator';
import { OrbitControls } from 'three/examples/jsm/controls/OrbitControls.js';
import { liveFeedUrl, RosbridgeFeed } from './rosbridge-feed';

const WORLD_MATRIX = new THREE.Matrix4().fromArray(Z_UP_TO_Y_UP as number[]);

/**
 * Orbit controls that frame the map as it grows (looking at its middle from above one corner) until the user
 * moves the view (`isFollowing` false).
 */
function LiveControls({ map, version, isFollowing }: { map: LiveMap; version: number; isFollowing: boolean }) {
  const { camera, gl } = useThree();
  const controls = useRef<OrbitControls | null>(null);
  useEffect(() => {
    const c = new OrbitControls(camera, gl.domElement);
    c.enableDamping = false;
    controls.current = c;
    return () => c.dispose();
  }, [camera, gl]);
  useEffect(() => {
    const c = controls.current;
    if (!c || !isFollowing || map.bounds.isEmpty()) return;
    const centre = map.bounds.getCenter(new THREE.Vector3());
    const radius = Math.max(1, map.bounds.getSize(new THREE.Vector3()).length() / 2);
    camera.position.copy(centre).add(new THREE.Vector3(1, 0.9, 1).normalize().multiplyScalar(radius * 2.2));
    c.target.copy(centre);
    c.update();
  }, [camera, map, version, isFollowing]);
  return null;
}

type FeedStatus = 'connecting' | 'live' | 'paused' | 'unavailable';

/** The live map: a group in RTAB-Map's z-up world to which each arriving cloud is added as its own Points. */
class LiveMap {
  readonly world = new THREE.Group();
  readonly device = new THREE.Mesh(new THREE.ConeGeometry(0.08, 0.2, 16), new THREE.MeshBasicMaterial({ color: '#ff6d00' }));
  private readonly material = new THREE.PointsMaterial({ size: 0.025, vertexColors: true, sizeAttenuation: true });
  points = 0;
  /** What has arrived so far, in three's y-up frame (for framing the camera). */
  readonly bounds = new THREE.Box3();

  constructor() {
    // Decomposed into the group's rotation, so three keeps its world matrix up to date.
    this.world.applyMatrix4(WORLD_MATRIX);
    this.device.visible = false;
    this.device.rotation.x = Math.PI / 2;
    this.world.add(this.device);
  }

  /** Add a cloud; answers false once the live view's maximum is reached (the rest is not drawn). */
  add(cloud: DecodedCloud): boolean {
    const room = LIVE_VIEW_MAX_POINTS - this.points;
    const count = Math.min(room, cloud.positions.length / 3);
    if (count <= 0) return false;
    const geometry = new THREE.BufferGeometry();
    geometry.setAttribute('position', new THREE.BufferAttribute(cloud.positions.slice(0, count * 3), 3));
    const colours = new Float32Array(count * 3);
    for (let i = 0; i < count * 3; i++) colours[i] = cloud.colours ? cloud.colours[i]! / 255 : 0.85;
    geometry.setAttribute('color', new THREE.BufferAttribute(colours, 3));
    geometry.computeBoundingBox();
    this.bounds.union(geometry.boundingBox!.clone().applyMatrix4(WORLD_MATRIX));
    this.world.add(new THREE.Points(geometry, this.material));
    this.points += count;
    return count === cloud.positions.length / 3;
  }

  moveDevice(position: [number, number, number]): void {
    this.device.position.set(...position);
    this.device.visible = true;
  }

  dispose(): void {
    for (const child of this.world.children) if (child instanceof THREE.Points) child.geometry.dispose();
    this.material.dispose();
  }
}

/**
 * The Live view tab (seed 001 §2): 'No session yet' until a tracker opens a session; then the rosbridge feed
 * through the app's proxy, drawn as it arrives, with the device's position. The feed toggle is disabled
 * with 'not available right now' when the device cannot be reached.
 */
export function LiveView({ modelId, session }: { modelId: string; session: Session | null }) {
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', flex: 1, minHeight: 0 }} data-testid="live-view">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, mb: 1 }}>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          3D tracker
        </Typography>
        <ThreeDTrackerChip modelId={modelId} />
      </Box>
      {session ? (
        <LiveSession key={session.id} modelId={modelId} session={session} />
      ) : (
        <Box sx={{ p: 4, textAlign: 'center' }}>
          <Typography variant="h6">{ThreeDTrackerMessages.noSession}</Typography>
          <Typography sx={{ color: 'text.secondary', mb: 2 }}>
            The page updates by itself when a 3D tracker starts scanning, or when a version is uploaded.
          </Typography>
          <FormControlLabel control={<Switch disabled />} label={`Live feed (${ThreeDTrackerMessages.liveUnavailable})`} />
        </Box>
      )}
    </Box>
  );
}

function LiveSession({ modelId, session }: { modelId: string; session: Session }) {
  const organization = useOrganizationSlug();
  const map = useMemo(() => new LiveMap(), []);
  const [status, setStatus] = useState<FeedStatus>('connecting');
  const [isOn, setOn] = useState(true);
  const [points, setPoints] = useState(0);
  const [isFollowing, setFollowing] = useState(true);
  const [isFull, setFull] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const feed = useRef<RosbridgeFeed | null>(null);
  const [isEnding, setEnding] = useState(false);
  const endSession = useEndSession(modelId);

  useEffect(() => () => map.dispose(), [map]);

  useEffect(() => {
    if (!isOn) {
      setStatus('paused');
      return;
    }
    setStatus('connecting');
    const current = new RosbridgeFeed(liveFeedUrl(modelId, session.id, organization), {
      onOpen: () => setStatus('live'),
      onClose: () => setStatus('unavailable'),
      onCloud: (cloud) => {
        if (!map.add(cloud)) setFull(true);
        setPoints(map.points);
      },
      onPose: (position) => map.moveDevice(position),
      onError: setError,
    });
    feed.current = current;
    return () => current.close();
  }, [isOn, map, modelId, organization, session.id]);

  const isUnavailable = status === 'unavailable';
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', flex: 1, minHeight: 0, gap: 1 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <FormControlLabel
          control={<Switch checked={isOn && !isUnavailable} disabled={isUnavailable} onChange={(_, on) => setOn(on)} data-testid="live-feed-toggle" />}
          label={isUnavailable ? `Live feed (${ThreeDTrackerMessages.liveUnavailable})` : 'Live feed'}
        />
        <Typography variant="body2" sx={{ color: 'text.secondary' }} data-testid="live-status" data-status={status}>
          {status === 'connecting' ? 'Connecting to the 3D tracker…' : status === 'live' ? 'Receiving the map' : status === 'paused' ? 'Paused' : ''}
        </Typography>
        <Typography variant="body2" data-testid="live-point-count" data-points={points} sx={{ ml: 'auto', fontVariantNumeric: 'tabular-nums' }}>
          {points.toLocaleString()} points{isFull ? ` (limit of ${LIVE_VIEW_MAX_POINTS.toLocaleString()} reached)` : ''}
        </Typography>
        <Button size="small" color="error" variant="outlined" onClick={() => setEnding(true)} data-testid="end-session">
          {ThreeDTrackerMessages.endSession}
        </Button>
      </Box>
      <ConfirmDialog
        open={isEnding}
        title={ThreeDTrackerMessages.endSessionTitle}
        confirmLabel={ThreeDTrackerMessages.endSession}
        onConfirm={() => endSession.mutateAsync(session.id)}
        onClose={() => setEnding(false)}
        testId="end-session-dialog"
      >
        {ThreeDTrackerMessages.endSessionText}
      </ConfirmDialog>
      {error && (
        <Alert severity="warning" onClose={() => setError(null)}>
          {error}
        </Alert>
      )}
      <Box
        sx={{ position: 'relative', flex: 1, minHeight: 420, borderRadius: 2, overflow: 'hidden', bgcolor: '#14161a' }}
        data-testid="live-canvas"
        onPointerDown={() => setFollowing(false)}
        onWheel={() => setFollowing(false)}
      >
        {/* Absolutely placed: a flex item's percentage height would leave the canvas at its default 150 px. */}
        <Canvas style={{ position: 'absolute', inset: 0 }} camera={{ position: [4, 3.5, 4], fov: 55, near: 0.05, far: 500 }} gl={{ preserveDrawingBuffer: true }}>
          <primitive object={map.world} />
          <LiveControls map={map} version={points} isFollowing={isFollowing} />
        </Canvas>
      </Box>
    </Box>
  );
}
