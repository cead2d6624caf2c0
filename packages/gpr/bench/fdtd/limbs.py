# Decision 0057: picks of an FDTD scan (lone-bar-scan.py) against the engine's model limb by limb, and the εr a fit
# gives with the apex time pinned. Usage: python3 limbs.py out/scan….json [ANTENNA_HEIGHT_M] [F_OVER_F0]
# Env: PARA=1 parabolic stationary step (as the engine) instead of a golden search; NF=1 near-field echo.
import sys, json, numpy as np, subprocess
import os
HERE=os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0,HERE)
os.makedirs(os.path.join(os.path.dirname(os.path.abspath(__file__)),'out'),exist_ok=True)
from mie import fermat
from scipy.optimize import least_squares
c=299792458.0
d=json.load(open(sys.argv[1])); h=float(sys.argv[2]) if len(sys.argv)>2 else 0.004
fscale=float(sys.argv[3]) if len(sys.argv)>3 else 1.12
dt=d['dt']; eps=d['eps']; cover=d['cover']; xs=np.array(d['xs']); s=0.036; f=fscale*d['f0']
up=16
def picks(trs):
    trs=np.array(trs); n=trs.shape[1]
    U=np.fft.irfft(np.fft.rfft(trs,axis=1),n*up,axis=1)*up
    ap=U[0]; i0=np.argmax(np.abs(ap)); sg=np.sign(ap[i0]); out=[]; prev=i0
    for w in sg*U:
        lo=prev-up*20; hi=prev+up*60; j=lo+np.argmax(w[lo:hi]); y0,y1,y2=w[j-1],w[j],w[j+1]
        out.append((j+0.5*(y0-y2)/(y0-2*y1+y2))*dt/up); prev=j
    # envelope of apex for period: dominant freq from spectrum of apex trace
    spec=np.abs(np.fft.rfft(trs[0],8192)); fr=np.fft.rfftfreq(8192,dt)
    return np.array(out), fr[np.argmax(spec)]
cases=[]; P={}
for R,trs in d['R'].items():
    tp,fd=picks(trs); P[R]=(tp,fd)
    cases.append(dict(eps=eps,cover=cover,R=float(R),s=s,f=f,h=h,xs=xs.tolist()))
json.dump({'cases':cases},open(HERE+'/out/q.json','w'))
M=json.loads(subprocess.run(['node','--import','tsx',HERE+'/model.ts',HERE+'/out/q.json'],capture_output=True,text=True,cwd=HERE).stdout)
for m in M:
    R=m['R']; tp,fd=P[str(R) if str(R) in P else repr(R)]
    fe=np.array(m['fermat']); co=np.array(m['coupling']); cc=np.array(m['couplingOnly'])
    per=1/f; use=(fe-fe[0])<=0.8*per
    print(f"R={R*1000:.0f}mm  eps {eps} f0 {d['f0']/1e9} fdom(spec) {fd/1e9:.2f} cover {cover*1000:.0f} dx {d['dx']*1000}mm  picks used {use.sum()}")
    print('  x mm            '+' '.join(f"{x*1000:5.0f}" for x in xs[use]))
    r0=(tp-tp[0])-(fe-fe[0])
    print('  pick-fermat ps  '+' '.join(f"{v*1e12:5.1f}" for v in r0[use]))
    print('  engine corr ps  '+' '.join(f"{v*1e12:5.1f}" for v in (co-co[0])[use]))
    print('  resid (full) ps '+' '.join(f"{v*1e12:5.1f}" for v in (r0-(co-co[0]))[use]))
    xm=np.concatenate([-xs[use][:0:-1],xs[use]]); tm=np.concatenate([tp[use][:0:-1],tp[use]]); cm=np.concatenate([co[use][:0:-1],co[use]])
    st=np.array(m['stationaryFull']); sm=np.concatenate([st[use][:0:-1],st[use]])
    print('  stationary ps   '+' '.join(f"{v*1e12:5.1f}" for v in (st-st[0])[use]))
    print('  resid (stat) ps '+' '.join(f"{v*1e12:5.1f}" for v in (r0-(st-st[0]))[use]))
    for lab,corr in [('full',cm),('stat',sm),('no corr',0*cm)]:
        def res(p):
            cv,e,off=p
            return (np.array([fermat(0,cv,R,x-s/2,x+s/2) for x in xm])*np.sqrt(e)/c+corr+off-tm)*1e12
        r=least_squares(res,[cover,eps,tp[0]-fe[0]])
        off0=tp[0]-fe[0]-(co[0] if lab=='full' else st[0] if lab=='stat' else 0)
        def res2(p):
            cv,e=p
            return (np.array([fermat(0,cv,R,x-s/2,x+s/2) for x in xm])*np.sqrt(e)/c+corr+off0-tm)*1e12
        r2=least_squares(res2,[cover,eps])
        print(f"  fit {lab:8s} pinned apex: eps {r2.x[1]:.3f} ({100*(r2.x[1]-eps)/eps:+.1f}%)  cover {r2.x[0]*1000:.2f}")
        print(f"  fit {lab:8s} free offset: eps {r.x[1]:.3f} ({100*(r.x[1]-eps)/eps:+.1f}%)  cover {r.x[0]*1000:.1f}  apex-offset {(r.x[2])*1e12:.0f}ps")
