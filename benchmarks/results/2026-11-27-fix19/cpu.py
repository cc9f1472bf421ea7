import subprocess, sys, os, resource
bins = sys.argv[1:3]; specs = sys.argv[3:]
env = dict(os.environ, LOOM_NO_CACHE="1")
def cpu(b, spec, target):
    best = 1e9
    for r in range(5):
        p = subprocess.Popen([b, 'compile', spec, '--target', target], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
        _, status, ru = os.wait4(p.pid, 0)
        best = min(best, ru.ru_utime + ru.ru_stime)
    return best
tot = [0, 0]
for spec in specs:
    target = 'cuda' if '/tensor/' in spec else 'opencl'
    a = cpu(bins[0], spec, target); c = cpu(bins[1], spec, target); tot[0] += a; tot[1] += c
    print(f'{os.path.basename(spec):42s} main {a*1000:7.0f} ms cpu  fix19 {c*1000:7.0f} ms cpu  ratio {c/a:5.2f}', flush=True)
print(f'total main {tot[0]*1000:.0f} ms fix19 {tot[1]*1000:.0f} ms ratio {tot[1]/tot[0]:.3f}')
