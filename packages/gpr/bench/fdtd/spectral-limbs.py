# Decision 0068: does the limb picks' lobe drift with the legs' frequency-dependent phase? Picks of an FDTD scan
# (lone-bar-scan.py, the first radius) against the engine's correction at 1.12·f0, at the echo's spectral peak, and
# averaged over frequency with the weight f²·|S(f)| that a lobe peak sees (t* = ∫ω²S τ(ω) / ∫ω²S). Usage:
# python3 spectral-limbs.py out/scan….json [SP 0|1]
import sys, json, numpy as np, subprocess, os
sys.path.insert(0,os.path.dirname(os.path.abspath(__file__)))
from mie import fermat
from scipy.optimize import least_squares
c=299792458.0
d=json.load(open(sys.argv[1])); sp=sys.argv[2] if len(sys.argv)>2 else '0'
dt=d['dt']; eps=d['eps']; cover=d['cover']; xs=np.array(d['xs']); s=0.036; f0=d['f0']
R=float(list(d['R'].keys())[0]); trs=np.array(d['R'][list(d['R'].keys())[0]])
up=16; n=trs.shape[1]
U=np.fft.irfft(np.fft.rfft(trs,axis=1),n*up,axis=1)*up
ap=U[0]; i0=np.argmax(np.abs(ap)); sg=np.sign(ap[i0]); tp=[]; prev=i0
for w in sg*U:
    lo=prev-up*20; hi=prev+up*60; j=lo+np.argmax(w[lo:hi]); y0,y1,y2=w[j-1],w[j],w[j+1]
    tp.append((j+0.5*(y0-y2)/(y0-2*y1+y2))*dt/up); prev=j
tp=np.array(tp)
# apex echo spectrum (window around the apex)
spec=np.abs(np.fft.rfft(trs[0],16384)); fr=np.fft.rfftfreq(16384,dt)
fs=np.linspace(0.3,2.6,24)*f0
S=np.interp(fs,fr,spec); W=fs**2*S; W/=W.sum()
fpk=fr[np.argmax(spec)]
flist=list(fs)+[1.12*f0, fpk]
M=np.array(json.loads(subprocess.run(['node','--import','tsx',os.path.join(os.path.dirname(os.path.abspath(__file__)),'spectral-model.ts'),str(eps),str(cover*1000),str(R*1000),sp,','.join(f'{f:.6g}' for f in flist),','.join(f'{x:.6g}' for x in xs)],capture_output=True,text=True,cwd=os.path.dirname(os.path.abspath(__file__))).stdout))
broad=(W[:,None]*M[:len(fs)]).sum(0)
# each limb trace's own spectrum as the weight (the legs' and the bar's amplitude change along the limb included)
SX=np.array([np.interp(fs,fr,np.abs(np.fft.rfft(tr,16384))) for tr in trs]).T*fs[:,None]**2
own=(SX*M[:len(fs)]).sum(0)/SX.sum(0)
fe=np.array([fermat(0,cover,R,x-s/2,x+s/2) for x in xs])*np.sqrt(eps)/c
per=1/(1.12*f0); use=(fe-fe[0])<=0.8*per
print(f"eps {eps} f0 {f0/1e9} cover {cover*1e3:.0f} R {R*1e3:.0f} dx {d['dx']*1e3} sp {sp}; spectral peak {fpk/1e9:.2f} GHz; weighted mean f {np.sum(W*fs)/1e9:.2f}")
r0=(tp-tp[0])-(fe-fe[0])
for lab,corr in [('1.12f0',M[-2]),('peak',M[-1]),('broadband',broad),('own spec',own)]:
    print(f'  {lab:10s} resid ps', ' '.join(f'{v*1e12:5.1f}' for v in (r0-(corr-corr[0]))[use]))
    xm=np.concatenate([-xs[use][:0:-1],xs[use]]); tm=np.concatenate([tp[use][:0:-1],tp[use]]); cm=np.concatenate([corr[use][:0:-1],corr[use]])
    off0=tp[0]-fe[0]-corr[0]
    def res2(p):
        cv,e=p
        return (np.array([fermat(0,cv,R,x-s/2,x+s/2) for x in xm])*np.sqrt(e)/c+cm+off0-tm)*1e12
    r2=least_squares(res2,[cover,eps])
    print(f'  {lab:10s} pinned apex: eps {r2.x[1]:.3f} ({100*(r2.x[1]-eps)/eps:+.1f}%)  cover {r2.x[0]*1000:.2f}')
