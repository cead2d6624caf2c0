import type { MetadataItem } from '@gprhub/contract';
import { describe, expect, it } from 'vitest';
import type { MetadataFormValues } from './metadata-form-schema';
import {
  EMPTY_METADATA_VALUES,
  formLocation,
  metadataFieldOfPath,
  MetadataFormSchema,
  parseCoordinate,
  toMetadataFormValues,
  toPutMetadataBody,
} from './metadata-form-schema';

const NODE = '0b6f7f4e-5d1c-4b7a-9a51-3f1f1d9c2a10';
const OTHER = '5e0f2a8c-6f0e-4c8e-8d1b-7a2f4b3c9d21';

/** The message of each field that failed, as the form shows them. */
function errorsOf(values: Partial<MetadataFormValues>): Record<string, string> {
  const result = MetadataFormSchema.safeParse({ ...EMPTY_METADATA_VALUES, ...values });
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
}

describe('metadata form validation', () => {
  it("asks for a name and a type: 'Name is required', 'Please pick a type'", () => {
    expect(errorsOf({})).toEqual({ name: 'Name is required', type: 'Please pick a type' });
    expect(errorsOf({ name: '   ', type: 'TEXT', text: 'x' })).toEqual({ name: 'Name is required' });
  });

  it("refuses a type outside the enum: 'Invalid type'", () => {
    expect(errorsOf({ name: 'a', type: 'COLOR' as never })).toEqual({ type: 'Invalid type' });
  });

  it("TEXT needs a value: 'Value is required'", () => {
    expect(errorsOf({ name: 'Note', type: 'TEXT', text: ' ' })).toEqual({ text: 'Value is required' });
    expect(errorsOf({ name: 'Note', type: 'TEXT', text: 'Cracks near column C4' })).toEqual({});
  });

  it("JSON must be present and parse: 'JSON is required', 'JSON is not valid'", () => {
    expect(errorsOf({ name: 'Raw', type: 'JSON', json: '' })).toEqual({ json: 'JSON is required' });
    expect(errorsOf({ name: 'Raw', type: 'JSON', json: '{"a": 1,' })).toEqual({ json: 'JSON is not valid' });
    // What the server refuses is refused here first, with the same words.
    expect(errorsOf({ name: 'Raw', type: 'JSON', json: 'null' })).toEqual({ json: 'JSON is required' });
    expect(errorsOf({ name: 'Raw', type: 'JSON', json: '['.repeat(100) + ']'.repeat(100) })).toEqual({
      json: 'JSON is nested too deeply (at most 64 levels)',
    });
    expect(errorsOf({ name: 'Raw', type: 'JSON', json: '{"a": [1, 2]}' })).toEqual({});
    expect(errorsOf({ name: 'Raw', type: 'JSON', json: '42' })).toEqual({});
  });

  it("LOCATION needs both coordinates: 'Location is required', then numbers in range", () => {
    expect(errorsOf({ name: 'Site', type: 'LOCATION', latitude: '48.1' })).toEqual({
      longitude: 'Location is required',
    });
    expect(errorsOf({ name: 'Site', type: 'LOCATION' })).toEqual({
      latitude: 'Location is required',
      longitude: 'Location is required',
    });
    expect(errorsOf({ name: 'Site', type: 'LOCATION', latitude: 'north', longitude: '200' })).toEqual({
      latitude: 'Please provide a valid number for property latitude',
      longitude: 'Property longitude cannot be higher than 180',
    });
    expect(errorsOf({ name: 'Site', type: 'LOCATION', latitude: '-91', longitude: '2' })).toEqual({
      latitude: 'Property latitude cannot be less than -90',
    });
    expect(errorsOf({ name: 'Site', type: 'LOCATION', latitude: '48,8584', longitude: '2.2945' })).toEqual(
      {},
    );
  });

  it("RELATED_NODE needs a node: 'Related node is required'", () => {
    expect(errorsOf({ name: 'Scan', type: 'RELATED_NODE' })).toEqual({
      relatedNode: 'Related node is required',
    });
    expect(
      errorsOf({
        name: 'Scan',
        type: 'RELATED_NODE',
        relatedNode: { nodeId: OTHER, name: 'B', type: 'FOLDER' },
      }),
    ).toEqual({});
  });

  it('only checks the value of the chosen type', () => {
    expect(errorsOf({ name: 'Note', type: 'TEXT', text: 'ok', json: '{oops' })).toEqual({});
  });
});

describe('coordinates', () => {
  it('accept a comma as decimal separator and refuse anything else', () => {
    expect(parseCoordinate('48,5')).toBe(48.5);
    expect(parseCoordinate(' -2.25 ')).toBe(-2.25);
    expect(parseCoordinate('1e2')).toBe(100);
    expect(parseCoordinate('')).toBeNull();
    expect(parseCoordinate('12abc')).toBeNull();
    expect(parseCoordinate('0x10')).toBeNull();
    expect(formLocation({ latitude: '95', longitude: '0' })).toBeNull();
    expect(formLocation({ latitude: '1', longitude: '2' })).toEqual({ latitude: 1, longitude: 2 });
  });
});

describe('PUT body and back', () => {
  it('sends the chosen type with its value, and the id when replacing', () => {
    const base = { ...EMPTY_METADATA_VALUES, name: ' Depth ', text: 'unused' };
    expect(toPutMetadataBody({ ...base, type: 'JSON', json: '{"cm": 4}' }, NODE)).toEqual({
      ownerId: NODE,
      name: 'Depth',
      type: 'JSON',
      value: { cm: 4 },
    });
    expect(
      toPutMetadataBody({ ...base, type: 'LOCATION', latitude: '48,1', longitude: '2' }, NODE, OTHER),
    ).toEqual({
      id: OTHER,
      ownerId: NODE,
      name: 'Depth',
      type: 'LOCATION',
      value: { latitude: 48.1, longitude: 2 },
    });
    expect(
      toPutMetadataBody(
        { ...base, type: 'RELATED_NODE', relatedNode: { nodeId: OTHER, name: 'B', type: 'GPR_SCAN' } },
        NODE,
      ),
    ).toMatchObject({ type: 'RELATED_NODE', value: { relatedNodeId: OTHER } });
  });

  it('fills the form from a stored item', () => {
    const item: MetadataItem = {
      id: OTHER,
      ownerId: NODE,
      name: 'Site',
      type: 'LOCATION',
      value: { latitude: 48.8583701, longitude: 2.2944813 },
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:00:00.000Z',
    };
    expect(toMetadataFormValues(item)).toMatchObject({ latitude: '48.8583701', longitude: '2.2944813' });
    expect(toMetadataFormValues({ ...item, type: 'JSON', value: { a: 1 } }).json).toBe('{\n  "a": 1\n}');
  });

  it('maps server paths to form fields', () => {
    expect(metadataFieldOfPath('value.latitude', 'LOCATION')).toBe('latitude');
    expect(metadataFieldOfPath('value.relatedNodeId', 'RELATED_NODE')).toBe('relatedNode');
    expect(metadataFieldOfPath('value', 'TEXT')).toBe('text');
    expect(metadataFieldOfPath('name', 'TEXT')).toBe('name');
  });
});
