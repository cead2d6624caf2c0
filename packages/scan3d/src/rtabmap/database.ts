import { readCalibration, type CameraCalibration } from './calibration';
import { matrixFloat32, matrixInt32, uncompressData } from './compression';
import {
  colourScaleFor,
  colourSize,
  decodeColour,
  decodeDepth,
  type ColourImage,
  type DepthImage,
} from './images';
import { readTransform, type Transform3x4 } from './transform';

/**
 * The little the reader needs from SQLite: run a query, get rows as objects (blobs as Uint8Array). The
 * worker backs it with a WASM SQLite; this package stays free of I/O.
 */
export interface SqlSource {
  all(sql: string, params?: (string | number)[]): Record<string, unknown>[];
  /**
   * Optional: the host's zlib inflate (RFC 1950 stream → bytes), e.g. node:zlib's inflateSync, used for PNG
   * depth and compressed blobs instead of fflate (a cold JS inflate costs more than the rest of a small
   * frame; decision 0059).
   */
  inflate?(zlibStream: Uint8Array): Uint8Array;
}

export interface RtabmapNode {
  id: number;
  mapId: number;
  stamp: number | null;
  /** Odometry pose (Node.pose), map ← base; null when missing or the null transform. */
  odometryPose: Transform3x4 | null;
}

export interface RtabmapSummary {
  /** Admin.version (the RTAB-Map version that created the database). */
  version: string;
  nodes: RtabmapNode[];
  /** The poses to use per node id: the optimised graph when the map was closed cleanly, else odometry. */
  poses: Map<number, Transform3x4>;
  poseSource: 'optimized' | 'odometry';
  /** Ids of the nodes that have a Data row with depth. */
  frameIds: number[];
  /** Messages for the user (e.g. odometry fallback). */
  warnings: string[];
}

export interface RtabmapFrame {
  id: number;
  colour: ColourImage | null;
  depth: DepthImage;
  cameras: CameraCalibration[];
}

const REQUIRED_TABLES = ['Admin', 'Node', 'Data'];

function inflateOf(db: SqlSource): ((zlibStream: Uint8Array) => Uint8Array) | undefined {
  return db.inflate ? (b) => db.inflate!(b) : undefined;
}

function blob(value: unknown): Uint8Array | null {
  if (value instanceof Uint8Array) return value.length > 0 ? value : null;
  return null;
}

/** Columns of a table, by name (RTAB-Map's set changes between versions). */
export function tableColumns(db: SqlSource, table: string): Set<string> {
  return new Set(db.all(`PRAGMA table_info(${table})`).map((r) => String(r.name)));
}

/**
 * Read what a point cloud needs besides the images: the version, the nodes and their poses. Prefers the
 * optimised poses in `Admin.opt_ids` / `Admin.opt_poses` (compressed int32 ids and N × 12 float32 poses);
 * without them falls back to the odometry poses of `Node.pose`, with a warning.
 */
