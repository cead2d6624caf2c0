export * from './voxel-grid';
export * from './backproject';
export * from './pcd';
export * from './accuracy';
export * from './point-cloud';
export * from './glb';
