# Decision 0057. # 2D TMz FDTD like gprMax 3 (Ez, Hx, Hy), Hertzian dipole line source, Ricker, PEC cylinder staircased (Ez nodes inside).
import numpy as np
c=299792458.0; e0=8.8541878128e-12; mu0=4e-7*np.pi
def run(eps, f0, cover, R, xbar_rel, s=0.036, h=0.004, dx=0.002, T=4.5e-9, air=0.36, below=0.30, halfw=0.34, sigma=0.0, stair='node'):
    nx=int(round(2*halfw/dx))+1; nz=int(round((air+below)/dx))+1
    x=(np.arange(nx)-(nx-1)/2)*dx           # antenna midpoint at x=0
    z=np.arange(nz)*dx-air                   # surface at z=0
    X,Z=np.meshgrid(x,z,indexing='ij')
    # Ez nodes: permittivity averaged over 4 surrounding cells; cells: concrete if cell centre z>0
    zc=z+dx/2
    cellc=np.where(zc>0,eps,1.0)
    ce=np.ones((nx,nz)); cs=np.zeros((nx,nz))
    epsnode=np.ones(nz)*1.0
    epsnode[1:]=(cellc[1:]+cellc[:-1])/2; epsnode[0]=cellc[0]
    signode=np.zeros(nz); signode[1:]=np.where(z[1:]>0,sigma,np.where(z[1:]==0,sigma/2,0))
    epsN=np.broadcast_to(epsnode,(nx,nz)); sigN=np.broadcast_to(signode,(nx,nz))
    dt=0.99*dx/(c*np.sqrt(2))
    ca=(1-sigN*dt/(2*e0*epsN))/(1+sigN*dt/(2*e0*epsN)); cb=(dt/(e0*epsN))/(1+sigN*dt/(2*e0*epsN))
    pec=np.zeros((nx,nz),bool)
    if R>0:
        cz=cover+R
        if stair=='node':
            pec=(X-xbar_rel)**2+(Z-cz)**2<=R*R
        else: # cells inside -> all 4 corners
            inside=((X+dx/2-xbar_rel)**2+(Z+dx/2-cz)**2<=R*R)
            pec=inside.copy(); pec[1:,:]|=inside[:-1,:]; pec[:,1:]|=inside[:,:-1]; pec[1:,1:]|=inside[:-1,:-1]
    Ez=np.zeros((nx,nz)); Hx=np.zeros((nx,nz-1)); Hy=np.zeros((nx-1,nz))
    it=lambda v: int(round(v/dx))
    iz=it(air-h)  # antenna row: h above surface
    itx=(nx-1)//2-it(s/2); irx=(nx-1)//2+it(s/2)
    nt=int(T/dt); out=np.zeros(nt)
    zeta=np.pi**2*f0**2; chi=np.sqrt(2)/f0
    for n in range(nt):
        Hx-=dt/(mu0*dx)*(Ez[:,1:]-Ez[:,:-1])
        Hy+=dt/(mu0*dx)*(Ez[1:,:]-Ez[:-1,:])
        Ez[1:-1,1:-1]=ca[1:-1,1:-1]*Ez[1:-1,1:-1]+cb[1:-1,1:-1]*((Hy[1:,1:-1]-Hy[:-1,1:-1])-(Hx[1:-1,1:]-Hx[1:-1,:-1]))/dx
        t=(n+0.5)*dt
        I=-(2*zeta*(t-chi)**2-1)*np.exp(-zeta*(t-chi)**2)
        Ez[itx,iz]-=cb[itx,iz]*I/(dx*dx)
        Ez[pec]=0
        out[n]=Ez[irx,iz]
    return out,dt
