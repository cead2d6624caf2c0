#!/usr/bin/env node
// Regenerates src/assets/radargram.svg, the sign-in backdrop: a stylised GPR B-scan with the
// surface (direct-wave) ringing, two layers of rebar hyperbolas with ringing, concrete layering and
// speckle. Deterministic (seeded), so the output only changes when this script does.
//   node apps/web/scripts/generate-radargram.mjs
import { writeFileSync } from 'node:fs';
const W = 1600,
  H = 1000;
let seed = 7;
const rand = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
const f = (n) => Math.round(n).toString();
const parts = [];
parts.push(
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" preserveAspectRatio="xMidYMid slice">`,
);
parts.push(
  `<defs><linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#21332a"/><stop offset=".55" stop-color="#17251e"/><stop offset="1" stop-color="#0c1511"/></linearGradient>`,
);
parts.push(
  `<radialGradient id="glow" cx=".7" cy=".35" r=".6"><stop offset="0" stop-color="#3fae72" stop-opacity=".22"/><stop offset="1" stop-color="#3fae72" stop-opacity="0"/></radialGradient></defs>`,
);
parts.push(`<rect width="${W}" height="${H}" fill="url(#bg)"/>`);
// Layering: gently undulating horizontal bands (the concrete's texture).
for (let i = 0; i < 26; i++) {
  const y = 120 + i * 34 + rand() * 10;
  const amp = 2 + rand() * 5,
    period = 300 + rand() * 400,
    phase = rand() * 6.28;
  let d = '';
  for (let x = 0; x <= W; x += 40)
    d += `${x ? 'L' : 'M'}${x} ${f(y + amp * Math.sin((x / period) * 6.28 + phase))}`;
  parts.push(
    `<path d="${d}" fill="none" stroke="${i % 2 ? '#000' : '#cfe8d9'}" stroke-opacity="${(0.03 + rand() * 0.04).toFixed(3)}" stroke-width="${f(6 + rand() * 10)}"/>`,
  );
}
// Surface (direct wave) ringing.
const surface = [
  [40, '#e8f5ec', 0.55, 7],
  [54, '#000', 0.45, 8],
  [68, '#e8f5ec', 0.35, 6],
  [82, '#000', 0.3, 6],
  [96, '#e8f5ec', 0.18, 5],
];
for (const [y, c, o, w] of surface)
  parts.push(`<rect x="0" y="${y}" width="${W}" height="${w}" fill="${c}" fill-opacity="${o}"/>`);
// Hyperbolas: t(x) = sqrt(t0^2 + (k (x - x0))^2), drawn with ringing (alternating bands).
// Hyperbolas: t(x) = t0 - c + sqrt(c^2 + (k x)^2), with ringing (alternating bands); each shape is
// defined once and placed with <use>.
function hyperbolaShape(id, k) {
  const rings = [
    [0, '#f2fbf5', 0.8],
    [10, '#000', 0.6],
    [20, '#f2fbf5', 0.42],
    [30, '#000', 0.3],
    [40, '#f2fbf5', 0.16],
  ];
  const c = 38;
  // Arms fade with distance from the apex, as the reflection weakens.
  const pieces = [
    [-170, -115, 0.25],
    [-115, -60, 0.6],
    [-60, 60, 1],
    [60, 115, 0.6],
    [115, 170, 0.25],
  ];
  const out = [`<g id="${id}">`];
  for (const [dt, color, op] of rings) {
    for (const [a, b, fade] of pieces) {
      let d = '';
      for (let x = a; x < b; x += 11)
        d += `${x === a ? 'M' : 'L'}${f(x)} ${f(-c + Math.sqrt(c * c + (k * x) ** 2) + dt)}`;
      d += `L${f(b)} ${f(-c + Math.sqrt(c * c + (k * b) ** 2) + dt)}`;
      out.push(`<path d="${d}" stroke="${color}" stroke-opacity="${(op * fade).toFixed(3)}"/>`);
    }
  }
  out.push('</g>');
  return out.join('');
}
parts.push(`<defs>${hyperbolaShape('h1', 1.45)}${hyperbolaShape('h2', 1.3)}</defs>`);
parts.push('<g fill="none" stroke-width="5.5" stroke-linejoin="round">');
for (let i = 0; i < 11; i++)
  parts.push(
    `<use href="#h1" x="${f(80 + i * 150 + rand() * 10)}" y="${f(300 + rand() * 14)}" opacity="${(0.95 - rand() * 0.2).toFixed(2)}"/>`,
  );
for (let i = 0; i < 9; i++)
  parts.push(
    `<use href="#h2" x="${f(150 + i * 170 + rand() * 12)}" y="${f(600 + rand() * 18)}" opacity="${(0.55 - rand() * 0.15).toFixed(2)}"/>`,
  );
parts.push('</g>');
// Speckle (noise).
for (let i = 0; i < 320; i++) {
  const x = rand() * W,
    y = 110 + rand() * (H - 110);
  parts.push(
    `<rect x="${f(x)}" y="${f(y)}" width="${f(2 + rand() * 10)}" height="2" fill="${rand() > 0.5 ? '#fff' : '#000'}" fill-opacity="${(0.04 + rand() * 0.08).toFixed(3)}"/>`,
  );
}
parts.push(`<rect width="${W}" height="${H}" fill="url(#glow)"/>`);
// Scan grid ticks along the top, as on a B-scan axis.
for (let x = 0; x <= W; x += 50)
  parts.push(
    `<rect x="${x}" y="0" width="1.5" height="${x % 250 ? 10 : 20}" fill="#cfe8d9" fill-opacity=".35"/>`,
  );
parts.push('</svg>');
writeFileSync(new URL('../src/assets/radargram.svg', import.meta.url), parts.join('\n'));
