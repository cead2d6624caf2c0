import { parseFrequencyHz } from './values';

/** GSSI control units by the `rh_system` code (version byte >> 3), from readgssi's table. */
export const GSSI_SYSTEMS: Record<number, string> = {
  2: 'SIR 2000',
  3: 'SIR 3000',
  4: 'TerraVision',
  6: 'SIR 20',
  7: 'StructureScan Mini',
  8: 'SIR 4000',
  9: 'SIR 30',
  10: 'SIR 30',
  12: 'UtilityScan DF',
  13: 'HS',
  14: 'StructureScan Mini XT',
};

/**
 * GSSI antenna model numbers → centre frequency (MHz). Facts collected from readgssi's table and GSSI model
 * names; keys are upper case with spaces removed.
 */
const GSSI_ANTENNA_MHZ: Record<string, number> = {
  '3207': 100,
  '3207AP': 100,
  '5106': 200,
  '5106A': 200,
  '50270': 270,
  '50270S': 270,
  '50300': 300,
  D50300: 300,
  '350': 350,
  '350HS': 350,
  '50400': 400,
  '50400S': 400,
  '5103': 400,
  '5103A': 400,
  '800': 800,
  D50800: 800,
  '3101': 900,
  '3101A': 900,
  '5100': 1500,
  '5100B': 1500,
  '51600': 1600,
  '51600S': 1600,
  '62000': 2000,
  '62000-003': 2000,
  '62300': 2300,
  '62300XT': 2300,
  '52600': 2600,
  '52600S': 2600,
};

/**
 * Antenna centre frequency for a GSSI file: the model table first, then "…MHz/…GHz" text, then the
 * StructureScan Mini rules (XT, system 14 → 2.7 GHz; "SS MINI" → 1.6 GHz, an inference).
 *
 * @param antennaName - `rh_antname`, e.g. "5106", "400MHz", "SS MINI #454".
 * @param systemCode - `rh_system` (version byte >> 3).
 * @returns frequency in Hz, or `undefined` when nothing matches.
 * @example
 * ```ts
 * gssiAntennaFrequencyHz('5106', 8);          // 2e8
 * gssiAntennaFrequencyHz('SS MINI #454', 7);  // 1.6e9
 * ```
 */
export function gssiAntennaFrequencyHz(antennaName: string, systemCode: number): number | undefined {
  const key = antennaName.toUpperCase().replace(/\s+/g, '');
  if (GSSI_ANTENNA_MHZ[key] !== undefined) return GSSI_ANTENNA_MHZ[key] * 1e6;
  const model = /^[A-Z]?\d{3,5}[A-Z]*/.exec(key)?.[0];
  if (model && GSSI_ANTENNA_MHZ[model] !== undefined) return GSSI_ANTENNA_MHZ[model] * 1e6;
  const fromText = /[MG]HZ/.test(key) ? parseFrequencyHz(antennaName) : undefined;
  if (fromText) return fromText;
  if (systemCode === 14 || key.includes('MINIXT')) return 2.7e9;
  if (key.includes('SSMINI') || systemCode === 7) return 1.6e9;
  return undefined;
}
