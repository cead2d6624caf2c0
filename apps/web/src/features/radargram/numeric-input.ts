import { clampToBounds, parseDecimal, type NumericBounds } from './signal-settings';

/**
 * What a typed value becomes: the clamped number and, when it had to be clamped or was not a number, the
 * spec's message (seed 000 §5): 'Property {name} cannot be higher than {max}', '… cannot be less than {min}',
 * 'Please provide a valid value for property {name}' (then `value` is null).
 * @example describeNumericInput('90', 'Linear gain', { min: -20, max: 80, step: 1 })
 * // { value: 80, message: 'Property Linear gain cannot be higher than 80' }
 */
export function describeNumericInput(
  text: string,
  name: string,
  bounds: NumericBounds,
): { value: number | null; message: string | null } {
  const parsed = parseDecimal(text);
  if (parsed === null) return { value: null, message: `Please provide a valid value for property ${name}` };
  const value = clampToBounds(parsed, bounds);
  if (parsed > bounds.max) return { value, message: `Property ${name} cannot be higher than ${bounds.max}` };
  if (parsed < bounds.min) return { value, message: `Property ${name} cannot be less than ${bounds.min}` };
  return { value, message: null };
}
