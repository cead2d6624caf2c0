import { describe, expect, it } from 'vitest';
import { getAnalysisInputKey, getAnalysisInputNodeIds } from './analysis-input-key';

const a = '11111111-1111-4111-8111-111111111111';
const b = '22222222-2222-4222-8222-222222222222';

describe('getAnalysisInputKey', () => {
  it('keeps only the node ids the type needs, with sorted keys', () => {
    expect(getAnalysisInputKey('LINE_SCAN_REBAR_2', { gprScanNodeId: a, permittivity: 7 })).toBe(
      `{"gprScanNodeId":"${a}"}`,
    );
    expect(
      getAnalysisInputKey('LINE_SCAN_DUAL_ORIENTATION_REBAR_2', {
        perpendicularGprScanNodeId: b,
        parallelGprScanNodeId: a,
      }),
    ).toBe(`{"parallelGprScanNodeId":"${a}","perpendicularGprScanNodeId":"${b}"}`);
  });

  it('is null while a required id is missing', () => {
    expect(
      getAnalysisInputKey('LINE_SCAN_DUAL_ORIENTATION_REBAR_2', { parallelGprScanNodeId: a }),
    ).toBeNull();
    expect(getAnalysisInputKey('AREA_SCAN_REBAR_2', { gprScanNodeId: a })).toBeNull();
    expect(getAnalysisInputKey('GPR_SCAN_PREVIEW', null)).toBeNull();
  });
});

describe('getAnalysisInputNodeIds', () => {
  it('lists the input ids, main input first', () => {
    expect(
      getAnalysisInputNodeIds('AREA_SCAN_DUAL_ORIENTATION_REBAR_2', {
        perpendicularAreaScanNodeId: b,
        parallelAreaScanNodeId: a,
      }),
    ).toEqual([a, b]);
  });
});

describe('GENERATE_POINT_CLOUD’s two inputs (decisions/0045)', () => {
  it('keys by whichever one id the input names, and waits when it names none or both', () => {
    expect(getAnalysisInputKey('GENERATE_POINT_CLOUD', { gprScanNodeId: 'a' })).toBe('{"gprScanNodeId":"a"}');
    expect(getAnalysisInputKey('GENERATE_POINT_CLOUD', { threeDModelVersionId: 'v' })).toBe('{"threeDModelVersionId":"v"}');
    expect(getAnalysisInputKey('GENERATE_POINT_CLOUD', {})).toBeNull();
    expect(getAnalysisInputKey('GENERATE_POINT_CLOUD', { gprScanNodeId: 'a', threeDModelVersionId: 'v' })).toBeNull();
  });
});
