/**
 * Parse a typed number, accepting a comma as decimal separator (spec §5); NaN when it is not a number.
 * @example parseDecimal('12,5') // 12.5
 */
export function parseDecimal(text: string): number {
  const normalized = text.trim().replace(',', '.');
  return normalized === '' ? Number.NaN : Number(normalized);
}
