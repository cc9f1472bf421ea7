#!/bin/bash
# Issue 25, fourteenth pass (wt-kloop14, 2026-11-27): the SGEMM k loop's fetch addresses through one
# base pointer a k tile (codegen/fetch_bases.cpp, on by default; LOOM_FETCH_BASES=0 is main's code),
# alone and with the group-uniform fetches (LOOM_UNIFORM_FETCHES=1), against main's binary and
# cuBLAS in the same call. One call:
#  1. --check on CUDA (against the C reference) of sgemm_tuned, sgemm_tuned_small and
#     tails10/sgemm_tuned_strip at ragged sizes, with the default code and with uniform fetches;
#  2. sgemm_codegen_variants.py: the rule's spec (sgemm_rule.py --strip) by main's loom, by this
#     loom (bases) and with uniform fetches (uniform+bases), three passes at (4096, 1000, 4096),
#     (4096, 4000, 4096), 4096^3, 5000^3, 3000^3, 1000^3; then uniform fetches alone (uniform)
#     beside main at the first two shapes.
# Layout: $BUNDLE/{loom,main/loom,lib/,sgemm_rule.py,sgemm_codegen_variants.py}, $BUNDLE/specs/*.json.
# Usage: BUNDLE=.gpu-kloop14 OUT=... bash run_tails14.sh
set -u
B=${BUNDLE:-.gpu-kloop14}
OUT=${OUT:-$(mktemp -d)}
S=$B/specs
export LD_LIBRARY_PATH=$PWD/$B/lib:${LD_LIBRARY_PATH:-}
export LOOM_CACHE_DIR=$(mktemp -d) PYTHONUNBUFFERED=1
LOG=$OUT/tails14.log
: > "$LOG"
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,power.limit,temperature.gpu --format=csv,noheader | tee -a "$LOG"
echo "this loom: $(cat $B/COMMIT 2>/dev/null); main's loom: $(cat $B/main/COMMIT 2>/dev/null)" | tee -a "$LOG"
check() {  # label env spec m n p [mm]
  local label=$1 env=$2 spec=$3 m=$4 n=$5 p=$6 mm=${7:-}
  local extra=""
  [ -n "$mm" ] && extra="-D mm=$mm"
  echo "check $label $(basename $spec .json) $m,$n,$p${mm:+ mm=$mm}: $(env $env timeout 150 $B/loom run $spec --target cuda --check -D m=$m -D n=$n -D p=$p $extra 2>&1 | tail -n 1)"
}
echo "== correctness (CUDA against the C reference)" | tee -a "$LOG"
{ for env in LOOM_FETCH_BASES=1 LOOM_UNIFORM_FETCHES=1; do
    for t in sgemm_tuned sgemm_tuned_small; do
      for s in "1 1 1" "17 17 17" "129 129 129" "1000 1000 1000" "3000 5000 700"; do check $env $env $S/$t.json $s & done
    done
    for s in "1 1 1 1" "17 17 17 17" "129 129 129 129" "129 127 17 128" "1000 1000 1000 1000" "3000 5000 700 3000" "5000 130 100 4992"; do
      check $env $env $S/sgemm_tuned_strip.json $s &
    done
    wait
  done; } 2>&1 | tee -a "$LOG"
echo "== timing beside cuBLAS, three passes" | tee -a "$LOG"
timeout 300 python3 $B/sgemm_codegen_variants.py $S 3 main=$B/main/loom bases=$B/loom \
  uniform+bases=$B/loom:LOOM_UNIFORM_FETCHES=1 \
  -- 4096,1000,4096 4096,4000,4096 4096,4096,4096 5000,5000,5000 3000,3000,3000 1000,1000,1000 2>&1 | tee -a "$LOG"
echo "== uniform fetches alone (main's addresses) at the one-wave and four-wave shapes" | tee -a "$LOG"
timeout 60 python3 $B/sgemm_codegen_variants.py $S 3 main=$B/main/loom uniform=$B/loom:LOOM_UNIFORM_FETCHES=1:LOOM_FETCH_BASES=0 \
  -- 4096,1000,4096 4096,4000,4096 2>&1 | tee -a "$LOG"
