// Hyperbola detection (issue #5): preparation, diffraction stack, candidate validation, labels.
export * from './analytic-signal';
export * from './detect-hyperbolas';
export * from './diffraction-stack';
export * from './modelled-background';
export * from './prepare-scan';
export * from './stack-peaks';
export * from './time-zero-estimate';
export * from './validate-hyperbolas';
