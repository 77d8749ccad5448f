import json,sys,hashlib,os
TIMING={'wall_seconds','seconds','games_per_second','samples_per_second','waited_seconds','run'}
def events(p):
    out=[]
    for l in open(p):
        e=json.loads(l)
        out.append({k:v for k,v in e.items() if k not in TIMING})
    return out
def weights(root):
    d=os.path.join(root,'checkpoints'); r={}
    for g in sorted(os.listdir(d)):
        w=os.path.join(d,g,'weights.safetensors')
        if os.path.exists(w): r[g]=hashlib.sha256(open(w,'rb').read()).hexdigest()
    return r
for name in sys.argv[1:]:
    a=events(f'{name}-before/metrics.jsonl'); b=events(f'{name}-after/metrics.jsonl')
    same=a==b
    print(name,'events',len(a),len(b),'identical (timing fields excluded):',same)
    if not same:
        for x,y in zip(a,b):
            if x!=y: print(' first difference:\n  ',x,'\n  ',y); break
    wa,wb=weights(f'{name}-before'),weights(f'{name}-after')
    print(name,'checkpoints',len(wa),'weights identical:',wa==wb, list(wa.items())[-1])
