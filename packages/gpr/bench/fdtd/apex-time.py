# Decision 0065: the apex trace of one lone bar in the 2-D FDTD (fdtd.py), against the known source peak chi = √2/f0.
# Prints, in ps: the engine's time zero rule (direct wave's strongest lobe − s/c) minus chi; the scattered echo's
# envelope peak minus chi minus the two-way time to the bar's top (refracted legs when the antennas are above the
# surface); the echo's strongest lobe minus its envelope peak.
# Usage: python3 apex-time.py EPS F0_GHZ COVER_MM R_MM[,R…] [S_MM] [H_MM] [DX_MM]; env SIG (S/m)
import os, sys, numpy as np
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import fdtd
c = fdtd.c
eps = float(sys.argv[1]); f0 = float(sys.argv[2]) * 1e9; cover = float(sys.argv[3]) * 1e-3
Rs = [float(r) * 1e-3 for r in sys.argv[4].split(',')]
s = float(sys.argv[5]) * 1e-3 if len(sys.argv) > 5 else 0.036
h = float(sys.argv[6]) * 1e-3 if len(sys.argv) > 6 else 0.004
dx = float(sys.argv[7]) * 1e-3 if len(sys.argv) > 7 else 0.002
T = 2 * (cover + 0.03) * np.sqrt(eps) / c + 2.2 / f0 + 0.4e-9
kw = dict(sigma=float(os.environ.get('SIG', '0')), s=s, h=h, dx=dx, T=T, air=0.36, below=cover + 0.3, halfw=0.34)  # walls far enough that nothing returns within T
chi = np.sqrt(2) / f0

def envelope(x):
    n = len(x); F = np.fft.fft(x); w = np.zeros(n); w[0] = 1; w[1:(n + 1) // 2] = 2
    if n % 2 == 0: w[n // 2] = 1
    return np.abs(np.fft.ifft(F * w))

def peak(y, i):
    a, b, cc = y[i - 1], y[i], y[i + 1]
    return i + 0.5 * (a - cc) / (a - 2 * b + cc)

def leg(cov):  # one leg, antenna at height h, lateral s/2, to the point (0, cov): refracted at the surface
    u = np.linspace(0, s / 2, 4001)
    return np.min(np.hypot(s / 2 - u, h) / c + np.hypot(u, cov) * np.sqrt(eps) / c)

ref, dt = fdtd.run(eps, f0, cover, 0, 0, **kw)
i = int(np.argmax(np.abs(ref))); lobe = peak(np.abs(ref), i)
t0 = (lobe + 0.5) * dt - s / c  # out[n] is sampled after the update at step n, source at (n+0.5)dt
print(f'eps {eps} f {f0/1e9} GHz cover {cover*1e3:.0f} mm s {s*1e3:.0f} h {h*1e3:.0f} dx {dx*1e3:.0f}: time zero rule − chi {1e12*(t0-chi):+.0f} ps')
for R in Rs:
    o, _ = fdtd.run(eps, f0, cover, R, 0, **kw)
    sc = o - ref
    env = envelope(sc)
    first = int(round((chi + 2 * leg(cover) - 1.0 / f0) / dt))
    j = first + int(np.argmax(env[first:])); te = (peak(env, j) + 0.5) * dt
    k = first + int(np.argmax(np.abs(sc[first:]))); tl = (peak(np.abs(sc), k) + 0.5) * dt
    model = 2 * leg(cover)
    mm_per_ps = c / np.sqrt(eps) / 2 * 1e-12 * 1e3
    print(f'  R {R*1e3:4.1f} mm: echo envelope peak − chi − model {1e12*(te-chi-model):+5.0f} ps ({1e12*(te-chi-model)*mm_per_ps:+.1f} mm); strongest lobe − envelope peak {1e12*(tl-te):+5.0f} ps; with the time zero rule {1e12*(te-t0-model):+5.0f} ps ({1e12*(te-t0-model)*mm_per_ps:+.1f} mm)')
