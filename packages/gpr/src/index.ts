// Public entry of @gprhub/gpr. Each area appends its own export lines.
export * from './model/radargram';
export * from './formats/index';
export * from './processing/index';
export * from './colormaps/index';
export * from './render/index';
export * from './physics/index';
export * from './detection/index';
export * from './fitting/index';
export * from './rebar/index';
export * from './plan/index';
export * from './volume/index';
