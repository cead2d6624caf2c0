/**
 * The marching-cubes case table, built at load time rather than typed in: for each of the 256 sign patterns
 * of a cube's corners, the surface's polygons are traced over the cube's six faces and cut into triangles.
 *
 * Corner k sits at (k & 1, (k >> 1) & 1, (k >> 2) & 1). Edge e joins corners EDGE_CORNERS[e]; edges 0–3 run
 * along x, 4–7 along y, 8–11 along z. On each face (corners counter-clockwise seen from outside) a sign change
 * between consecutive corners is a crossing; the crossings are joined into segments that keep the negative
 * corners on the same side, an ambiguous face (four crossings) always separating its negative corners. Both
 * cubes sharing a face see the same corners, so they cut it the same way and the surface has no cracks.
 * Each crossing ends one face's segment and starts the next face's, so the segments close into loops, which
 * are fanned into triangles wound so that their normal points from negative (behind the surface) to positive.
 */

/** The two corners of each edge, lower corner first. */
export const EDGE_CORNERS: readonly (readonly [number, number])[] = (() => {
  const edges: [number, number][] = [];
  for (let axis = 0; axis < 3; axis++) {
    const bit = 1 << axis;
    for (let c = 0; c < 8; c++) if ((c & bit) === 0) edges.push([c, c | bit]);
  }
  return edges;
})();

/** Axis (0 x, 1 y, 2 z) of each edge. */
export const EDGE_AXIS: readonly number[] = EDGE_CORNERS.map(([a, b]) => Math.log2(b - a));

function corner(c: number): [number, number, number] {
  return [c & 1, (c >> 1) & 1, (c >> 2) & 1];
}

function edgeOf(a: number, b: number): number {
  const lo = Math.min(a, b);
  const hi = Math.max(a, b);
  return EDGE_CORNERS.findIndex(([x, y]) => x === lo && y === hi);
}

/** The six faces: corner indexes counter-clockwise seen from outside the cube. */
const FACES: readonly number[][] = (() => {
  const faces: number[][] = [];
  for (let axis = 0; axis < 3; axis++) {
    for (const side of [0, 1]) {
      const normal = [0, 0, 0];
      normal[axis] = side ? 1 : -1;
      const u = (axis + 1) % 3;
      const v = (axis + 2) % 3;
      const corners = [0, 1, 2, 3, 4, 5, 6, 7].filter((c) => corner(c)[axis] === side);
      // Angle around the face centre in the (u, v) plane; u × v = +axis, so flip for the negative side.
      const angle = (c: number) => {
        const p = corner(c);
        const a = Math.atan2(p[v]! - 0.5, p[u]! - 0.5);
        return side ? a : -a;
      };
      faces.push(corners.sort((a, b) => angle(a) - angle(b)));
    }
  }
  return faces;
})();

function triangulate(pattern: number): number[] {
  const isNegative = (c: number) => ((pattern >> c) & 1) === 1;
  const next = new Map<number, number>();
  for (const face of FACES) {
    // Crossings in counter-clockwise order: 'in' enters the negative region, 'out' leaves it.
    const crossings: { edge: number; isIn: boolean }[] = [];
    for (let i = 0; i < 4; i++) {
      const a = face[i]!;
      const b = face[(i + 1) % 4]!;
      if (isNegative(a) !== isNegative(b)) crossings.push({ edge: edgeOf(a, b), isIn: isNegative(b) });
    }
    // Each 'out' joins the 'in' just before it: the negative corners stay apart.
    for (let i = 0; i < crossings.length; i++) {
      const c = crossings[i]!;
      if (c.isIn) continue;
      const before = crossings[(i - 1 + crossings.length) % crossings.length]!;
      next.set(c.edge, before.edge);
    }
  }
  const triangles: number[] = [];
  const done = new Set<number>();
  for (const start of next.keys()) {
    if (done.has(start)) continue;
    const loop: number[] = [];
    for (let e: number | undefined = start; e !== undefined && !done.has(e); e = next.get(e)) {
      done.add(e);
      loop.push(e);
    }
    for (let i = 1; i + 1 < loop.length; i++) triangles.push(loop[0]!, loop[i]!, loop[i + 1]!);
  }
  return triangles;
}

function edgeMidpoint(e: number): number[] {
  const [a, b] = EDGE_CORNERS[e]!;
  const p = corner(a);
  const q = corner(b);
  return [0, 1, 2].map((i) => (p[i]! + q[i]!) / 2);
}

/**
 * Whether the traced winding already points from negative to positive: checked on the case with only corner 0
 * negative, whose surface must face away from corner 0 (towards +x +y +z).
 */
function windingIsOutward(): boolean {
  const [a, b, c] = triangulate(1).map(edgeMidpoint) as [number[], number[], number[]];
  const u = [b[0]! - a[0]!, b[1]! - a[1]!, b[2]! - a[2]!];
  const v = [c[0]! - a[0]!, c[1]! - a[1]!, c[2]! - a[2]!];
  const n = [u[1]! * v[2]! - u[2]! * v[1]!, u[2]! * v[0]! - u[0]! * v[2]!, u[0]! * v[1]! - u[1]! * v[0]!];
  return n[0]! + n[1]! + n[2]! > 0;
}

/**
 * Triangles per sign pattern (bit k set = corner k negative), as edge indexes, three per triangle, flattened:
 * case k's triangles are `TRIANGLES.subarray(TRIANGLE_START[k], TRIANGLE_START[k + 1])`.
 */
export const { TRIANGLES, TRIANGLE_START } = (() => {
  const flip = !windingIsOutward();
  const all: number[] = [];
  const start = new Uint16Array(257);
  for (let pattern = 0; pattern < 256; pattern++) {
    start[pattern] = all.length;
    const t = triangulate(pattern);
    for (let i = 0; i < t.length; i += 3)
      if (flip) all.push(t[i]!, t[i + 2]!, t[i + 1]!);
      else all.push(t[i]!, t[i + 1]!, t[i + 2]!);
  }
  start[256] = all.length;
  return { TRIANGLES: Uint8Array.from(all), TRIANGLE_START: start };
})();
