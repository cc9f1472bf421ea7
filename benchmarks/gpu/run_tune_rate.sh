#!/bin/bash
# Issue 26, tuning rate (one call of the device tool, < 10 min, written on the 2-core machine and
# not run there): `loom tune` of examples/tune/sgemm_space_v5.json at n = 4096 on all 16 cores
# (preparation: transforms with legality, code generation, NVRTC to CUBIN; then the measured runs)
# beside Triton's autotune of 108 FP32 configs at the same size, in the same call, each from a cold
# cache. Also: the tuned SGEMM's whole-process `loom run --repeat` cold and warm (spec-cache hit),
# with the device start-up (`loom run` of a tiny kernel) shown separately, and NVRTC's share
# (front end vs ptxas) of one candidate's compile (LOOM_TIME=1 stage lines). The sweep's summary
# says where its wall time went (preparation stages, the measurers' wait, the worker's phases).
# Setup as run_tails.sh: .cudarun/{loom,lib/} beside the repository, built from this branch.
# Results in $OUT: tune_rate.log (raw), tune_rate.md (the table).
# Usage: bash benchmarks/gpu/run_tune_rate.sh
set -u
cd "$(dirname "$0")/../.."
export LD_LIBRARY_PATH=$PWD/.cudarun/lib:/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
OUT=${OUT:-$(mktemp -d)}
L=./.cudarun/loom
LOG=$OUT/tune_rate.log
: > "$LOG"
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader | tee -a "$LOG"
echo "cores $(nproc)" | tee -a "$LOG"
git log -1 --format='commit %H %s' 2>/dev/null | tee -a "$LOG"

now() { date +%s.%N; }
cpu_of() { /usr/bin/time -f "%e wall %U user %S sys" "$@" 2>&1 >/dev/null | tail -n 1; }

echo "== device start-up (tiny kernel, warm cache)" | tee -a "$LOG"
export LOOM_CACHE_DIR=$(mktemp -d)
$L run examples/vector_scale.json --target cuda > /dev/null 2>&1
for i in 1 2 3; do echo "startup $(cpu_of $L run examples/vector_scale.json --target cuda)" | tee -a "$LOG"; done

echo "== tuned SGEMM whole process, n=4096: cold (empty cache) then warm (spec hit)" | tee -a "$LOG"
for i in 1 2 3; do
  export LOOM_CACHE_DIR=$(mktemp -d)
  echo "cold $(cpu_of $L run examples/memory/sgemm_tuned.json --target cuda -D m=4096 -D n=4096 -D p=4096 --repeat 10)" | tee -a "$LOG"
  echo "warm $(cpu_of $L run examples/memory/sgemm_tuned.json --target cuda -D m=4096 -D n=4096 -D p=4096 --repeat 10)" | tee -a "$LOG"
done

echo "== NVRTC stages of one compile (LOOM_TIME)" | tee -a "$LOG"
export LOOM_CACHE_DIR=$(mktemp -d)
LOOM_TIME=1 $L run examples/memory/sgemm_tuned.json --target cuda -D m=4096 -D n=4096 -D p=4096 2>&1 | grep "loom time" | tee -a "$LOG"

echo "== loom tune sgemm_space_v5 (cold cache, $(nproc) compile threads)" | tee -a "$LOG"
export LOOM_CACHE_DIR=$(mktemp -d)
start=$(now)
timeout 400 $L tune examples/tune/sgemm_space_v5.json --db "$OUT/tune_v5.sqlite" --repeats 10 \
  --summary "$OUT/tune_v5.md" > "$OUT/tune_v5.out" 2>&1
rc=$?
end=$(now)
candidates=$(python3 -c "import sqlite3,sys; print(sqlite3.connect(sys.argv[1]).execute('select count(*) from records').fetchone()[0])" "$OUT/tune_v5.sqlite" 2>/dev/null || echo "?")
echo "loom_tune rc=$rc wall_s=$(python3 -c "print($end - $start)") candidates=$candidates" | tee -a "$LOG"
grep -E "^(Wall time|Where the wall time went)" "$OUT/tune_v5.out" | tee -a "$LOG"
tail -n 5 "$OUT/tune_v5.out" | tee -a "$LOG"

echo "== Triton autotune, 108 FP32 configs, n=4096 (cold: fresh cache dir)" | tee -a "$LOG"
export TRITON_CACHE_DIR=$(mktemp -d)
start=$(now)
timeout 400 python3 benchmarks/tune/triton_autotune.py 4096 108 > "$OUT/triton_autotune.json" 2>/dev/null
rc=$?
end=$(now)
echo "triton_autotune rc=$rc wall_s=$(python3 -c "print($end - $start)") configs=108 $(tail -n 1 "$OUT/triton_autotune.json")" | tee -a "$LOG"

python3 - "$LOG" > "$OUT/tune_rate.md" <<'PY'
import re, sys
text = open(sys.argv[1]).read()
def grab(pattern):
    m = re.search(pattern, text)
    return m.groups() if m else None
rows = ["| what | figure |", "| --- | --- |"]
loom = grab(r"loom_tune rc=(\d+) wall_s=([\d.]+) candidates=(\S+)")
triton = grab(r"triton_autotune rc=(\d+) wall_s=([\d.]+) configs=(\d+)")
if loom and loom[2].isdigit():
    rate = int(loom[2]) / float(loom[1])
    rows.append(f"| loom tune sgemm_space_v5 | {loom[2]} candidates in {float(loom[1]):.1f} s = {rate:.2f}/s (target >= 2/s: {'met' if rate >= 2 else 'NOT met'}) |")
if triton:
    rows.append(f"| Triton autotune | {triton[2]} configs in {float(triton[1]):.1f} s = {int(triton[2]) / float(triton[1]):.2f}/s |")
where = re.search(r"^Where the wall time went: (.*)$", text, re.M)
if where:
    rows.append(f"| loom tune: where the time went | {where.group(1)} |")
for kind in ("startup", "cold", "warm"):
    for line in re.findall(rf"^{kind} (.*)$", text, re.M):
        rows.append(f"| {kind} loom run | {line} |")
print("\n".join(rows))
PY
cat "$OUT/tune_rate.md"
