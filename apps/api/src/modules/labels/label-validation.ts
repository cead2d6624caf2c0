import type { RebarPositionLabelValue, ValidationError } from '@gprhub/contract';
import { RebarPositionLabelValueSchema, toValidationErrors } from '@gprhub/contract';
import type { z } from 'zod';
import { badRequest } from '../../lib/errors.js';

/** The spec's messages, with the allowed values and unknown keys named (zod's generic words say neither). */
function describeIssues(issues: readonly z.core.$ZodIssue[]): ValidationError[] {
  const generic = toValidationErrors(issues);
  return issues.map((issue, i) => {
    const path = ['value', ...issue.path.map(String)].join('.');
    if (issue.code === 'invalid_value')
      return { path, message: `Property ${path} must be one of ${issue.values.map(String).join(', ')}` };
    if (issue.code === 'unrecognized_keys')
      return { path, message: `Property ${path} has unknown keys: ${issue.keys.join(', ')}` };
    const message = generic[i]!.message.replace(generic[i]!.path || 'value', path);
    return { path, message };
  });
}

/**
 * Checks a `rebarPositionLabel` value strictly: its shape (types, a diameter exactly on the with-diameter type)
 * and that every point lies on the scan (trace and sample indices inside it). Throws a 400 naming each fault.
 */
export function parseLabelValue(value: unknown, scan: { traces: number; samplesPerTrace: number }): RebarPositionLabelValue {
  const parsed = RebarPositionLabelValueSchema.safeParse(value);
  if (!parsed.success) {
    const errors = describeIssues(parsed.error.issues);
    throw badRequest(errors[0]?.message ?? 'The label value is not valid', errors);
  }
  const errors: ValidationError[] = [];
  parsed.data.points.forEach((p, i) => {
    if (p.signalRowIndex >= scan.traces)
      errors.push({
        path: `value.points.${i}.signalRowIndex`,
        message: `Label ${i + 1}: signalRowIndex ${p.signalRowIndex} is outside the scan (traces 0 to ${scan.traces - 1})`,
      });
    if (p.timeColumnIndex >= scan.samplesPerTrace)
      errors.push({
        path: `value.points.${i}.timeColumnIndex`,
        message: `Label ${i + 1}: timeColumnIndex ${p.timeColumnIndex} is outside the scan (samples 0 to ${scan.samplesPerTrace - 1})`,
      });
  });
  if (errors.length) throw badRequest(errors[0]!.message, errors);
  return parsed.data;
}
