import subprocess, time, sys, os, json
bins = sys.argv[1:3]; specs = sys.argv[3:]
env = dict(os.environ, LOOM_NO_CACHE="1")
for spec in specs:
    target = 'cuda' if '/tensor/' in spec else 'opencl'
    best = {b: 1e9 for b in bins}
    for r in range(3):
        for b in bins:
            t = time.perf_counter()
            p = subprocess.run([b, 'compile', spec, '--target', target], capture_output=True, env=env)
            best[b] = min(best[b], time.perf_counter() - t)
    a, c = best[bins[0]], best[bins[1]]
    print(f'{os.path.basename(spec):50s} main {a*1000:8.1f} ms  fix19 {c*1000:8.1f} ms  ratio {c/a:5.2f}  rc={p.returncode}', flush=True)
