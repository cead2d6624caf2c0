import { findJsonValueProblem, JsonMessages, Messages, METADATA_TYPES } from '@gprhub/contract';
import type { Location, MetadataItem, MetadataType, PutMetadataBody } from '@gprhub/contract';
import { z } from 'zod';
import type { NodeOption } from '../node-search-query';

/** Display labels of the metadata types. */
export const METADATA_TYPE_LABELS: Record<MetadataType, string> = {
  TEXT: 'Text',
  JSON: 'JSON',
  LOCATION: 'Location',
  RELATED_NODE: 'Related node',
};

export const METADATA_NAME_MAX = 200;
export const METADATA_TEXT_MAX = 10_000;

/**
 * What the metadata form edits. Every type keeps its own value, so switching the type back and
 * forth loses nothing; only the chosen type's value is saved. Coordinates are kept as typed.
 */
export interface MetadataFormValues {
  name: string;
  /** '' until a type is picked. */
  type: MetadataType | '';
  text: string;
  json: string;
  latitude: string;
  longitude: string;
  relatedNode: NodeOption | null;
}

export const EMPTY_METADATA_VALUES: MetadataFormValues = {
  name: '',
  type: '',
  text: '',
  json: '',
  latitude: '',
  longitude: '',
  relatedNode: null,
};

/** A typed coordinate as a number (a comma is accepted as decimal separator); null if it is none. */
export function parseCoordinate(input: string): number | null {
  const text = input.trim().replace(',', '.');
  if (!text || !/^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i.test(text)) return null;
  const value = Number(text);
  return Number.isFinite(value) ? value : null;
}

const COORDINATE_LIMITS = { latitude: 90, longitude: 180 } as const;

function checkCoordinate(name: 'latitude' | 'longitude', input: string): string | null {
  if (!input.trim()) return 'Location is required';
  const value = parseCoordinate(input);
  if (value === null) return Messages.invalidType('number', name);
  const limit = COORDINATE_LIMITS[name];
  if (value > limit) return Messages.tooBig(name, limit);
  if (value < -limit) return Messages.tooSmall(name, -limit);
  return null;
}

function isMetadataType(type: string): type is MetadataType {
  return (METADATA_TYPES as readonly string[]).includes(type);
}

/** The spec's messages for the metadata form, checked on every change. */
export const MetadataFormSchema = z
  .object({
    name: z.string(),
    // Any string passes here so that the refinement can tell 'Please pick a type' from 'Invalid type'.
    type: z.custom<MetadataType | ''>((value) => typeof value === 'string'),
    text: z.string(),
    json: z.string(),
    latitude: z.string(),
    longitude: z.string(),
    relatedNode: z.custom<NodeOption | null>((value) => value === null || typeof value === 'object'),
  })
  .superRefine((values, ctx) => {
    const issue = (path: keyof MetadataFormValues, message: string) =>
      ctx.addIssue({ code: 'custom', path: [path], message });
    const name = values.name.trim();
    if (!name) issue('name', 'Name is required');
    else if (name.length > METADATA_NAME_MAX) issue('name', Messages.tooBig('name', METADATA_NAME_MAX));

    const type: string = values.type;
    if (!type) return issue('type', 'Please pick a type');
    if (!isMetadataType(type)) return issue('type', 'Invalid type');
    switch (type) {
      case 'TEXT':
        if (!values.text.trim()) issue('text', 'Value is required');
        else if (values.text.length > METADATA_TEXT_MAX)
          issue('text', Messages.tooBig('value', METADATA_TEXT_MAX));
        break;
      case 'JSON':
        if (!values.json.trim()) issue('json', JsonMessages.required);
        else {
          const problem = findJsonTextProblem(values.json);
          if (problem) issue('json', problem);
        }
        break;
      case 'LOCATION': {
        const latitude = checkCoordinate('latitude', values.latitude);
        const longitude = checkCoordinate('longitude', values.longitude);
        if (latitude) issue('latitude', latitude);
        if (longitude) issue('longitude', longitude);
        break;
      }
      case 'RELATED_NODE':
        if (!values.relatedNode?.nodeId) issue('relatedNode', 'Related node is required');
        break;
    }
  });

