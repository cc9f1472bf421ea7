#!/bin/bash
# Issue 25, tenth pass (wt-tails10, 2026-11-26): lift SGEMM (4096, 1000, 4096) and 5000^3 clear of
# 0.90 of cuBLAS with the two-spec rule intact, then the whole table.
# Call A (`explore`, default):
#  1. --check on CUDA of each candidate at ragged shapes (1,1,1), (1001,999,77), (5000,130,100),
#     (4993,77,40);
#  2. the candidates against sgemm_tuned, cuBLAS on both sides (sgemm_variants.py):
#     tails9/sgemm_splitk3_128 (split-k 3 with sgemm_tuned's 128 x 128 tiles, as cuBLAS does at
#     5000^3), tails9/sgemm_edge_rows (guard on the i1 split only: warps whose rows are all past m
#     skip their products; the one guard placement whose k loops stay spread offline),
#     tails10/sgemm_tuned_k32 (k tiles of 32: half the barriers and loop overhead per FFMA);
#     two passes at 5000^3 and (4096, 1000, 4096), one at 4992^3 and 7000^3;
#  3. is loom's median of 20 launches at its clock? sgemm_tuned at (4096, 1000, 4096) with
#     --repeat 20 and --repeat 200, twice;
#  4. the rule's specs (sgemm_rule.py, unchanged specs) at all 9 shapes, two passes;
#  5. transpose_tile32x256 and the stencils at n = 8192 / 8191, two passes.
# Call B (`final SPEC_DIR`): the rule with the specs in SPEC_DIR (sgemm_tuned.json, sgemm_splitk.json)
#  at all 9 shapes, two passes, after --check of both at ragged shapes.
# Call B (`strip`): tails10/sgemm_tuned_strip (sgemm_tuned's kernel over the first mm rows, a split-k
#  strip kernel and a sum over the last m - mm <= 32; mm from sgemm_rule.strip_rows) checked on CUDA
#  at ragged shapes with and without a strip, against sgemm_tuned at 5000^3 (two passes) and 2060^3
#  (a strip that saves no wave: its cost), then the rule with --strip at all 9 shapes, three passes.
# Call C (`more`): the strip rule out of the issue's sample (4100^3, 6150^3: a remainder of 4 / 6 rows
#  whose strip saves a wave) against sgemm_tuned, and the one-wave question: sgemm_tuned at
#  (4096, 1000, 4096) (one wave) beside (4096, 4000, 4096) (four waves, the same fill E = 0.97).
# Layout: $BUNDLE/{loom,lib/,sgemm_rule.py,sgemm_variants.py}, $BUNDLE/specs/*.json.
# Usage: BUNDLE=.gpu-tails10 OUT=... bash run_tails10.sh [explore|final DIR|strip|more]
set -u
B=${BUNDLE:-.gpu-tails10}
OUT=${OUT:-$(mktemp -d)}
L=$B/loom
S=$B/specs
export LOOM_CACHE_DIR=$(mktemp -d) PYTHONUNBUFFERED=1
LOG=$OUT/tails10.log
: > "$LOG"
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,power.limit,temperature.gpu --format=csv,noheader | tee -a "$LOG"
say() { echo "$*" | tee -a "$LOG"; }
check() {  # spec m n p
  echo "check $(basename $1 .json) $2,$3,$4: $(timeout 120 $L run $1 --target cuda --check -D m=$2 -D n=$3 -D p=$4 2>&1 | tail -n 1)"
}
SHAPES="5000,5000,5000 4096,1000,4096 1000,1000,1000 1500,1500,1500 2000,2000,2000 3000,3000,3000 7000,7000,7000 3000,5000,700 1000,1000,8192"
if [ "${1:-explore}" = more ]; then
  { for s in "4100 4100 50 4096" "6150 300 70 6144"; do set -- $s
      echo "check sgemm_tuned_strip $s: $(timeout 120 $L run $S/sgemm_tuned_strip.json --target cuda --check -D m=$1 -D n=$2 -D p=$3 -D mm=$4 2>&1 | tail -n 1)" &
    done; wait; } | tee -a "$LOG"
  timeout 150 python3 $B/sgemm_variants.py $L 1 $S/sgemm_tuned.json,$S/sgemm_tuned_strip.json 4100,4100,4100 6150,6150,6150 2>&1 | tee -a "$LOG"
  timeout 100 python3 $B/sgemm_variants.py $L 2 $S/sgemm_tuned.json 4096,1000,4096 4096,4000,4096 2>&1 | tee -a "$LOG"
  exit 0
