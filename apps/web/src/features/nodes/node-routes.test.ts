import { describe, expect, it } from 'vitest';
import { getHubDetailsPath, getHubPath, getNodeScreenPath, getNodeTarget } from './node-routes';

const id = '6f1d2c3b-4a5e-4f60-8a7b-9c0d1e2f3a4b';
const parentId = '0b1c2d3e-4f50-4a6b-8c7d-8e9f0a1b2c3d';

describe('getNodeScreenPath', () => {
  it.each([
    ['FOLDER', `/hub/${id}`],
    ['GPR_SCAN', `/gpr-scans/${id}`],
    ['GPR_SCAN_GROUP', `/gpr-scan-groups/${id}`],
    ['THREE_D_MODEL', `/3d-models/${id}`],
    ['FILE', `/files/${id}`],
    ['BUILDING', `/buildings/${id}`],
    ['FLOOR_PLAN', `/floor-plans/${id}`],
    ['DUAL_ORIENTATION_AREA_SCAN', `/dual-orientation-area-scans/${id}`],
    ['DUAL_ORIENTATION_GPR_SCAN', `/dual-orientation-gpr-scans/${id}`],
  ] as const)('sends %s to %s', (type, path) => {
    expect(getNodeScreenPath({ nodeId: id, type })).toBe(path);
  });

  it.each(['ANALYSIS', 'IFC_FILE', 'THREE_D_TRACKER', 'ROOT'] as const)('has no screen for %s', (type) => {
    expect(getNodeScreenPath({ nodeId: id, type })).toBeNull();
  });
});

describe('getNodeTarget', () => {
  it('browses into folders in the same tab', () => {
    expect(getNodeTarget({ nodeId: id, type: 'FOLDER', parentId })).toEqual({
      href: `/hub/${id}`,
      isNewTab: false,
    });
  });

  it('opens other nodes on their own screen in a new tab', () => {
    expect(getNodeTarget({ nodeId: id, type: 'GPR_SCAN', parentId })).toEqual({
      href: `/gpr-scans/${id}`,
      isNewTab: true,
    });
  });

  it('opens the details of a node without a screen in its folder', () => {
    expect(getNodeTarget({ nodeId: id, type: 'ANALYSIS', parentId })).toEqual({
      href: `/hub/${parentId}?details=${id}`,
      isNewTab: false,
    });
    expect(getNodeTarget({ nodeId: id, type: 'IFC_FILE', parentId: null }).href).toBe(`/hub?details=${id}`);
  });
});

describe('hub paths', () => {
  it('names the top level /hub', () => {
    expect(getHubPath(null)).toBe('/hub');
    expect(getHubPath(id)).toBe(`/hub/${id}`);
    expect(getHubDetailsPath(null, id)).toBe(`/hub?details=${id}`);
  });
});