/** What the server would refuse in this JSON text (unparseable, null, too deep or large, a NUL), or null. */
function findJsonTextProblem(text: string): string | null {
  try {
    return findJsonValueProblem(JSON.parse(text));
  } catch {
    return JsonMessages.invalid;
  }
}

/** The location the form holds, when both coordinates are valid numbers. */
export function formLocation(values: Pick<MetadataFormValues, 'latitude' | 'longitude'>): Location | null {
  const latitude = parseCoordinate(values.latitude);
  const longitude = parseCoordinate(values.longitude);
  if (latitude === null || longitude === null) return null;
  if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return null;
  return { latitude, longitude };
}

/** A coordinate as the form shows it: up to 7 decimals (about 1 cm), no trailing zeros. */
export function formatCoordinate(value: number): string {
  return String(Number(value.toFixed(7)));
}

/** The body of `PUT /api/node-metadata` for valid form values (`ownerId` is the node). */
export function toPutMetadataBody(values: MetadataFormValues, ownerId: string, id?: string): PutMetadataBody {
  const base = { ...(id ? { id } : {}), ownerId, name: values.name.trim() };
  switch (values.type) {
    case 'TEXT':
      return { ...base, type: 'TEXT', value: values.text };
    case 'JSON':
      return {
        ...base,
        type: 'JSON',
        value: JSON.parse(values.json) as Extract<PutMetadataBody, { type: 'JSON' }>['value'],
      };
    case 'LOCATION': {
      const location = formLocation(values);
      if (!location) throw new Error('Location is required');
      return { ...base, type: 'LOCATION', value: location };
    }
    case 'RELATED_NODE':
      if (!values.relatedNode?.nodeId) throw new Error('Related node is required');
      return { ...base, type: 'RELATED_NODE', value: { relatedNodeId: values.relatedNode.nodeId } };
    default:
      throw new Error('Please pick a type');
  }
}

/** The value of a LOCATION item, if it is one. */
export function readLocation(value: unknown): Location | null {
  const v = value as Partial<Location> | null;
  if (typeof v !== 'object' || v === null) return null;
  return typeof v.latitude === 'number' && typeof v.longitude === 'number'
    ? { latitude: v.latitude, longitude: v.longitude }
    : null;
}

/** The related node id of a RELATED_NODE item, if it is one. */
export function readRelatedNodeId(value: unknown): string | null {
  const v = value as { relatedNodeId?: unknown } | null;
  return typeof v === 'object' && v !== null && typeof v.relatedNodeId === 'string' ? v.relatedNodeId : null;
}

/**
 * Form values of a stored item. A related node is known here by id only: `relatedNode` carries the
 * id with an empty name until the field has looked the node up.
 */
export function toMetadataFormValues(
  item: MetadataItem,
  relatedNode?: NodeOption | null,
): MetadataFormValues {
  const values: MetadataFormValues = { ...EMPTY_METADATA_VALUES, name: item.name, type: item.type };
  switch (item.type) {
    case 'TEXT':
      return { ...values, text: typeof item.value === 'string' ? item.value : JSON.stringify(item.value) };
    case 'JSON':
      return { ...values, json: JSON.stringify(item.value, null, 2) };
    case 'LOCATION': {
      const location = readLocation(item.value);
      return location
        ? {
            ...values,
            latitude: formatCoordinate(location.latitude),
            longitude: formatCoordinate(location.longitude),
          }
        : values;
    }
    case 'RELATED_NODE': {
      const nodeId = readRelatedNodeId(item.value);
      return { ...values, relatedNode: relatedNode ?? (nodeId ? { nodeId, name: '', type: 'FILE' } : null) };
    }
  }
}

/** Which form field a server validation path belongs to (`value.latitude` → `latitude`, ...). */
export function metadataFieldOfPath(path: string, type: MetadataFormValues['type']): string {
  const field = path.replace(/^body\./, '');
  if (field === 'name' || field === 'type') return field;
  if (field.startsWith('value')) {
    if (field.endsWith('latitude')) return 'latitude';
    if (field.endsWith('longitude')) return 'longitude';
    if (type === 'TEXT') return 'text';
    if (type === 'JSON') return 'json';
    if (type === 'RELATED_NODE') return 'relatedNode';
  }
  return field;
}
