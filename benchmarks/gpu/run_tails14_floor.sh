#!/bin/bash
# Issue 25, wt-floor14 (2026-11-27): examples/memory/sgemm_tuned_strip.json computes its strip
# boundary itself (rows below 128*floor((m + 95)/128)); no -D mm. One device call:
#  1. --check on CUDA (against the C reference) without -D mm at m = 1, 17, 129, 1000, 5000, 4993
#     and 4096 (empty strip), small n and p so the CPU reference is quick;
#  2. sgemm_tuned against the self-contained strip at 5000^3 (the strip's gain) and 1800^3 (a strip
#     of 8 rows that saves no wave: its cost), one pass, cuBLAS on each side (sgemm_variants.py);
#  3. the two-spec rule with --strip (sgemm_splitk where E < 0.8, else sgemm_tuned_strip) at
#     5000^3, 3000^3, 7000^3, two passes, cuBLAS before and after each loom figure (sgemm_rule.py).
# Layout: $BUNDLE/{loom,lib/,sgemm_rule.py,sgemm_variants.py,sass_loops.py}, $BUNDLE/specs/*.json.
# Usage: BUNDLE=.gpu-floor14 OUT=... bash run_tails14_floor.sh
set -u
B=${BUNDLE:-.gpu-floor14}
OUT=${OUT:-$(mktemp -d)}
L=$B/loom
S=$B/specs
export LD_LIBRARY_PATH=$B/lib:/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
export LOOM_CACHE_DIR=$(mktemp -d) PYTHONUNBUFFERED=1
LOG=$OUT/tails14_floor.log
: > "$LOG"
say() { echo "$*" | tee -a "$LOG"; }
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,power.limit,temperature.gpu --format=csv,noheader | tee -a "$LOG"
cat $B/COMMIT 2>/dev/null | tee -a "$LOG"
say "== correctness of sgemm_tuned_strip without -D mm (m n p)"
# One compile first (fills the cubin cache), then the rest in parallel.
echo "check 1 1 1: $(timeout 60 $L run $S/sgemm_tuned_strip.json --target cuda --check -D m=1 -D n=1 -D p=1 2>&1 | tail -n 1)" | tee -a "$LOG"
{ for s in "17 77 45" "129 127 17" "1000 999 77" "5000 130 100" "4993 77 40" "4096 130 64" "161 300 50"; do
    set -- $s
    echo "check $s: $(timeout 90 $L run $S/sgemm_tuned_strip.json --target cuda --check -D m=$1 -D n=$2 -D p=$3 2>&1 | tail -n 1)" &
  done; wait; } | tee -a "$LOG"
say "== sgemm_tuned against the self-contained sgemm_tuned_strip (one pass)"
timeout 60 python3 $B/sgemm_variants.py $L 1 $S/sgemm_tuned.json,$S/sgemm_tuned_strip.json 5000,5000,5000 1800,1800,1800 2>&1 | tee -a "$LOG"
say "== the rule with --strip, two passes"
for pass in 1 2; do
  say "pass $pass"
  timeout 60 python3 $B/sgemm_rule.py --strip $L $S 5000,5000,5000 3000,3000,3000 7000,7000,7000 2>&1 | tee -a "$LOG"
done
exit 0
