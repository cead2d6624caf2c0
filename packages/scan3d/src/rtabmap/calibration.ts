import { compareVersions } from './version';
import { IDENTITY_3X4, readTransform, writeTransform, type Transform3x4 } from './transform';

/** A pinhole camera as RTAB-Map stores it in `Data.calibration`, with its local transform (base → optical frame). */
export interface CameraCalibration {
  fx: number;
  fy: number;
  cx: number;
  cy: number;
  /** Image size the intrinsics are for (0 when the old layout without a size stored none). */
  width: number;
  height: number;
  localTransform: Transform3x4;
  /** Which layout it came from. */
  layout: 'serialized' | 'floats-with-size' | 'floats';
}

const HEADER_INTS = 11;

/**
 * Read `Data.calibration` of an RGB-D (mono) camera, as RTAB-Map's DBDriverSqlite3 does by the database's
 * version: since 0.18.0 a sequence of serialised CameraModels (11 int32 header: version ×3, type 0 = mono,
 * width, height, counts of K, D, R, P; then float64 K, D, R, P and float32 local transform); before, float32
 * [fx, fy, cx, cy, (width, height since 0.11.2), local transform ×12] per camera. Stereo calibrations are
 * refused with a message (they need disparity, not depth images).
 */
export function readCalibration(bytes: Uint8Array, version: string): CameraCalibration[] {
  if (bytes.length === 0) throw new Error('The frame has no camera calibration');
  if (compareVersions(version, '0.18.0') >= 0) return readSerialized(bytes);
  return readFloats(bytes, compareVersions(version, '0.11.2') >= 0);
}

function readSerialized(bytes: Uint8Array): CameraCalibration[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const cameras: CameraCalibration[] = [];
  let offset = 0;
  while (offset < bytes.length) {
    if (bytes.length - offset < HEADER_INTS * 4)
      throw new Error(`The camera calibration is ${bytes.length} bytes, too short for its header`);
    const h = (i: number) => view.getInt32(offset + i * 4, true);
    const type = h(3);
    if (type === 1)
      throw new Error(
        'The recording comes from a stereo camera; only RGB-D recordings (depth images) can be turned into clouds',
      );
    if (type !== 0) throw new Error(`The camera calibration has an unknown type ${type}`);
    const [nK, nD, nR, nP, nL] = [h(6), h(7), h(8), h(9), h(10)];
    if (
      (nK !== 0 && nK !== 9) ||
      nD < 0 ||
      nD > 14 ||
      (nR !== 0 && nR !== 9) ||
      (nP !== 0 && nP !== 12) ||
      (nL !== 0 && nL !== 12)
    )
      throw new Error(
        `The camera calibration header is invalid (K ${nK}, D ${nD}, R ${nR}, P ${nP}, local transform ${nL})`,
      );
    const need = HEADER_INTS * 4 + 8 * (nK + nD + nR + nP) + 4 * nL;
    if (bytes.length - offset < need)
      throw new Error(`The camera calibration is ${bytes.length - offset} bytes; its header needs ${need}`);
    let p = offset + HEADER_INTS * 4;
    const doubles = (n: number) => {
      const out: number[] = [];
      for (let i = 0; i < n; i++) out.push(view.getFloat64(p + i * 8, true));
      p += n * 8;
      return out;
    };
    const K = doubles(nK);
    doubles(nD);
    doubles(nR);
    const P = doubles(nP);
    const local = nL ? readTransform(bytes, p, 'camera local transform') : null;
    p += nL * 4;
    const usesP = P.length === 12 && P[0]! > 0;
    const fx = usesP ? P[0]! : (K[0] ?? 0);
    const fy = usesP ? P[5]! : (K[4] ?? 0);
    const cx = usesP ? P[2]! : (K[2] ?? 0);
    const cy = usesP ? P[6]! : (K[5] ?? 0);
    if (!(fx > 0 && fy > 0)) throw new Error('The camera calibration has no focal length');
    cameras.push({
      fx,
      fy,
      cx,
      cy,
      width: h(4),
      height: h(5),
      localTransform: local ?? Float64Array.from(IDENTITY_3X4),
      layout: 'serialized',
    });
    offset = p;
  }
  return cameras;
}

