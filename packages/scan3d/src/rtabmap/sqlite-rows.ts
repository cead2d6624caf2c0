import type { SyntheticRecording } from './synthetic';

/** The tables RTAB-Map 0.23 creates (DatabaseSchema.sql.in); the synthetic recordings fill Admin, Node, Data and Link. */
export const RTABMAP_SCHEMA = `
CREATE TABLE Node (id INTEGER NOT NULL, map_id INTEGER NOT NULL, weight INTEGER, stamp FLOAT, pose BLOB, ground_truth_pose BLOB, velocity BLOB, label TEXT, gps BLOB, env_sensors BLOB, time_enter DATE, PRIMARY KEY (id));
CREATE TABLE Data (id INTEGER NOT NULL, image BLOB, depth BLOB, depth_confidence BLOB, calibration BLOB, scan BLOB, scan_info BLOB, ground_cells BLOB, obstacle_cells BLOB, empty_cells BLOB, cell_size FLOAT, view_point_x FLOAT, view_point_y FLOAT, view_point_z FLOAT, user_data BLOB, time_enter DATE, PRIMARY KEY (id));
CREATE TABLE Link (from_id INTEGER NOT NULL, to_id INTEGER NOT NULL, type INTEGER NOT NULL, information_matrix BLOB NOT NULL, transform BLOB, user_data BLOB, FOREIGN KEY (from_id) REFERENCES Node(id), FOREIGN KEY (to_id) REFERENCES Node(id));
CREATE TABLE Word (id INTEGER NOT NULL, descriptor_size INTEGER NOT NULL, descriptor BLOB NOT NULL, time_enter DATE, PRIMARY KEY (id));
CREATE TABLE Feature (node_id INTEGER NOT NULL, word_id INTEGER NOT NULL, pos_x FLOAT NOT NULL, pos_y FLOAT NOT NULL, size INTEGER NOT NULL, dir FLOAT NOT NULL, response FLOAT NOT NULL, octave INTEGER NOT NULL, depth_x FLOAT, depth_y FLOAT, depth_z FLOAT, descriptor_size INTEGER, descriptor BLOB, FOREIGN KEY (node_id) REFERENCES Node(id));
CREATE TABLE GlobalDescriptor (node_id INTEGER NOT NULL, type INTEGER NOT NULL, info BLOB, data BLOB NOT NULL, FOREIGN KEY (node_id) REFERENCES Node(id));
CREATE TABLE Info (STM_size INTEGER, last_sign_added INTEGER, process_mem_used INTEGER, database_mem_used INTEGER, dictionary_size INTEGER, parameters TEXT, time_enter DATE);
CREATE TABLE Statistics (id INTEGER NOT NULL, stamp FLOAT, data BLOB, wm_state BLOB, FOREIGN KEY (id) REFERENCES Node(id));
CREATE TABLE Admin (version TEXT, preview_image BLOB, opt_cloud BLOB, opt_ids BLOB, opt_poses BLOB, opt_last_localization BLOB, opt_polygons_size INTEGER, opt_polygons BLOB, opt_tex_coords BLOB, opt_tex_materials BLOB, opt_map BLOB, opt_map_x_min FLOAT, opt_map_y_min FLOAT, opt_map_resolution FLOAT, dictionary_index BLOB, time_enter DATE);
`;

type SqlValue = string | number | Uint8Array | null;

/**
 * The INSERT statements that store a synthetic recording in a database made with RTABMAP_SCHEMA, one frame
 * rendered at a time (the caller runs them with its SQLite, in one transaction).
 */
export function* rtabmapInserts(recording: SyntheticRecording): Generator<[string, SqlValue[]]> {
  yield ['INSERT INTO Admin (version, opt_ids, opt_poses) VALUES (?, ?, ?)', [recording.admin.version, recording.admin.opt_ids, recording.admin.opt_poses]];
  for (const n of recording.nodes) {
    yield ['INSERT INTO Node (id, map_id, weight, stamp, pose, ground_truth_pose) VALUES (?, ?, ?, ?, ?, ?)', [n.id, n.map_id, n.weight, n.stamp, n.pose, n.ground_truth_pose]];
  }
  for (const l of recording.links) {
    yield ['INSERT INTO Link (from_id, to_id, type, information_matrix, transform) VALUES (?, ?, ?, ?, ?)', [l.from_id, l.to_id, l.type, l.information_matrix, l.transform]];
  }
  for (let i = 0; i < recording.frameCount; i++) {
    const f = recording.frame(i);
    yield ['INSERT INTO Data (id, image, depth, calibration) VALUES (?, ?, ?, ?)', [f.id, f.image, f.depth, f.calibration]];
  }
}
