# Decision 0057: a lone bar in a homogeneous medium (exact broadband Mie series, no surface): picks against Fermat +
# the far-field phase. Usage: python3 homogeneous.py EPS F0_GHZ COVER_MM
import sys; import os; sys.path.insert(0,os.path.dirname(os.path.abspath(__file__)))
from mie import *
eps=float(sys.argv[1]); f0=float(sys.argv[2])*1e9; cover=float(sys.argv[3])*1e-3; s=0.036
fdom=1.12*f0
dt=2e-12; NT=4096
freqs=np.fft.rfftfreq(NT,dt); sel=(freqs>0.02e9)&(freqs<5*f0)
xs=np.arange(0,0.121,0.004)
for a_mm in [0,2,4,6,8,10,12,14]:
    a=max(a_mm*1e-3,1e-5)
    picks=[];models=[];phs=[]
    for xm in xs:
        tx=xm-s/2; rx=xm+s/2
        spec=np.zeros(len(freqs),complex)
        E=np.array([echo(f,eps,a,0.0,cover+a,tx,rx) for f in freqs[sel]])
        spec[sel]=E*ricker_spec(freqs[sel],f0)
        tr=np.fft.irfft(spec,NT)
        picks.append(tr)
        L=fermat(0.0,cover,a,tx,rx)
        models.append(L*np.sqrt(eps)/c)
        # single-frequency exact phase delay
        Ed=echo(fdom,eps,a,0.0,cover+a,tx,rx)
        phs.append(Ed)
    picks=np.array(picks)
    # tracked lobe: strongest lobe at apex
    ap=picks[0]; i0=np.argmax(np.abs(ap)); sgn=np.sign(ap[i0])
    tp=[]
    prev=i0
    for tr in picks:
        w=sgn*tr; lo=prev-40; hi=prev+120
        j=lo+np.argmax(w[lo:hi])
        # parabolic refine
        y0,y1,y2=w[j-1],w[j],w[j+1]; d=0.5*(y0-y2)/(y0-2*y1+y2)
        tp.append((j+d)*dt); prev=j
    tp=np.array(tp); models=np.array(models)
    ph=np.unwrap(np.angle(np.array(phs)))
    tph=-(ph-ph[0])/(2*np.pi*fdom)
    # engine far-field correction (phase change vs apex)
    k=2*np.pi*fdom*np.sqrt(eps)/c
    ff=np.array([-farfield_phase(k*a,bist(xm,0,cover+a,s))/(2*np.pi*fdom) for xm in xs])
    # homogeneous leg near-field
    def leg(r): return -(np.angle(hankel2(0,k*r)*np.exp(1j*k*r))-np.pi/4)/(2*np.pi*fdom)
    lg=[]
    for xm in xs:
        # reflection pt approx: use centre-direction point
        tx=xm-s/2; rx=xm+s/2
        lg.append(leg(np.hypot(tx,cover+a)-a)+leg(np.hypot(rx,cover+a)-a))
    lg=np.array(lg)
    dpick=(tp-tp[0]); dmod=models-models[0]; dff=ff-ff[0]; dlg=lg-lg[0]
    u=xs/(cover+s/2)
    print(f"R={a_mm:2d}  x_mm: "+" ".join(f"{x*1000:5.0f}" for x in xs[::3]))
    print("  pick-fermat ps  "+" ".join(f"{v*1e12:5.1f}" for v in (dpick-dmod)[::3]))
    print("  phase1f-fermat  "+" ".join(f"{v*1e12:5.1f}" for v in (tph-dmod)[::3]))
    print("  engine corr     "+" ".join(f"{v*1e12:5.1f}" for v in (dff+dlg)[::3]))
    print("  pick-ph1f       "+" ".join(f"{v*1e12:5.1f}" for v in (dpick-tph)[::3]))
    # fit eps with fermat+engine corr, with picks restricted to delay<=0.8 period
    per=1/fdom
    m=(dmod<=0.8*per)
    xsm=xs[m]; tpm=tp[m]; corr=(dff+dlg)[m]
    def res(p):
        x0,cv,e=p
        return np.array([fermat(x0,cv,a,x-s/2,x+s/2)*np.sqrt(e)/c for x in xsm])+corr+p[3]-tpm if len(p)>3 else None
    def res4(p):
        x0,cv,e,off=p
        return (np.array([fermat(x0,cv,a,x-s/2,x+s/2)*np.sqrt(e)/c for x in xsm])+corr+off-tpm)*1e12
    # symmetric data: mirror
    r=least_squares(lambda p: res4([0,p[0],p[1],p[2]]), [cover,eps,tp[0]-models[0]])
    print(f"  fit (free offset): cover {r.x[0]*1000:.2f} eps {r.x[1]:.3f} ({100*(r.x[1]-eps)/eps:+.1f}%)  picks {m.sum()}")
