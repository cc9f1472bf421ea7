#!/bin/bash
# Issue 26, tuning rate (one call of the device tool, < 10 min, written on the 2-core machine and
# not run there): `loom tune` of examples/tune/sgemm_space_v5.json at n = 4096 on all 16 cores
# (preparation: transforms with legality, code generation, NVRTC to CUBIN; then the measured runs)
# beside Triton's autotune of 108 FP32 configs at the same size, in the same call, each from a cold
# cache. Also: the tuned SGEMM's whole-process `loom run --repeat` cold and warm (spec-cache hit),
# with the device start-up (`loom run` of a tiny kernel) shown separately, and NVRTC's share
# (front end vs ptxas) of one candidate's compile (LOOM_TIME=1 stage lines). The sweep's summary
# says where its wall time went (preparation stages, the measurers' wait, the worker's phases).
# Setup as run_tails.sh: .cudarun/{loom,lib/} beside the repository, built from this branch
# (.cudarun/libloom_llvm.so too for the LLVM path).
# Results in $OUT: tune_rate.log (raw), tune_rate.md (the table).
# Environment: COMPILERS="nvrtc llvm" sweeps once per CUDA compiler (`loom tune --compiler`; default
# nvrtc), each from a cold cache, each bounded by TUNE_TIMEOUT seconds (default 400: a sweep cut
# short still records what it measured; the table then says it did not finish); TUNE_ONLY=1
# skips the whole-process runs and NVRTC's stages.
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

COMPILERS=${COMPILERS:-nvrtc}
TUNE_TIMEOUT=${TUNE_TIMEOUT:-400}
if [ "${TUNE_ONLY:-0}" != 1 ]; then
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
fi

for compiler in $COMPILERS; do
  # nvrtc keeps the old file names (tune_v5.*) so that earlier calls' tables compare.
  tag=$([ "$compiler" = nvrtc ] && echo tune_v5 || echo "tune_v5_$compiler")
  echo "== loom tune sgemm_space_v5 --compiler $compiler (cold cache, $(nproc) compile threads)" | tee -a "$LOG"
  export LOOM_CACHE_DIR=$(mktemp -d)
  start=$(now)
  timeout "$TUNE_TIMEOUT" $L tune examples/tune/sgemm_space_v5.json --compiler "$compiler" --db "$OUT/$tag.sqlite" --repeats 10 \
    --summary "$OUT/$tag.md" > "$OUT/$tag.out" 2>&1
  rc=$?
  end=$(now)
  candidates=$(python3 -c "import sqlite3,sys; print(sqlite3.connect(sys.argv[1]).execute('select count(*) from records').fetchone()[0])" "$OUT/$tag.sqlite" 2>/dev/null || echo "?")
  best=$(python3 -c "import sqlite3,sys; print(sqlite3.connect(sys.argv[1]).execute(\"select min(time_ms) from records where status = 'measured'\").fetchone()[0])" "$OUT/$tag.sqlite" 2>/dev/null || echo "?")
  echo "loom_tune compiler=$compiler rc=$rc wall_s=$(python3 -c "print($end - $start)") candidates=$candidates best_ms=$best" | tee -a "$LOG"
  grep -E "^(Wall time|Where the wall time went)" "$OUT/$tag.out" | sed "s/^/[$compiler] /" | tee -a "$LOG"
  tail -n 5 "$OUT/$tag.out" | tee -a "$LOG"
done

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
triton = grab(r"triton_autotune rc=(\d+) wall_s=([\d.]+) configs=(\d+)")
for compiler, rc, wall, count, best in re.findall(r"loom_tune compiler=(\S+) rc=(\d+) wall_s=([\d.]+) candidates=(\S+) best_ms=(\S+)", text):
    if count.isdigit() and rc == "124":  # cut by TUNE_TIMEOUT: what it measured, not a sweep's rate
        rows.append(f"| loom tune sgemm_space_v5 --compiler {compiler} | NOT finished: cut at {float(wall):.1f} s with {count} "
                    f"candidates measured; best so far {best} ms |")
    elif count.isdigit():
        rate = int(count) / float(wall)
        rows.append(f"| loom tune sgemm_space_v5 --compiler {compiler} | {count} candidates in {float(wall):.1f} s = {rate:.2f}/s "
                    f"(target >= 2/s: {'met' if rate >= 2 else 'NOT met'}); best {best} ms |")
if triton:
    rows.append(f"| Triton autotune | {triton[2]} configs in {float(triton[1]):.1f} s = {int(triton[2]) / float(triton[1]):.2f}/s |")
for compiler, where in re.findall(r"^\[(\S+)\] Where the wall time went: (.*)$", text, re.M):
    rows.append(f"| loom tune --compiler {compiler}: where the time went | {where} |")
for kind in ("startup", "cold", "warm"):
    for line in re.findall(rf"^{kind} (.*)$", text, re.M):
        rows.append(f"| {kind} loom run | {line} |")
print("\n".join(rows))
PY
cat "$OUT/tune_rate.md"
