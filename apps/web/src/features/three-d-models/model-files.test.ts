import type { ThreeDModelResponse } from '@gprhub/contract';
import { describe, expect, it } from 'vitest';
import { cloudFileToDraw, displayChoices, fileDownloadName, pickDisplayedModel } from './model-files';

const file = (name: string) => ({ name, url: `/api/3d-model-files/${name}` });

function model(parts: Partial<Record<'glb' | 'ply' | 'lod' | 'pcd', boolean>>): ThreeDModelResponse {
  return {
    glbModelData: parts.glb ? { glb: file('mesh.glb'), texture: null } : null,
    gltfModelData: null,
    meshModelData: null,
    pointCloudFile: parts.ply ? file('point_cloud.ply') : null,
    pointCloudLodFile: parts.lod ? file('point_cloud_lod.ply') : null,
    previewPcdModelData: parts.pcd ? { pcd: file('preview.pcd') } : null,
  } as unknown as ThreeDModelResponse;
}

describe('the displayed model', () => {
  it('is the mesh by default, the cloud when asked for and there is one, else what there is', () => {
    const both = model({ glb: true, ply: true, pcd: true });
    expect(pickDisplayedModel(both)?.kind).toBe('glb');
    expect(pickDisplayedModel(both, 'cloud')?.kind).toBe('cloud');
    expect(pickDisplayedModel(both, 'mesh')?.kind).toBe('glb');
    expect(displayChoices(both)).toEqual(['mesh', 'cloud']);
    const cloudOnly = model({ ply: true, pcd: true });
    expect(pickDisplayedModel(cloudOnly, 'mesh')?.kind).toBe('cloud');
    expect(displayChoices(cloudOnly)).toEqual(['cloud']);
    const meshOnly = model({ glb: true });
    expect(pickDisplayedModel(meshOnly, 'cloud')?.kind).toBe('glb');
    expect(displayChoices(meshOnly)).toEqual(['mesh']);
    expect(pickDisplayedModel(model({ pcd: true }))?.kind).toBe('preview');
  });
});

describe('the cloud drawn', () => {
  it('is the LOD-ordered copy once the server has derived it, the upload until then', () => {
    const before = pickDisplayedModel(model({ ply: true }));
    expect(before).toMatchObject({ kind: 'cloud', ply: { name: 'point_cloud.ply' } });
    const after = pickDisplayedModel(model({ ply: true, lod: true }));
    expect(after).toMatchObject({ kind: 'cloud', ply: { name: 'point_cloud_lod.ply' } });
    expect(pickDisplayedModel(model({ glb: true, ply: true, lod: true }), 'cloud')).toMatchObject({ ply: { name: 'point_cloud_lod.ply' } });
    expect(cloudFileToDraw(model({ pcd: true }))).toBeNull();
  });
});

describe('fileDownloadName', () => {
  it('adds the extension to an uploaded file’s name and keeps a generated file’s, which ends with it', () => {
    expect(fileDownloadName({ name: 'Room scan', extension: 'ply' })).toBe('Room scan.ply');
    expect(fileDownloadName({ name: 'point_cloud.glb', extension: 'glb' })).toBe('point_cloud.glb');
    expect(fileDownloadName({ name: 'MESH.GLB', extension: 'glb' })).toBe('MESH.GLB');
    expect(fileDownloadName({ name: 'scan.glb', extension: 'ply' })).toBe('scan.glb.ply');
  });
});
