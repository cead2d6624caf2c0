import { describe, expect, it } from 'vitest';
import {
  getAnalysesListPollInterval,
  getByInputPollInterval,
  getJobsPollInterval,
  getStatusPollInterval,
  isByInputBehindStatus,
} from './analysis-polling';

describe('getStatusPollInterval', () => {
  it('polls every 2 s while CREATED or ANALYSING and every 10 s once settled', () => {
    expect(getStatusPollInterval('CREATED')).toBe(2000);
    expect(getStatusPollInterval('ANALYSING')).toBe(2000);
    expect(getStatusPollInterval('FINISHED')).toBe(10000);
    expect(getStatusPollInterval('FAILED')).toBe(10000);
  });

  it("treats 'Not started' and unknown as idle", () => {
    expect(getStatusPollInterval(null)).toBe(10000);
    expect(getStatusPollInterval(undefined)).toBe(10000);
  });
});

describe('getByInputPollInterval', () => {
  const running = { isDone: false, isPartial: false };
  it('polls rebar analyses every 5 s, every 1 s while partial results exist, and stops when done', () => {
    expect(getByInputPollInterval('LINE_SCAN_REBAR_2', undefined)).toBe(5000);
    expect(getByInputPollInterval('LINE_SCAN_REBAR_2', running)).toBe(5000);
    expect(getByInputPollInterval('AREA_SCAN_REBAR_2', { isDone: false, isPartial: true })).toBe(1000);
    expect(getByInputPollInterval('AREA_SCAN_REBAR_2', { isDone: true, isPartial: false })).toBe(false);
  });

  it('polls a preview every 1 s until done, then every 5 s', () => {
    expect(getByInputPollInterval('GPR_SCAN_PREVIEW', undefined)).toBe(1000);
    expect(getByInputPollInterval('GPR_SCAN_PREVIEW', running)).toBe(1000);
    expect(getByInputPollInterval('GPR_SCAN_PREVIEW', { isDone: true, isPartial: false })).toBe(5000);
  });

  it('stops after an error', () => {
    expect(getByInputPollInterval('GPR_SCAN_PREVIEW', running, true)).toBe(false);
    expect(getByInputPollInterval('LINE_SCAN_REBAR_2', running, true)).toBe(false);
  });
});

describe('table intervals', () => {
  it('polls jobs every 5 s while one is unfinished, else 10 s', () => {
    expect(getJobsPollInterval(undefined)).toBe(10000);
    expect(getJobsPollInterval([{ isFinished: true }, { isFinished: false }])).toBe(5000);
    expect(getJobsPollInterval([{ isFinished: true }])).toBe(10000);
  });

  it('polls the list every 2 s while a row runs, else 10 s', () => {
    expect(getAnalysesListPollInterval([{ status: 'FINISHED' }, { status: 'ANALYSING' }])).toBe(2000);
    expect(getAnalysesListPollInterval([{ status: 'FINISHED' }, { status: null }])).toBe(10000);
    expect(getAnalysesListPollInterval(undefined)).toBe(10000);
  });
});

describe('isByInputBehindStatus', () => {
  it('is behind when the run shown has since finished or failed', () => {
    const shown = { runId: 'r1', isDone: false };
    expect(isByInputBehindStatus(shown, { latestRunId: 'r1', status: 'FINISHED' })).toBe(true);
    expect(isByInputBehindStatus(shown, { latestRunId: 'r1', status: 'FAILED' })).toBe(true);
    expect(isByInputBehindStatus(shown, { latestRunId: 'r1', status: 'ANALYSING' })).toBe(false);
  });

  it('is behind when another run started', () => {
    expect(
      isByInputBehindStatus({ runId: 'r1', isDone: true }, { latestRunId: 'r2', status: 'CREATED' }),
    ).toBe(true);
    expect(
      isByInputBehindStatus({ runId: null, isDone: false }, { latestRunId: 'r1', status: 'CREATED' }),
    ).toBe(true);
  });

  it('is not behind when in step or when either side is unknown', () => {
    expect(
      isByInputBehindStatus({ runId: 'r1', isDone: true }, { latestRunId: 'r1', status: 'FINISHED' }),
    ).toBe(false);
    expect(isByInputBehindStatus(undefined, { latestRunId: 'r1', status: 'FINISHED' })).toBe(false);
    expect(isByInputBehindStatus({ runId: 'r1', isDone: false }, undefined)).toBe(false);
  });
});
