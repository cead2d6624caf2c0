/**
 * Small parsers shared by the readers: loose numbers, antenna frequencies in free text, length units and
 * dates in the handful of layouts GPR software writes.
 */

/**
 * Parses a number written by a human or a vendor tool: trims, accepts a decimal comma ("2,5") and a
 * trailing unit ("10 cm" → 10).
 *
 * @param text - the text.
 * @returns the number, or `undefined` when the text does not start with one.
 * @example
 * ```ts
 * parseLooseNumber(' 2,5 cm'); // 2.5
 * parseLooseNumber('abc');     // undefined
 * ```
 */
export function parseLooseNumber(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const match = /^\s*([-+]?(?:\d+(?:[.,]\d*)?|[.,]\d+)(?:[eE][-+]?\d+)?)/.exec(text);
  if (!match) return undefined;
  const value = Number(match[1].replace(',', '.'));
  return Number.isFinite(value) ? value : undefined;
}

/**
 * Finds an antenna centre frequency in free text: "400MHz", "1.5/1.6GHz" (the number next to the unit,
 * 1.6 GHz), "500_shielded_egrip" (a leading number 10–10000 is read as MHz).
 *
 * @param text - antenna name or description.
 * @returns frequency in Hz, or `undefined`.
 * @example
 * ```ts
 * parseFrequencyHz('1.5/1.6GHz');          // 1.6e9
 * parseFrequencyHz('500_shielded_egrip');  // 5e8
 * ```
 */
export function parseFrequencyHz(text: string | undefined): number | undefined {
  if (!text) return undefined;
  const withUnit = /(\d+(?:\.\d+)?)\s*(mhz|ghz)/i.exec(text);
  if (withUnit) {
    const value = Number(withUnit[1]) * (withUnit[2].toLowerCase() === 'ghz' ? 1e9 : 1e6);
    return value > 0 && value < 1e11 ? value : undefined;
  }
  const leading = /^\s*(\d{2,5})(?!\d)/.exec(text);
  if (leading) {
    const mhz = Number(leading[1]);
    if (mhz >= 10 && mhz <= 10_000) return mhz * 1e6;
  }
  return undefined;
}

/**
 * Metres per unit for the length units GPR headers use.
 *
 * @param unit - "m", "cm", "mm", "ft", "feet", "in", "inch", "km", "mi" (any case, surrounding space ignored).
 * @returns metres per unit, or `undefined` for an unknown unit.
 * @example
 * ```ts
 * metresPerUnit('ft'); // 0.3048
 * ```
 */
export function metresPerUnit(unit: string | undefined): number | undefined {
  const u = (unit ?? '').trim().toLowerCase().replace(/\.$/, '');
  if (['m', 'meter', 'meters', 'metre', 'metres'].includes(u)) return 1;
  if (['cm', 'centimeter', 'centimeters', 'centimetre', 'centimetres'].includes(u)) return 0.01;
  if (['mm', 'millimeter', 'millimeters', 'millimetre', 'millimetres'].includes(u)) return 0.001;
  if (['km', 'kilometer', 'kilometers', 'kilometre', 'kilometres'].includes(u)) return 1000;
  if (['ft', 'feet', 'foot', "'"].includes(u)) return 0.3048;
  if (['in', 'inch', 'inches', '"'].includes(u)) return 0.0254;
  if (['mi', 'mile', 'miles'].includes(u)) return 1609.344;
  return undefined;
}

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

/**
 * Builds an ISO 8601 local date-time string after checking every field's range.
 *
 * @param year - four-digit year (1970–2100).
 * @param month - 1–12.
 * @param day - 1–31 (checked against the month).
 * @param hour - 0–23.
 * @param minute - 0–59.
 * @param second - 0–59 (fractions dropped).
 * @returns e.g. `"2017-05-26T09:18:20"`, or `undefined` when a field is out of range.
 * @example
 * ```ts
 * toIsoDateTime(2011, 1, 1, 13, 40, 28); // "2011-01-01T13:40:28"
 * ```
 */
export function toIsoDateTime(
  year: number,
  month: number,
  day: number,
  hour = 0,
  minute = 0,
  second = 0,
): string | undefined {
  const s = Math.floor(second);
  const values = [year, month, day, hour, minute, s];
  if (!values.every(Number.isInteger)) return undefined;
  if (year < 1970 || year > 2100 || month < 1 || month > 12 || hour > 23 || minute > 59 || s > 59) {
    return undefined;
  }
  if (hour < 0 || minute < 0 || s < 0) return undefined;
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (day < 1 || day > daysInMonth) return undefined;
  return `${year}-${pad(month)}-${pad(day)}T${pad(hour)}:${pad(minute)}:${pad(s)}`;
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

/**
 * Parses the date layouts seen in GPR headers and vendor CSVs: ISO ("2017-04-10", "2017-04-10T10:36:17Z"),
 * "2014-Apr-10", "10 Apr 2014", "26.07.2019" and "dd/MM/yyyy [HH:mm[:ss]]". A slash date whose day and month
 * are both ≤ 12 is read day-first (the product's own display format is dd/MM/yyyy).
 *
 * @param text - the date text.
 * @returns an ISO 8601 string (local time, or with "Z" when the input had one), or `undefined`.
 * @example
 * ```ts
 * parseLooseDate('2014-Apr-10');          // "2014-04-10T00:00:00"
 * parseLooseDate('26/05/2017 09:18:20');  // "2017-05-26T09:18:20"
 * ```
 */
export function parseLooseDate(text: string | undefined): string | undefined {
  if (!text) return undefined;
  const t = text.trim();
  const time = /(\d{1,2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?/.exec(t);
  const [h, mi, s] = time ? [Number(time[1]), Number(time[2]), Number(time[3] ?? 0)] : [0, 0, 0];
  const zulu = /\dZ$/i.test(t) ? 'Z' : '';
  let m = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})/.exec(t);
  if (m) return withZone(toIsoDateTime(+m[1], +m[2], +m[3], h, mi, s), zulu);
  m = /^(\d{4})[- ]([a-z]{3})[a-z]*[- ](\d{1,2})/i.exec(t);
  if (m) return toIsoDateTime(+m[1], MONTHS.indexOf(m[2].toLowerCase()) + 1, +m[3], h, mi, s);
  m = /^(\d{1,2})[-. ]+([a-z]{3})[a-z]*\.?[-. ]+(\d{4})/i.exec(t);
  if (m) return toIsoDateTime(+m[3], MONTHS.indexOf(m[2].toLowerCase()) + 1, +m[1], h, mi, s);
  m = /^(\d{1,2})[/.](\d{1,2})[/.](\d{4})/.exec(t);
  if (m) {
    const [a, b] = [Number(m[1]), Number(m[2])];
    const monthFirst = a <= 12 && b > 12 && m[0].includes('/');
    return toIsoDateTime(+m[3], monthFirst ? a : b, monthFirst ? b : a, h, mi, s);
  }
  return undefined;
}

function withZone(iso: string | undefined, zone: string): string | undefined {
  return iso === undefined ? undefined : iso + zone;
}

/**
 * The median of the finite values (0 for none). Used to turn per-trace positions into one spacing.
 *
 * @param values - numbers.
 * @returns the median.
 * @example
 * ```ts
 * median([3, 1, 2]); // 2
 * ```
 */
export function median(values: ArrayLike<number>): number {
  const finite = Array.from(values)
    .filter(Number.isFinite)
    .sort((a, b) => a - b);
  if (finite.length === 0) return 0;
  const mid = finite.length >> 1;
  return finite.length % 2 ? finite[mid] : (finite[mid - 1] + finite[mid]) / 2;
}
