import { doublePrecision, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { organization } from './auth.js';
import { files } from './files.js';
import { nodes } from './nodes.js';

const tz = { withTimezone: true, mode: 'date' } as const;

/** A header field kept verbatim from the source file (packages/gpr `HeaderField`). */
export interface StoredHeaderField {
  name: string;
  value: string | number | boolean | null;
}

/**
 * A group of GPR scans (node type GPR_SCAN_GROUP): an AREA_SCAN (a grid of line scans described by the
 * vendor's CSV) or a MULTI_SCAN (the lines of one import, the channels of one file). Its scans and child
 * groups are its children in the node tree, so a move in the hub never leaves this row stale.
 * Grid values are in centimetres, as the vendor's CSV gives them.
 */
export const gprScanGroups = pgTable(
  'gpr_scan_group',
  {
    nodeId: uuid('node_id')
      .primaryKey()
      .references(() => nodes.id, { onDelete: 'cascade' }),
    organizationId: text('organization_id')
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    /** AREA_SCAN or MULTI_SCAN. */
    groupType: text('group_type').notNull(),
    /** The file the group was made from (the CSV of an area scan, the zip or the multi-channel file). */
    originalName: text('original_name').notNull(),
    /** The vendor zip it was imported from (the spec's gprScanZipFile). */
    zipFileId: uuid('zip_file_id').references(() => files.id, { onDelete: 'set null' }),
    areaScanWidthCm: doublePrecision('area_scan_width_cm'),
    areaScanHeightCm: doublePrecision('area_scan_height_cm'),
    gridSpacingXCm: doublePrecision('grid_spacing_x_cm'),
    gridSpacingYCm: doublePrecision('grid_spacing_y_cm'),
    gridSizeXCm: doublePrecision('grid_size_x_cm'),
    gridSizeYCm: doublePrecision('grid_size_y_cm'),
    /** Acquisition date as the file states it (ISO 8601, local time when the file gives no zone). */
    scanDate: text('scan_date'),
    /** Every value of the area CSV as read, for display. */
    csvFields: jsonb('csv_fields').$type<Record<string, string | number>>().notNull().default({}),
    createdAt: timestamp('created_at', tz).defaultNow().notNull(),
  },
  (t) => [index('gpr_scan_group_org_idx').on(t.organizationId, t.groupType)],
);

/**
 * A GPR line scan (node type GPR_SCAN): where its raw bytes are and the header facts read from them. The raw
 * file (plus sidecars) is re-read to load the samples; the geometry stored here (sample interval, spacing,
 * time offset, antenna separation, permittivity) wins over the file's, because for vendor lines it comes from
 * the export's CSV, which the line file alone does not carry.
 */
export const gprScans = pgTable(
  'gpr_scan',
  {
    nodeId: uuid('node_id')
      .primaryKey()
      .references(() => nodes.id, { onDelete: 'cascade' }),
    organizationId: text('organization_id')
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    /** The scan file (for a vendor zip: this line's own bytes, extracted from the zip). */
    fileId: uuid('file_id')
      .notNull()
      .references(() => files.id),
    /** Companion files read with it (.HD, .rad, .cor, .DZX, .DZG). */
    sidecarFileIds: uuid('sidecar_file_ids').array().notNull().default([]),
    /** Which radargram of the file this scan is (the channel of a multi-channel DZT); 0 otherwise. */
    radargramIndex: integer('radargram_index').notNull().default(0),
    /** The zip the scan came from (the spec's gprScanZipFile), and its path inside it. */
    zipFileId: uuid('zip_file_id').references(() => files.id, { onDelete: 'set null' }),
    zipPath: text('zip_path'),
    originalName: text('original_name').notNull(),
    /** packages/gpr's format: dzt, segy, dt1, rd3, rd7, gprmax. */
    format: text('format').notNull(),
    gprVendorId: text('gpr_vendor_id'),
    gprExternalId: text('gpr_external_id'),
    traces: integer('traces').notNull(),
    samplesPerTrace: integer('samples_per_trace').notNull(),
    sampleIntervalS: doublePrecision('sample_interval_s').notNull(),
    timeOffsetS: doublePrecision('time_offset_s').notNull(),
    traceSpacingM: doublePrecision('trace_spacing_m').notNull(),
    antennaSeparationM: doublePrecision('antenna_separation_m').notNull(),
    scanLengthM: doublePrecision('scan_length_m').notNull(),
    /** LEFT_TO_RIGHT or BOTTOM_TO_TOP within an area scan. */
    direction: text('direction'),
    csvLineNumber: integer('csv_line_number'),
    /** Shown as L plus three digits: the CSV line number, else the order within the import. */
    scanNumber: integer('scan_number'),
    repetitionRateScansPerCm: doublePrecision('repetition_rate_scans_per_cm'),
    channel: integer('channel'),
    antennaName: text('antenna_name'),
    centreFrequencyHz: doublePrecision('centre_frequency_hz'),
    /** The permittivity the operator set in the instrument (a setting, not a measurement). */
    permittivity: doublePrecision('permittivity'),
    scanDate: text('scan_date'),
    header: jsonb('header').$type<StoredHeaderField[]>().notNull().default([]),
    warnings: jsonb('warnings').$type<string[]>().notNull().default([]),
    /** Set by the GPR_SCAN_PREVIEW analysis. */
    previewFileId: uuid('preview_file_id').references(() => files.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', tz).defaultNow().notNull(),
  },
  (t) => [
    index('gpr_scan_org_created_idx').on(t.organizationId, t.createdAt),
    index('gpr_scan_org_vendor_idx').on(t.organizationId, t.gprVendorId, t.gprExternalId),
    index('gpr_scan_org_external_idx').on(t.organizationId, t.gprExternalId),
  ],
);

/** Two GPR scans of one spot, one parallel and one perpendicular (node type DUAL_ORIENTATION_GPR_SCAN). */
export const dualOrientationGprScans = pgTable(
  'dual_orientation_gpr_scan',
  {
    nodeId: uuid('node_id')
      .primaryKey()
      .references(() => nodes.id, { onDelete: 'cascade' }),
    organizationId: text('organization_id')
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    parallelGprScanNodeId: uuid('parallel_gpr_scan_node_id')
      .notNull()
      .references(() => nodes.id, { onDelete: 'cascade' }),
    perpendicularGprScanNodeId: uuid('perpendicular_gpr_scan_node_id')
      .notNull()
      .references(() => nodes.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', tz).defaultNow().notNull(),
    updatedAt: timestamp('updated_at', tz).defaultNow().notNull(),
  },
  (t) => [
    index('dual_gpr_scan_parallel_idx').on(t.organizationId, t.parallelGprScanNodeId),
    index('dual_gpr_scan_perpendicular_idx').on(t.organizationId, t.perpendicularGprScanNodeId),
  ],
);

/** Two area scans of one spot (node type DUAL_ORIENTATION_AREA_SCAN). */
export const dualOrientationAreaScans = pgTable(
  'dual_orientation_area_scan',
  {
    nodeId: uuid('node_id')
      .primaryKey()
      .references(() => nodes.id, { onDelete: 'cascade' }),
    organizationId: text('organization_id')
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    parallelAreaScanNodeId: uuid('parallel_area_scan_node_id')
      .notNull()
      .references(() => nodes.id, { onDelete: 'cascade' }),
    perpendicularAreaScanNodeId: uuid('perpendicular_area_scan_node_id')
      .notNull()
      .references(() => nodes.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', tz).defaultNow().notNull(),
    updatedAt: timestamp('updated_at', tz).defaultNow().notNull(),
  },
  (t) => [
    index('dual_area_scan_parallel_idx').on(t.organizationId, t.parallelAreaScanNodeId),
    index('dual_area_scan_perpendicular_idx').on(t.organizationId, t.perpendicularAreaScanNodeId),
  ],
);
