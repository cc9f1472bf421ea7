#!/usr/bin/env python3
"""Per-HMMA SASS instruction counts of a tensor-core GEMM's k loop (issue 29), offline:

    build/loom compile SPEC --target cuda --emit ptx --arch sm_90 > k.ptx
    ptxas -arch=sm_90 k.ptx -o k.cubin && nvdisasm -c k.cubin > k.sass
    python3 benchmarks/tensor_sass_counts.py k.sass

The loop is the one with the most HMMA per instruction (the full-group loop; the edge groups'
copy has per-tile guards). Printed: its static counts (both sides of every branch) and a hot-path
estimate, the loop's basic blocks minus those holding a lane-by-lane fallback copy (a 2-byte
LDG that is not .CONSTANT: the misaligned or edge lanes of 16-byte copies and fills, which
aligned full tiles never run). nvdisasm comes with the CUDA toolkit (pip nvidia-cuda-nvdisasm)."""
import re, sys, collections
lines = open(sys.argv[1]).read().splitlines()
insns, labels, pending = [], {}, []
for line in lines:
    m = re.match(r'\s*(\.L_x_\d+):', line)
    if m: pending.append(m.group(1)); continue
    m = re.match(r'\s*/\*([0-9a-f]{4,})\*/\s+(.*?);', line)
    if m:
        addr = int(m.group(1), 16); text = m.group(2).strip()
        for p in pending: labels[p] = addr
        starts_block = bool(pending); pending = []
        t = re.sub(r'^@!?U?P\w+\s+', '', text)
        insns.append(dict(addr=addr, op=t.split()[0].split('.')[0], full=t.split()[0], text=text, leader=starts_block))
loops = []
for i in insns:
    if i['op'] == 'BRA':
        m = re.search(r'`\((\.L_x_\d+)\)', i['text'])
        if m and labels.get(m.group(1), 1 << 60) < i['addr']: loops.append((labels[m.group(1)], i['addr']))
best = None
for s, e in loops:
    body = [i for i in insns if s <= i['addr'] <= e]
    h = sum(i['op'] == 'HMMA' for i in body)
    if h and (best is None or h / len(body) > best[0]): best = (h / len(body), body, h)
_, body, hmma = best
blocks, cur = [], []
for i in body:
    if i['leader'] and cur: blocks.append(cur); cur = []
    cur.append(i)
    if i['op'] in ('BRA', 'BREAK', 'EXIT'): blocks.append(cur); cur = []
if cur: blocks.append(cur)
hot = [i for b in blocks if not any(x['op'] == 'LDG' and 'CONSTANT' not in x['text'] for x in b) for i in b]
for name, part in (('static', body), ('hot-path estimate', hot)):
    c = collections.Counter(i['op'] for i in part)
    other = len(part) - c['HMMA']
    print(f"{name}: {len(part)} instructions, HMMA {c['HMMA']}, other/HMMA {other / hmma:.1f}; " +
          ", ".join(f"{k} {v}" for k, v in c.most_common(14)))
