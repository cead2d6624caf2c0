import { Scan3dFormatError } from './header-text';

/** Counts read from a Wavefront OBJ file. */
export interface ObjSummary {
  vertexCount: number;
  faceCount: number;
  materialLibraries: string[];
}

const OBJ_KEYWORDS = new Set(['v', 'vt', 'vn', 'vp', 'f', 'l', 'p', 'o', 'g', 's', 'usemtl', 'mtllib', 'cstype', 'deg', 'curv', 'surf', 'parm', 'end']);

function checkText(text: string, kind: string): void {
  if (text.includes('\u0000')) throw new Scan3dFormatError(`is not ${kind} (binary content)`);
}

/**
 * Check a Wavefront OBJ file: text, known keywords only, at least one vertex.
 *
 * @param text - The file as text.
 * @returns Its vertex and face counts and material libraries; throws {@link Scan3dFormatError} otherwise.
 * @example readObjSummary('v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\n').faceCount // 1
 */
export function readObjSummary(text: string): ObjSummary {
  checkText(text, 'an OBJ file');
  let vertexCount = 0;
  let faceCount = 0;
  const materialLibraries: string[] = [];
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) continue;
    const keyword = line.split(/\s+/, 1)[0]!;
    if (!OBJ_KEYWORDS.has(keyword)) throw new Scan3dFormatError(`is not an OBJ file (unexpected line "${line.slice(0, 60)}")`);
    if (keyword === 'v') vertexCount++;
    else if (keyword === 'f') faceCount++;
    else if (keyword === 'mtllib') materialLibraries.push(line.slice(7).trim());
  }
  if (vertexCount === 0) throw new Scan3dFormatError('is not an OBJ file (no vertices)');
  return { vertexCount, faceCount, materialLibraries };
}

/**
 * Check a Wavefront MTL material library: text with at least one `newmtl`.
 *
 * @param text - The file as text.
 * @returns The material names; throws {@link Scan3dFormatError} otherwise.
 * @example readMtlMaterials('newmtl wall\nKd 1 1 1\n') // ['wall']
 */
export function readMtlMaterials(text: string): string[] {
  checkText(text, 'an MTL file');
  const names = text
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l.startsWith('newmtl'))
    .map((l) => l.slice(6).trim());
  if (names.length === 0) throw new Scan3dFormatError('is not an MTL file (no "newmtl")');
  return names;
}
