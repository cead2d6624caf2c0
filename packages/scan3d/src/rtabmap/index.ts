export * from './compression';
export * from './rvl';
export * from './images';
export * from './jpeg';
export * from './version';
export * from './transform';
export * from './calibration';
export * from './database';
export * from './scene';
export {
  generateSyntheticRecording,
  truthPoses,
  truthViews,
  type SyntheticOptions,
  type SyntheticRecording,
  type SyntheticDataRow,
  type SyntheticNodeRow,
  type SyntheticLinkRow,
  type SyntheticAdminRow,
} from './synthetic';
export * from './sqlite-rows';
