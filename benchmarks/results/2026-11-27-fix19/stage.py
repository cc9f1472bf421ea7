import subprocess, sys, os, re
bins = sys.argv[1:3]; specs = sys.argv[3:]
env = dict(os.environ, LOOM_NO_CACHE="1", LOOM_TIME="1")
def measure(b, spec, target):
    best = None
    for r in range(3):
        p = subprocess.run([b, 'compile', spec, '--target', target], capture_output=True, text=True, env=env)
        loops = sum(float(m.group(1)) for m in re.finditer(r"temporaries' loops\s+([\d.]+) ms", p.stderr))
        trans = sum(float(m.group(1)) for m in re.finditer(r"transforms\([^)]*\): \d+ \S+\s+([\d.]+) ms", p.stderr))
        if best is None or trans < best[1]: best = (loops, trans)
    return best
tl = {b: [0, 0] for b in bins}
for spec in specs:
    target = 'cuda' if '/tensor/' in spec else 'opencl'
    row = []
    for b in bins:
        l, t = measure(b, spec, target); tl[b][0] += l; tl[b][1] += t; row.append(f'loops {l:7.2f} transforms {t:8.2f}')
    print(f'{os.path.basename(spec):42s} main: {row[0]} | fix19: {row[1]}', flush=True)
for b in bins: print(b, 'sum loops %.1f ms, transforms %.1f ms' % tuple(tl[b]))
