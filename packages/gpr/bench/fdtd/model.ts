// Decision 0057: the engine's model (Fermat + surface coupling, ray point and stationary point) for limbs.py.
import { readFileSync } from 'node:fs';
import {
  bistaticTravelTimeS,
  surfaceCouplingCorrections,
  surfaceLegDelayS,
  reflectedPathWithGradient,
  SPEED_OF_LIGHT_M_PER_S,
} from '../../src/index';
import {
  cylinderScatteringCorrections,
  cylinderNearFieldScatteringCorrections,
} from '../../src/fitting/cylinder-scattering';
const q = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const out: Record<string, unknown>[] = [];
function stationary(
  xs: number[],
  bar: { x0M: number; coverM: number; radiusM: number },
  eps: number,
  s: number,
  f: number,
  h: number,
): number[] {
  const half = s / 2;
  const v = SPEED_OF_LIGHT_M_PER_S / Math.sqrt(eps);
  const apex = 2 * surfaceLegDelayS(half, bar.coverM, eps, f, 0);
  const cx = bar.x0M,
    cz = bar.coverM + bar.radiusM,
    r = bar.radiusM;
  return xs.map((x) => {
    const ray = reflectedPathWithGradient(x - half, x + half, bar);
    const total = (phi: number): number => {
      const px = cx + r * Math.sin(phi),
        pz = cz - r * Math.cos(phi);
      const l = Math.hypot(px - x + half, pz) + Math.hypot(px - x - half, pz);
      return (
        l / v +
        surfaceLegDelayS(px - (x - half), pz, eps, f, h) +
        surfaceLegDelayS(px - (x + half), pz, eps, f, h)
      );
    };
    const phi0 = Math.atan2(ray.pointXM - cx, cz - ray.pointDepthM);
    // golden section on [phi0 - 1, phi0 + 1] clipped
    let a = phi0 - 1.2,
      b = phi0 + 1.2;
    const g = (Math.sqrt(5) - 1) / 2;
    let c1 = b - g * (b - a),
      c2 = a + g * (b - a),
      f1 = total(c1),
      f2 = total(c2);
    for (let i = 0; i < 40; i++) {
      if (f1 < f2) {
        b = c2;
        c2 = c1;
        f2 = f1;
        c1 = b - g * (b - a);
        f1 = total(c1);
      } else {
        a = c1;
        c1 = c2;
        f1 = f2;
        c2 = a + g * (b - a);
        f2 = total(c2);
      }
    }
    const hstep = Number(process.env.H ?? 0.1);
    const t0 = total(phi0),
      tp = total(phi0 + hstep),
      tm = total(phi0 - hstep);
    const curv = (tp - 2 * t0 + tm) / (hstep * hstep),
      slope = (tp - tm) / (2 * hstep);
    const para = curv > 0 ? t0 - (slope * slope) / (2 * curv) : t0;
    if (process.env.PARA) return para - ray.lengthM / v - apex;
    return Math.min(f1, f2) - ray.lengthM / v - apex;
  });
}
for (const c of q.cases) {
  const bar = { x0M: 0, coverM: c.cover, radiusM: c.R };
  const fermat = c.xs.map((x: number) => bistaticTravelTimeS(x, bar, c.eps, c.s));
  const coupling = Array.from(
    surfaceCouplingCorrections(c.xs, bar, c.eps, c.s, { frequencyHz: c.f, antennaHeightM: c.h }),
  );
  const couplingOnly = Array.from(
    surfaceCouplingCorrections(c.xs, bar, c.eps, c.s, {
      frequencyHz: c.f,
      antennaHeightM: c.h,
      shouldModelScattering: false,
    }),
  );
  const scat = Array.from(
    (process.env.NF ? cylinderNearFieldScatteringCorrections : cylinderScatteringCorrections)(
      c.xs,
      bar,
      c.eps,
      c.s,
      c.f,
    ),
  );
  const st = stationary(c.xs, bar, c.eps, c.s, c.f, c.h);
  const stationaryFull = st.map((v, i) => v + scat[i]);
  out.push({ ...c, fermat, coupling, couplingOnly, stationaryFull });
}
console.log(JSON.stringify(out));
