# Decision 0057: one lone bar in the 2-D FDTD (fdtd.py), scattered field per antenna position (run with the bar minus
# one without it). Usage: python3 lone-bar-scan.py EPS F0_GHZ COVER_MM R_MM[,R_MM…] [DX_M] [STEP_M] [HALFWIDTH_M] [T_NS]
# Env: SIG (S/m), STAIR=node|cell, TAG (file prefix), X0/X1 (offsets, m). Writes out/scan*.json. Slow: ~3 s per trace.
import os, sys, numpy as np, json
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import fdtd
os.makedirs(os.path.join(os.path.dirname(os.path.abspath(__file__)),'out'),exist_ok=True)
eps=float(sys.argv[1]); f0=float(sys.argv[2])*1e9; cover=float(sys.argv[3])*1e-3; Rs=[float(r)*1e-3 for r in sys.argv[4].split(',')]
dx=float(sys.argv[5]) if len(sys.argv)>5 else 0.002
kw=dict(sigma=float(__import__("os").environ.get("SIG","0")), stair=__import__("os").environ.get("STAIR","node"), halfw=float(sys.argv[7]) if len(sys.argv)>7 else 0.16, air=0.16, below=float(sys.argv[7]) if len(sys.argv)>7 else 0.16, T=float(sys.argv[8])*1e-9 if len(sys.argv)>8 else 2.8e-9, dx=dx)
ref,dt=fdtd.run(eps,f0,cover,0,0,**kw)
res={'dt':dt,'eps':eps,'f0':f0,'cover':cover,'dx':dx,'xs':[],'R':{}}
xs=np.arange(float(__import__("os").environ.get("X0","0")),float(__import__("os").environ.get("X1","0.0641")),float(sys.argv[6]) if len(sys.argv)>6 else 0.004); res['xs']=xs.tolist()
for R in Rs:
    trs=[]
    for xb in xs:
        o,_=fdtd.run(eps,f0,cover,R,xb,**kw); trs.append((o-ref).tolist())
    res['R'][str(R)]=trs
    print('done',R,flush=True)
json.dump(res,open(os.path.dirname(os.path.abspath(__file__))+f'/out/scan{__import__("os").environ.get("TAG","")}_{sys.argv[1]}_{sys.argv[2]}_{sys.argv[3]}_{sys.argv[4]}_{dx}.json','w'))
