// Decision 0068: the engine's surface-coupling correction (ray point or stationary point) of one lone bar at several
// frequencies, for spectral-limbs.py. Usage: node --import tsx spectral-model.ts EPS COVER_MM R_MM SP(0|1) F1,F2,… X1,X2,…
// Prints a JSON matrix [frequency][midpoint] of corrections in seconds.
import { surfaceCouplingCorrections } from '../../src/fitting/surface-coupling';

const [eps, cover, radius, stationary, frequencies, midpoints] = process.argv.slice(2);
const bar = { x0M: 0, coverM: Number(cover) / 1000, radiusM: Number(radius) / 1000 };
const xs = midpoints.split(',').map(Number);
const out = frequencies
  .split(',')
  .map(Number)
  .map((frequencyHz) =>
    Array.from(
      surfaceCouplingCorrections(xs, bar, Number(eps), 0.036, {
        frequencyHz,
        antennaHeightM: 0.004,
        shouldUseStationaryPoint: stationary === '1',
      }),
    ),
  );
console.log(JSON.stringify(out));
