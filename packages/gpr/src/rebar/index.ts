// Rebar engine (issue #5): line scans, area scans, dual orientation, material properties, statistics.
export * from './accuracy-metrics';
export * from './analyze-area-scan';
export * from './analyze-line-scan';
export * from './area-scan-input';
export * from './bar-fits';
export * from './diameter';
export * from './dual-orientation';
export * from './ids';
export * from './line-detections';
export * from './link-bars';
export * from './material-properties';
export * from './pool-permittivity';
export * from './statistics';
export * from './types';
