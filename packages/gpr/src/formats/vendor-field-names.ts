/**
 * What the vendor CSV's columns (or key/value rows) can mean. The real column names are not public, so
 * each field has a list of accepted names, compared after lower-casing and dropping everything but letters
 * and digits ("Grid spacing X [cm]" → "gridspacingx" with unit "cm").
 */
export type VendorField =
  | 'fileName'
  | 'csvLineNumber'
  | 'direction'
  | 'areaScanWidth'
  | 'areaScanHeight'
  | 'gridSpacingX'
  | 'gridSpacingY'
  | 'gridSizeX'
  | 'gridSizeY'
  | 'scansPerCm'
  | 'scanDate'
  | 'scanLength'
  | 'permittivity'
  | 'timeWindow'
  | 'sampleInterval'
  | 'areaScanName'
  | 'unitSystem';

/** How a field's cells are converted (see `convertVendorValue`). */
export type VendorFieldKind = 'text' | 'int' | 'length' | 'rate' | 'date' | 'direction' | 'number' | 'time';

/** Each field's value kind and accepted (normalised) column names. */
export const VENDOR_FIELDS: Record<VendorField, { kind: VendorFieldKind; names: string[] }> = {
  fileName: {
    kind: 'text',
    names: [
      'filename',
      'file',
      'segyfile',
      'segy',
      'sgyfile',
      'bscan',
      'bscanfile',
      'scanfile',
      'linefile',
      'filepath',
      'path',
      'datafile',
      'originalfilename',
    ],
  },
  csvLineNumber: {
    kind: 'int',
    names: [
      'csvlinenumber',
      'linenumber',
      'lineno',
      'linenr',
      'line',
      'lineid',
      'lineindex',
      'columnid',
      'scannumber',
      'scanno',
      'scanindex',
      'number',
      'index',
    ],
  },
  direction: {
    kind: 'direction',
    names: [
      'direction',
      'linedirection',
      'scandirection',
      'areascandirection',
      'orientation',
      'lineorientation',
      'axis',
      'linetype',
      'scanaxis',
    ],
  },
  areaScanWidth: {
    kind: 'length',
    names: ['areascanwidth', 'areawidth', 'scanareawidth', 'width', 'gridwidth'],
  },
  areaScanHeight: {
    kind: 'length',
    names: ['areascanheight', 'areaheight', 'scanareaheight', 'height', 'gridheight'],
  },
  gridSpacingX: {
    kind: 'length',
    names: [
      'gridspacingx',
      'spacingx',
      'xspacing',
      'linespacingx',
      'gridxspacing',
      'xgridspacing',
      'gridspacinghorizontal',
    ],
  },
  gridSpacingY: {
    kind: 'length',
    names: [
      'gridspacingy',
      'spacingy',
      'yspacing',
      'linespacingy',
      'gridyspacing',
      'ygridspacing',
      'gridspacingvertical',
    ],
  },
  gridSizeX: {
    kind: 'length',
    names: ['gridsizex', 'sizex', 'xsize', 'gridx', 'xgridsize', 'gridsizehorizontal'],
  },
  gridSizeY: {
    kind: 'length',
    names: ['gridsizey', 'sizey', 'ysize', 'gridy', 'ygridsize', 'gridsizevertical'],
  },
  scansPerCm: {
    kind: 'rate',
    names: [
      'scansper',
      'scans',
      'repetitionrate',
      'scanrate',
      'scansperunit',
      'scandensity',
      'stepsize',
      'ascansper',
    ],
  },
  scanDate: {
    kind: 'date',
    names: [
      'scandate',
      'date',
      'datetime',
      'createdat',
      'created',
      'timestamp',
      'measurementdate',
      'recorded',
      'recordeddate',
      'starttime',
    ],
  },
  scanLength: { kind: 'length', names: ['scanlength', 'length', 'linelength', 'distance', 'scandistance'] },
  permittivity: {
    kind: 'number',
    names: [
      'dielectricconstant',
      'dielectric',
      'permittivity',
      'epsilon',
      'epsilonr',
      'epsr',
      'relativepermittivity',
    ],
  },
  timeWindow: { kind: 'time', names: ['timewindow', 'window', 'timerange', 'depthtimewindow', 'range'] },
  sampleInterval: {
    kind: 'time',
    names: ['sampleinterval', 'samplinginterval', 'dt', 'timestep', 'timepersample', 'sampletime'],
  },
  areaScanName: {
    kind: 'text',
    names: [
      'areascan',
      'areascanname',
      'areascanid',
      'measurement',
      'measurementname',
      'measurementid',
      'scangroup',
    ],
  },
  unitSystem: { kind: 'text', names: ['units', 'unit', 'unitsystem', 'measurementsystem', 'unitofmeasure'] },
};
