import { describe, expect, it } from 'vitest';
import { BUILT_FEATURES } from '../../lib/built-features';
import { getHubDetailsPath, getHubPath, getNodeScreenPath, getNodeTarget } from './node-routes';

const id = '6f1d2c3b-4a5e-4f60-8a7b-9c0d1e2f3a4b';
const parentId = '0b1c2d3e-4f50-4a6b-8c7d-8e9f0a1b2c3d';

describe('getNodeScreenPath', () => {
  it.each([
    ['FOLDER', `/hub/${id}`],
    ['GPR_SCAN', `/gpr-scans/${id}`],
    ['GPR_SCAN_GROUP', `/gpr-scan-groups/${id}`],
    ['DUAL_ORIENTATION_AREA_SCAN', `/dual-orientation-area-scans/${id}`],
    ['DUAL_ORIENTATION_GPR_SCAN', `/dual-orientation-gpr-scans/${id}`],
  ] as const)('sends %s to %s', (type, path) => {
    expect(getNodeScreenPath({ nodeId: id, type })).toBe(path);
  });

  it.each(['ANALYSIS', 'THREE_D_TRACKER', 'ROOT'] as const)('has no screen for %s', (type) => {
    expect(getNodeScreenPath({ nodeId: id, type })).toBeNull();
  });

  it.each([
    ['THREE_D_MODEL', '3d-models', BUILT_FEATURES.threeDModels],
    ['FILE', 'files', BUILT_FEATURES.files],
    // An IFC file is a file: same page (issue #18).
    ['IFC_FILE', 'files', BUILT_FEATURES.files],
    ['BUILDING', 'buildings', BUILT_FEATURES.buildings],
    ['FLOOR_PLAN', 'floor-plans', BUILT_FEATURES.floorPlans],
  ] as const)('sends %s to /%s only once that screen is built', (type, prefix, isFeatureBuilt) => {
    expect(getNodeScreenPath({ nodeId: id, type })).toBe(isFeatureBuilt ? `/${prefix}/${id}` : null);
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
    expect(getNodeTarget({ nodeId: id, type: 'THREE_D_TRACKER', parentId: null }).href).toBe(`/hub?details=${id}`);
  });
});

describe('hub paths', () => {
  it('names the top level /hub', () => {
    expect(getHubPath(null)).toBe('/hub');
    expect(getHubPath(id)).toBe(`/hub/${id}`);
    expect(getHubDetailsPath(null, id)).toBe(`/hub?details=${id}`);
  });
});
