# Decision 0057: exact 2-D PEC-cylinder echo in a homogeneous medium (Mie series), Fermat path, far-field phase.
import numpy as np, sys
from scipy.special import hankel2, jv
from scipy.optimize import minimize_scalar, least_squares
c=299792458.0
def ricker_spec(f, f0):
    # gprMax ricker: -(2 zeta (t-chi)^2 -1) exp(-zeta (t-chi)^2), zeta=pi^2 f0^2, chi=sqrt2/f0 ; spectrum ~ f^2 exp(-f^2/f0^2) * phase
    chi=np.sqrt(2)/f0
    return (f**2/f0**2)*np.exp(-(f/f0)**2)*np.exp(-2j*np.pi*f*chi)
def echo(f, eps, a, cx, cz, tx, rx, N=None):
    k=2*np.pi*f*np.sqrt(eps)/c
    ka=k*a
    N=int(ka+4*ka**(1/3)+12)
    rt=np.hypot(tx-cx,cz); rr=np.hypot(rx-cx,cz)
    pt=np.arctan2(tx-cx,cz); pr=np.arctan2(rx-cx,cz)
    n=np.arange(-N,N+1)
    an=-jv(n,ka)/hankel2(n,ka)
    return -(2*np.pi*f)*np.sum(an*hankel2(n,k*rt)*hankel2(n,k*rr)*np.exp(1j*n*(pr-pt)))  # omega*mu/4 factor ~ omega (line source current const)
def fermat(cx, cover, a, tx, rx):
    cz=cover+a
    def L(phi):
        px=cx+a*np.sin(phi); pz=cz-a*np.cos(phi)
        return np.hypot(px-tx,pz)+np.hypot(px-rx,pz)
    r=minimize_scalar(L,bounds=(-1.5,1.5),method='bounded',options={'xatol':1e-10})
    return r.fun
def farfield_phase(ka, gamma):
    N=int(ka+4*ka**(1/3)+8); n=np.arange(0,N+1)
    a=-jv(n,ka)/hankel2(n,ka)*np.where(n==0,1,2)
    F=np.sum(a*np.cos(n*(np.pi-gamma)))
    beta=2*ka*np.cos(gamma/2)+3*np.pi/4
    return np.angle(F*np.exp(-1j*beta))
def bist(xm,cx,depth,s):
    return abs(np.arctan2(xm+s/2-cx,depth)-np.arctan2(xm-s/2-cx,depth))