export function readRtabmapSummary(db: SqlSource): RtabmapSummary {
  let tables: Set<string>;
  try {
    tables = new Set(
      db.all("SELECT name FROM sqlite_master WHERE type = 'table'").map((r) => String(r.name)),
    );
  } catch (error) {
    throw new Error(
      `The file is not an SQLite database (${error instanceof Error ? error.message : String(error)})`,
      { cause: error },
    );
  }
  const missing = REQUIRED_TABLES.filter((t) => !tables.has(t));
  if (missing.length > 0)
    throw new Error(
      `The file is an SQLite database but not an RTAB-Map database (no table ${missing.join(', ')})`,
    );
  const adminColumns = tableColumns(db, 'Admin');
  const admin = db.all(
    `SELECT version${adminColumns.has('opt_ids') ? ', opt_ids, opt_poses' : ''} FROM Admin LIMIT 1`,
  )[0];
  const version = admin && typeof admin.version === 'string' && admin.version ? admin.version : '0.0.0';
  const warnings: string[] = [];

  const nodeColumns = tableColumns(db, 'Node');
  const nodes: RtabmapNode[] = db
    .all(
      `SELECT id, ${nodeColumns.has('map_id') ? 'map_id' : '0 AS map_id'}, ${nodeColumns.has('stamp') ? 'stamp' : 'NULL AS stamp'}, pose FROM Node ORDER BY id`,
    )
    .map((r) => {
      const pose = blob(r.pose);
      return {
        id: Number(r.id),
        mapId: Number(r.map_id),
        stamp: r.stamp == null ? null : Number(r.stamp),
        odometryPose:
          pose && pose.length >= 48 ? readTransform(pose, 0, `pose of node ${String(r.id)}`) : null,
      };
    });

  const dataColumns = tableColumns(db, 'Data');
  if (!dataColumns.has('depth'))
    throw new Error(
      `The RTAB-Map database (version ${version}) has no depth images (Data.depth); only RGB-D recordings can be turned into clouds`,
    );
  const frameIds = db
    .all('SELECT id FROM Data WHERE depth IS NOT NULL AND length(depth) > 4 ORDER BY id')
    .map((r) => Number(r.id));

  let poses = new Map<number, Transform3x4>();
  let poseSource: RtabmapSummary['poseSource'] = 'optimized';
  const optIds = admin ? blob(admin.opt_ids) : null;
  const optPoses = admin ? blob(admin.opt_poses) : null;
  if (optIds && optPoses) {
    const ids = matrixInt32(
      uncompressData(optIds, 'optimised pose ids (Admin.opt_ids)', inflateOf(db)),
      'optimised pose ids',
    );
    const values = matrixFloat32(
      uncompressData(optPoses, 'optimised poses (Admin.opt_poses)', inflateOf(db)),
      'optimised poses',
    );
    if (values.length !== ids.length * 12)
      throw new Error(
        `The optimised poses hold ${values.length} values for ${ids.length} ids (12 each expected)`,
      );
    for (let i = 0; i < ids.length; i++)
      poses.set(ids[i]!, Float64Array.from(values.subarray(i * 12, i * 12 + 12)));
  }
  const framesWithOptimised = frameIds.filter((id) => poses.has(id)).length;
  if (framesWithOptimised === 0) {
    poses = new Map();
    poseSource = 'odometry';
    for (const n of nodes) if (n.odometryPose) poses.set(n.id, n.odometryPose);
    if (frameIds.length > 0)
      warnings.push(
        'The recording has no optimised poses (the map was not closed cleanly): the cloud uses the odometry poses, which drift, so walls may appear doubled or bent',
      );
  } else if (framesWithOptimised < frameIds.length) {
    warnings.push(
      `${frameIds.length - framesWithOptimised} of ${frameIds.length} frames have no optimised pose and were left out`,
    );
  }
  if (frameIds.length === 0) throw new Error('The RTAB-Map database holds no depth images');
  if (![...frameIds].some((id) => poses.has(id)))
    throw new Error('No frame of the RTAB-Map database has a pose');
  return { version, nodes, poses, poseSource, frameIds, warnings };
}

export interface ReadFrameOptions {
  /**
   * 'full' (default): the colour image at its stored size. 'depth': no finer than the depth needs, for the
   * cloud and the mesh, which sample colour only at depth pixels: a JPEG larger than the depth is decoded at
   * 1/2, 1/4 or 1/8 scale (`colourScaleFor`; each pixel the mean of the stored pixels it covers).
   */
  colour?: 'full' | 'depth';
}

/** Read and decode one frame (colour, depth, calibration): the only images in memory at a time. */
export function readRtabmapFrame(
  db: SqlSource,
  id: number,
  version: string,
  options: ReadFrameOptions = {},
): RtabmapFrame {
  const row = db.all('SELECT image, depth, calibration FROM Data WHERE id = ?', [id])[0];
  if (!row) throw new Error(`Frame ${id} is missing from the Data table`);
  const depthBytes = blob(row.depth);
  const calibration = blob(row.calibration);
  if (!depthBytes) throw new Error(`Frame ${id} has no depth image`);
  if (!calibration) throw new Error(`Frame ${id} has no camera calibration`);
  const imageBytes = blob(row.image);
  let depth: DepthImage;
  let colour: ColourImage | null = null;
  let cameras: CameraCalibration[];
  try {
    depth = decodeDepth(depthBytes, inflateOf(db));
    cameras = readCalibration(calibration, version);
    if (imageBytes) {
      const stored = options.colour === 'depth' ? colourSize(imageBytes) : null;
      const scale = stored ? colourScaleFor(stored, depth, Math.max(1, cameras.length)) : 1;
      colour = decodeColour(imageBytes, scale);
    }
  } catch (error) {
    throw new Error(`Frame ${id}: ${error instanceof Error ? error.message : String(error)}`, {
      cause: error,
    });
  }
  return { id, colour, depth, cameras };
}
