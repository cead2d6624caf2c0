/**
 * Parser for the plain-text "KEY = value" (Sensors & Software .HD) and "KEY:value" (MALA .rad, ImpulseRadar
 * .iprh) headers.
 */

/** Parsed header: the free lines without a separator and the key/value pairs (keys upper-cased, trimmed). */
export interface KeyValueText {
  lines: string[];
  values: Map<string, string>;
}

/**
 * Splits a text header into lines (any of CR, LF, CR CR LF) and `KEY<sep>value` pairs, splitting on the
 * first separator; keys are trimmed and upper-cased, values trimmed. Later duplicates do not overwrite.
 *
 * @param text - the header text.
 * @param separator - "=" for HD files, ":" for RAD files.
 * @returns all non-empty lines and the pairs.
 * @example
 * ```ts
 * parseKeyValueText('SAMPLES:512\r\nFREQUENCY: 2426.19', ':').values.get('FREQUENCY'); // "2426.19"
 * ```
 */
export function parseKeyValueText(text: string, separator: '=' | ':'): KeyValueText {
  const lines = text
    .slice(0, 1_000_000)
    .split(/\r\n|\r|\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
  const values = new Map<string, string>();
  for (const line of lines) {
    const at = line.indexOf(separator);
    if (at <= 0) continue;
    const key = line.slice(0, at).trim().toUpperCase().replace(/\s+/g, ' ');
    if (!values.has(key)) values.set(key, line.slice(at + 1).trim());
  }
  return { lines, values };
}
