#!/bin/bash
# Issue 26, tuning rate, fourth pass (wt-tune3): do the edge tiles slow down when the guarded
# (partial-tile) copies of an unr_hint loop are unrolled by a small factor instead of fully?
# Written on the 2-core machine, run in one device call beside run_tune_rate.sh.
#
# sgemm_space_v5's candidates (benchmarks/tune/compile_cost.py's expansion, those SELECT keeps)
# at ragged n, each compiled once per factor of LOOM_GUARDED_UNROLL (0: the full unroll of
# before, the library's default otherwise), each factor in its own kernel cache (the kernel-level
# key does not hold the switch). First every (candidate, factor) is compiled in parallel and
# checked against the reference at n = CHECK_N (ragged in every tile: the guarded copies run);
# then timed one after another with `loom run --repeat 20` (cache hits), the factors interleaved
# per candidate and size, cuBLAS at the same sizes just before and after (drift).
# Layout: the repository (or a bundle of it) with .cudarun/{loom,lib/}.
# Results in $OUT: guarded_unroll.log (raw), guarded_unroll.md (table).
# Environment: FACTORS (default "0 4"), SIZES (default "1000 3000 4095"), SELECT (a Python
# expression over the space's variables; default "S == 1 and TK <= 16": S = 2 generates the
# same code, and a 32-deep tile's full unroll is the 30 CPU-s compile this change removes),
# CHECK_N (default 257).
set -u
cd "$(dirname "$0")/../.."
export LD_LIBRARY_PATH=$PWD/.cudarun/lib:/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
OUT=${OUT:-$(mktemp -d)}
L=$PWD/.cudarun/loom
LOG=$OUT/guarded_unroll.log
: > "$LOG"
FACTORS=${FACTORS:-"0 4"}
SIZES=${SIZES:-"1000 3000 4095"}
SELECT=${SELECT:-"S == 1 and TK <= 16"}
CHECK_N=${CHECK_N:-257}
say() { echo "$*" | tee -a "$LOG"; }
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader | tee -a "$LOG"

WORK=$(mktemp -d)  # the specs and the kernel caches (not in $OUT: only a few files come back)
SPECS=$WORK/specs
mkdir -p "$SPECS"
python3 - "$SPECS" "$SELECT" <<'PY'
import json, os, sys
sys.path.insert(0, "benchmarks/tune")
import compile_cost
folder, select = sys.argv[1], sys.argv[2]
space_path = "examples/tune/sgemm_space_v5.json"
space = json.load(open(space_path))
base = json.load(open(os.path.join(os.path.dirname(space_path), space["spec"])))
for a in compile_cost.candidates(space):
    if not eval(select, {}, dict(a)):
        continue
    spec = dict(base)
    spec["transforms"] = compile_cost.concrete(space["transforms"], a)
    json.dump(spec, open(os.path.join(folder, f"TI{a['TI']}_TJ{a['TJ']}_TK{a['TK']}_S{a['S']}.json"), "w"))
PY
NAMES=$(ls "$SPECS" | sed 's/\.json$//')
say "candidates: $(echo $NAMES)"

say "== compile and check at n = $CHECK_N, every (candidate, factor) in parallel"
start=$(date +%s.%N)
{ for f in $FACTORS; do
    for name in $NAMES; do
      ( r=$(LOOM_GUARDED_UNROLL=$f LOOM_CACHE_DIR=$WORK/cache$f timeout 150 "$L" run "$SPECS/$name.json" --target cuda --check -D n=$CHECK_N 2>&1 | tail -n 1)
        echo "check f=$f $name: $r" ) &
    done
  done
  wait; } | tee -a "$LOG"
say "compile_and_check_wall_s $(python3 -c "import time; print(round(time.time() - $start, 1))")"

cublas() { timeout 60 python3 benchmarks/gpu/cublas_shapes.py $(for n in $SIZES; do printf "%s,%s,%s " $n $n $n; done) 2>&1 | tee -a "$LOG"; }
say "== cublas"
cublas
say "== timed (cache hits)"
for n in $SIZES; do
  for name in $NAMES; do
    for f in $FACTORS; do
      r=$(LOOM_GUARDED_UNROLL=$f LOOM_CACHE_DIR=$WORK/cache$f timeout 60 "$L" run "$SPECS/$name.json" --target cuda --repeat 20 -D n=$n 2>&1 | tail -n 1)
      say "time f=$f n=$n $name $r"
    done
  done
done
say "== cublas again (drift)"
cublas

python3 - "$LOG" > "$OUT/guarded_unroll.md" <<'PY'
import re, sys
text = open(sys.argv[1]).read()
times = {}
for f, n, name, value, unit in re.findall(r"^time f=(\d+) n=(\d+) (\S+) .*?median ([\d.]+) (us|ms)", text, re.M):
    times.setdefault((int(n), name), {})[int(f)] = float(value) * (1000 if unit == "ms" else 1)
cublas = {}
for n, tflops in re.findall(r"^cublas (\d+) \1 \1 ([\d.]+)", text, re.M):
    cublas.setdefault(int(n), []).append(float(tflops))
factors = sorted({f for row in times.values() for f in row})
head = "| n | candidate | " + " | ".join(f"f={f} us (of cuBLAS)" for f in factors) + " | " + \
       " | ".join(f"f={f} / f={factors[0]}" for f in factors[1:]) + " |"
print(head)
print("|" + " --- |" * (2 + 2 * len(factors) - 1))
for (n, name), row in sorted(times.items()):
    flops = 2.0 * n ** 3
    best = max(cublas.get(n, [0])) or None
    cells = []
    for f in factors:
        if f not in row:
            cells.append("-")
            continue
        share = f" ({flops / (row[f] * 1e-6) / 1e12 / best:.3f})" if best else ""
        cells.append(f"{row[f]:.1f}{share}")
    ratios = [f"{row[f] / row[factors[0]]:.3f}" if f in row and factors[0] in row else "-" for f in factors[1:]]
    print(f"| {n} | {name} | " + " | ".join(cells) + " | " + " | ".join(ratios) + " |")
PY
cat "$OUT/guarded_unroll.md"