function readFloats(bytes: Uint8Array, withSize: boolean): CameraCalibration[] {
  const per = (withSize ? 6 : 4) + 12;
  if (bytes.length % (per * 4) !== 0) {
    if (bytes.length === (5 + 12) * 4 || bytes.length === (7 + 12) * 4)
      throw new Error(
        'The recording comes from a stereo camera; only RGB-D recordings (depth images) can be turned into clouds',
      );
    throw new Error(
      `The camera calibration is ${bytes.length} bytes, which matches no layout of its RTAB-Map version`,
    );
  }
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const cameras: CameraCalibration[] = [];
  for (let offset = 0; offset < bytes.length; offset += per * 4) {
    const f = (i: number) => view.getFloat32(offset + i * 4, true);
    const fx = f(0);
    const fy = f(1);
    if (!(fx > 0 && fy > 0)) throw new Error('The camera calibration has no focal length');
    const local = readTransform(bytes, offset + (per - 12) * 4, 'camera local transform');
    cameras.push({
      fx,
      fy,
      cx: f(2),
      cy: f(3),
      width: withSize ? f(4) : 0,
      height: withSize ? f(5) : 0,
      localTransform: local ?? Float64Array.from(IDENTITY_3X4),
      layout: withSize ? 'floats-with-size' : 'floats',
    });
  }
  return cameras;
}

/** Write a calibration in the serialised layout (≥ 0.18.0): K, D(5), R, P and the local transform. */
export function writeCalibration(
  camera: {
    fx: number;
    fy: number;
    cx: number;
    cy: number;
    width: number;
    height: number;
    localTransform: ArrayLike<number>;
  },
  version: [number, number, number] = [0, 23, 8],
  parts: { distortion?: boolean; rectification?: boolean; projection?: boolean } = {
    distortion: true,
    rectification: true,
    projection: true,
  },
): Uint8Array {
  const K = [camera.fx, 0, camera.cx, 0, camera.fy, camera.cy, 0, 0, 1];
  const D = parts.distortion ? [0, 0, 0, 0, 0] : [];
  const R = parts.rectification ? [1, 0, 0, 0, 1, 0, 0, 0, 1] : [];
  const P = parts.projection ? [camera.fx, 0, camera.cx, 0, 0, camera.fy, camera.cy, 0, 0, 0, 1, 0] : [];
  const header = [...version, 0, camera.width, camera.height, K.length, D.length, R.length, P.length, 12];
  const out = new Uint8Array(HEADER_INTS * 4 + 8 * (K.length + D.length + R.length + P.length) + 48);
  const view = new DataView(out.buffer);
  header.forEach((v, i) => view.setInt32(i * 4, v, true));
  let p = HEADER_INTS * 4;
  for (const v of [...K, ...D, ...R, ...P]) {
    view.setFloat64(p, v, true);
    p += 8;
  }
  out.set(writeTransform(camera.localTransform), p);
  return out;
}

/** Write a calibration in the float layout of RTAB-Map before 0.18.0 (with the image size since 0.11.2). */
export function writeCalibrationFloats(
  camera: {
    fx: number;
    fy: number;
    cx: number;
    cy: number;
    width: number;
    height: number;
    localTransform: ArrayLike<number>;
  },
  withSize: boolean,
): Uint8Array {
  const values = [
    camera.fx,
    camera.fy,
    camera.cx,
    camera.cy,
    ...(withSize ? [camera.width, camera.height] : []),
    ...Array.from(camera.localTransform),
  ];
  const out = new Uint8Array(values.length * 4);
  const view = new DataView(out.buffer);
  values.forEach((v, i) => view.setFloat32(i * 4, v, true));
  return out;
}
