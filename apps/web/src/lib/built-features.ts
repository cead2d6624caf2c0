/**
 * Which of the product's later screens are built. Until a feature is built, nothing in the app
 * leads to it: its menu entries, buttons and node links are hidden, and its URLs are "Not found".
 * Each issue that builds one flips its flag here (and adds its routes).
 */
export const BUILT_FEATURES = {
  /** The "3d Trackers" page of the menu (pairing trackers). */
  threeDTrackers: true,
  /** "Start labeling session" and the labeling pages. */
  labeling: true,
  /** 3D model pages and the hub's New → 3D model. */
  threeDModels: true,
  /** Building pages and the hub's New → Building. */
  buildings: true,
  /** Floor plan pages (inside buildings). */
  floorPlans: true,
  /** The file page (a file's details and download). */
  files: true,
} as const satisfies Record<string, boolean>;

export type BuiltFeature = keyof typeof BUILT_FEATURES;

/** Whether a feature's screens exist; `undefined` (no feature) is always built. */
export function isBuilt(feature: BuiltFeature | undefined): boolean {
  return feature === undefined || BUILT_FEATURES[feature];
}