fi
if [ "${1:-explore}" = strip ]; then
  say "== correctness of sgemm_tuned_strip (m n p mm)"
  { for s in "1 1 1 0" "129 127 17 128" "5000 130 100 4992" "4993 77 40 4992" "1001 999 77 1001" "20 77 45 0" "160 300 100 128" "4096 1000 64 4096"; do
      set -- $s
      echo "check sgemm_tuned_strip $s: $(timeout 120 $L run $S/sgemm_tuned_strip.json --target cuda --check -D m=$1 -D n=$2 -D p=$3 -D mm=$4 2>&1 | tail -n 1)" &
    done; wait; } | tee -a "$LOG"
  say "== sgemm_tuned against sgemm_tuned_strip"
  timeout 100 python3 $B/sgemm_variants.py $L 2 $S/sgemm_tuned.json,$S/sgemm_tuned_strip.json 5000,5000,5000 2>&1 | tee -a "$LOG"
  timeout 60 python3 $B/sgemm_variants.py $L 1 $S/sgemm_tuned.json,$S/sgemm_tuned_strip.json 2060,2060,2060 2>&1 | tee -a "$LOG"
  say "== the rule with --strip at every shape, three passes"
  for pass in 1 2 3; do
    say "pass $pass"
    timeout 150 python3 $B/sgemm_rule.py --strip $L $S $SHAPES 2>&1 | tee -a "$LOG"
  done
  exit 0
fi
if [ "${1:-explore}" = final ]; then
  D=$2
  say "== correctness of the rule's specs ($D)"
  { for t in sgemm_tuned sgemm_splitk; do for s in "1 1 1" "1001 999 77" "5000 130 100" "129 5000 17"; do
      check $D/$t.json $s & done; done; wait; } | tee -a "$LOG"
  say "== the rule at every shape, two passes"
  for pass in 1 2; do
    say "pass $pass"
    timeout 150 python3 $B/sgemm_rule.py $L $D $SHAPES 2>&1 | tee -a "$LOG"
  done
  exit 0
fi
say "== correctness (CUDA against the C reference; also warms the cubin cache)"
{ for t in sgemm_tuned sgemm_splitk3_128 sgemm_edge_rows sgemm_tuned_k32; do
    for s in "1 1 1" "1001 999 77" "5000 130 100" "4993 77 40"; do check $S/$t.json $s & done; done; wait; } | tee -a "$LOG"
say "== candidates (TFLOP/s, cuBLAS on both sides)"
V=$S/sgemm_tuned.json,$S/sgemm_splitk3_128.json,$S/sgemm_edge_rows.json,$S/sgemm_tuned_k32.json
timeout 200 python3 $B/sgemm_variants.py $L 2 $V 5000,5000,5000 4096,1000,4096 2>&1 | tee -a "$LOG"
timeout 100 python3 $B/sgemm_variants.py $L 1 $V 4992,4992,4992 7000,7000,7000 2>&1 | tee -a "$LOG"
say "== loom's median of 20 against 200 launches (sgemm_tuned, 4096 1000 4096)"
for r in 20 200 20 200; do
  say "repeat $r: $(timeout 60 $L run $S/sgemm_tuned.json --target cuda --repeat $r -D m=4096 -D n=1000 -D p=4096 2>&1 | tail -n 1)"
done
say "== the rule's specs (unchanged) at every shape, two passes"
for pass in 1 2; do
  say "pass $pass"
  timeout 150 python3 $B/sgemm_rule.py $L $S $SHAPES 2>&1 | tee -a "$LOG"
done
say "== transpose and stencils at 8192 / 8191 (median of 50)"
for n in 1 1001 8191; do say "check transpose_tile32x256 n=$n: $(timeout 60 $L run $S/transpose_tile32x256.json --target cuda --check -D n=$n 2>&1 | tail -n 1)"; done
for pass in 1 2; do for n in 8192 8191; do for t in transpose_tile32x256 stencil5_rows stencil5_rows_shift stencil5_halo; do
  say "p$pass $t n=$n $(timeout 60 $L run $S/$t.json --target cuda --repeat 50 -D n=$n 2>&1 | tail -n 1)"
done; done; done
exit 0
