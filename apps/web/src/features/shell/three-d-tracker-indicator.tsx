/**
 * Slot for the header's 3D tracker connection chip. The 3D trackers work fills it: it polls
 * `GET /api/3d-trackers/query` every 5 s and shows 'Not Connected', the tracker's name or id, or
 * '(n) Connected'; in the header it stays hidden while loading or when not connected. Until then
 * it renders nothing, which is also what the header shows when no tracker is connected.
 */
export function ThreeDTrackerIndicator() {
  return null;
}
