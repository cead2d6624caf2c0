export { detectGprFormat } from './detect';
export { readDt1 } from './dt1';
export { readDzt, detectScanCounter } from './dzt';
export { decodeDztDate } from './dzt-header';
export { gssiAntennaFrequencyHz } from './dzt-antenna';
export { parseDzg, parseDzx } from './dzt-sidecars';
export type { DzxInfo } from './dzt-sidecars';
export { GprFormatError, MAX_SAMPLES_PER_TRACE, MAX_TOTAL_SAMPLES } from './errors';
export { readGprMax, hasHdf5Signature } from './gprmax';
export type { GprMaxComponent, GprMaxReadOptions } from './gprmax';
export { isHdf5SupportLoaded, loadHdf5Support } from './hdf5-runtime';
export { readRd3, malaSampleInterval, parseCor } from './mala';
export { readGprFile, readGprFileAsync } from './read-gpr-file';
export { readSegy } from './segy';
export type { SegyReadOptions } from './segy';
export { guessSampleInterval, ibmToNumber } from './segy-samples';
export type {
  AreaScanDirection,
  AreaScanGroup,
  FileMapEntry,
  FileMapKind,
  GprFileInput,
  GprReadResult,
  LineScan,
} from './types';
export { readVendorCsv } from './vendor-csv';
export type { VendorCsv, VendorValues } from './vendor-csv';
export { matchVendorField, parseDirection, VENDOR_FIELD_NAMES } from './vendor-fields';
export type { VendorField } from './vendor-fields';
export { readVendorZip } from './vendor-zip';
export { extractZipEntry, isZip, listZipEntries, MAX_ZIP_ENTRIES } from './zip';
export type { ZipEntry } from './zip';
export type { VendorZipOptions } from './vendor-zip';
