#!/usr/bin/env python3
"""Interleaved CPU A/B of `loom compile SPEC --target T` (LOOM_NO_CACHE=1): base/new/new/base per round,
child CPU time (user+sys) by wait4; prints per-spec medians and new/base."""
import os, subprocess, sys, statistics
base, new, rounds = sys.argv[1], sys.argv[2], int(sys.argv[3])
specs = [l.split() for l in open(sys.argv[4]) if l.strip()]
env = dict(os.environ, LOOM_NO_CACHE="1")
def cpu(loom, spec, target):
    p = subprocess.Popen([loom, "compile", spec, "--target", target], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
    _, status, ru = os.wait4(p.pid, 0)
    return ru.ru_utime + ru.ru_stime
ratios = []
for spec, target in specs:
    a, b = [], []
    for r in range(rounds):
        a.append(cpu(base, spec, target)); b.append(cpu(new, spec, target)); b.append(cpu(new, spec, target)); a.append(cpu(base, spec, target))
    ma, mb = statistics.median(a), statistics.median(b)
    ratios.append(mb / ma)
    print(f"{os.path.basename(spec):50s} {target:6s} base {ma*1e3:8.1f} ms  new {mb*1e3:8.1f} ms  {mb/ma:.3f}", flush=True)
import math
print(f"geomean new/base {math.exp(sum(map(math.log, ratios))/len(ratios)):.3f} over {len(ratios)}")
