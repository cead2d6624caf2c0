# Decision 0057: how a neighbour's echo at 80–120 mm shifts a lone bar's limb picks (superposition of FDTD runs:
# SIG=0.01 TAG=sig lone-bar-scan.py 7 2 40 6, and X0=0.068 X1=0.1241 TAG=far … for the far offsets).
import json, numpy as np, sys
import os
HERE=os.path.dirname(os.path.abspath(__file__))
a=json.load(open(HERE+'/out/scansig_7_2_40_6_0.002.json')); b=json.load(open(HERE+'/out/scanfar_7_2_40_6_0.002.json'))
dt=a['dt']; S={}
for x,t in zip(a['xs'],a['R']['0.006']): S[round(x*1000)]=np.array(t)
for x,t in zip(b['xs'],b['R']['0.006']): S[round(x*1000)]=np.array(t)
n=len(S[0]); Z=np.zeros(n)
def sig(u): return S.get(abs(u),Z)
up=16
def pick(tr,prev,sg):
    U=np.fft.irfft(np.fft.rfft(tr),n*up)*up; w=sg*U
    lo=prev-up*20; hi=prev+up*60; j=lo+np.argmax(w[lo:hi]); y0,y1,y2=w[j-1],w[j],w[j+1]
    return (j+0.5*(y0-y2)/(y0-2*y1+y2))*dt/up, j
for spacing in [None,120,100,80]:
    xs=range(0,65,4); out=[]
    ap=np.fft.irfft(np.fft.rfft(sig(0)),n*up); i0=np.argmax(np.abs(ap)); sg=np.sign(ap[i0]); prev=i0
    for x in xs:
        tr=sig(x)+(sig(x-spacing)+sig(x+spacing) if spacing else 0)
        t,prev=pick(tr,prev,sg); out.append(t)
    out=np.array(out)
    if spacing is None: base=out
    print(spacing, ' '.join(f"{(v)*1e12:6.1f}" for v in (out-out[0]-(base-base[0]))))
