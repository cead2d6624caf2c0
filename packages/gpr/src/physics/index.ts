export { rickerWavelet, synthesizeRadargram } from './synthetic-scan';
export type { SyntheticReflector, SyntheticScanOptions } from './synthetic-scan';
export {
  depthFromTwoWayTime,
  sampleDepthsM,
  twoWayTimeFromDepth,
  velocityFromPermittivity,
} from './time-depth';
