export * from './tsdf';
export * from './marching-cubes';
export * from './simplify';
export * from './mesh-files';
export * from './mesh-accuracy';
export * from './generate-mesh';
