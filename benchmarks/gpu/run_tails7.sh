#!/bin/bash
# Issue 25, seventh pass (wt-tiles6, 2026-11-26): one device call, every figure against its peer
# in the same call.
#  - SGEMM: the rule's two specs (examples/memory/sgemm_tuned, sgemm_splitk) against the same
#    specs with double-buffered shared tiles (tails7/sgemm_*_db.json: pipeline_fetch stages 2 with
#    registers, one barrier a k tile instead of two), all nine shapes of the issue, two passes,
#    cuBLAS before, between and after (sgemm_compare.py); ncu's warp-state breakdown of both at
#    4096^3.
#  - transpose at 8192 / 8191: tile32x256 (the example) against b's 256-wide chunks written 4 or
#    8 at a time by one group (tails7/transpose_t32x256_rows4, tails6/transpose_t32x256_rows8),
#    tile32x128 as the older baseline; DRAM bytes at 8191.
# Layout: $BUNDLE/{loom,lib/,sgemm_rule.py,sgemm_compare.py}, $BUNDLE/specs_a/ = examples/memory/
# {sgemm_tuned,sgemm_splitk}.json, $BUNDLE/specs_b/ = tails7/sgemm_*_db.json saved under the same
# names, $BUNDLE/specs/ = the transposes.
# Usage: BUNDLE=.gpu-tiles6 OUT=... bash run_tails7.sh            (call 1)
#        BUNDLE=.gpu-tiles6 OUT=... bash run_tails7.sh variants   (call 2)
#        BUNDLE=.gpu-tiles6 OUT=... bash run_tails7.sh next       (prepared, not run)
set -u
B=${BUNDLE:-.gpu-tiles6}
OUT=${OUT:-$(mktemp -d)}
L=$B/loom
S=$B/specs
export LOOM_CACHE_DIR=$(mktemp -d)   # fresh cache: one NVRTC compile per source, then hits
LOG=$OUT/tails7.log
: > "$LOG"
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,power.limit,temperature.gpu --format=csv,noheader | tee -a "$LOG"
say() { echo "$*" | tee -a "$LOG"; }
run1() {  # label spec -D args... (one timed run, its last line)
  local label=$1 spec=$2; shift 2
  say "loom $label $(timeout 60 $L run "$S/$spec.json" --target cuda --repeat 20 "$@" 2>&1 | tail -n 1)"
}
if [ "${1:-}" = variants ]; then
  # Call 2: call 1 showed the double-buffered tiles slower (issue-bound: 82% of issue slots used,
  # 85% of instructions FFMA). Tile shape and k depth instead: 64 x 128 tiles (128 work-items, 4
  # groups an SM: 5000^3 fills its last wave to 0.998 instead of 0.87) with k 8 or 16, and
  # 128 x 128 with k 8, against sgemm_tuned at every shape the rule gives it
  # two passes. $B/specs_v/ = examples/memory/sgemm_tuned.json, tails7/sgemm_tuned_*.json.
  V=$B/specs_v
  { for v in sgemm_tuned_64x128_k8 sgemm_tuned_64x128_k16 sgemm_tuned_k8; do for sh in "1001 999 77" "4096 1000 64"; do
      read M N K <<< "$sh"
      echo "check $v $M $N $K: $(timeout 60 $L run $V/$v.json --target cuda --check -D m=$M -D n=$N -D p=$K 2>&1 | tail -n 1)" &
    done; done; wait; } | tee -a "$LOG"
  timeout 200 python3 $B/sgemm_variants.py $L 2 $V/sgemm_tuned.json,$V/sgemm_tuned_64x128_k8.json,$V/sgemm_tuned_64x128_k16.json,$V/sgemm_tuned_k8.json \
    5000,5000,5000 4096,1000,4096 2000,2000,2000 3000,5000,700 7000,7000,7000 2>&1 | tee -a "$LOG"
  exit 0
fi
if [ "${1:-}" = next ]; then
  # Prepared, not run (this pass's device budget was spent): a thread tile of 8 x 16 (128
  # accumulators, 249 registers, 128 work-items a 128 x 128 group, 2 groups an SM; the same tiles
  # and waves as sgemm_tuned, so the rule would not change): 2048 FFMA of 2306 SASS instructions a
  # k tile (89%) against sgemm_tuned's 1024 of 1196 (86%), with half the warps. Two passes at every
  # shape the rule gives sgemm_tuned, against it. Needs $B/specs_v/sgemm_tuned{,_8x16}.json.
  V=$B/specs_v
  for sh in "1001 999 77" "4096 1000 64"; do
    read M N K <<< "$sh"
    say "check sgemm_tuned_8x16 $M $N $K: $(timeout 60 $L run $V/sgemm_tuned_8x16.json --target cuda --check -D m=$M -D n=$N -D p=$K 2>&1 | tail -n 1)"
  done
  timeout 200 python3 $B/sgemm_variants.py $L 2 $V/sgemm_tuned.json,$V/sgemm_tuned_8x16.json \
    5000,5000,5000 4096,1000,4096 2000,2000,2000 3000,5000,700 7000,7000,7000 4096,4096,4096 2>&1 | tee -a "$LOG"
  exit 0
fi
TN="transpose_tile32x128 transpose_tile32x256 transpose_t32x256_rows4 transpose_t32x256_rows8"
say "== correctness (parallel; also warms the cubin cache)"
{ for d in specs_a specs_b; do for g in sgemm_tuned sgemm_splitk; do for sh in "1001 999 77" "128 128 16" "4096 1000 64"; do
      read M N K <<< "$sh"
      echo "check $d/$g $M $N $K: $(timeout 60 $L run $B/$d/$g.json --target cuda --check -D m=$M -D n=$N -D p=$K 2>&1 | tail -n 1)" &
  done; done; done
  for t in $TN; do for n in 1 1001 2049; do
    echo "check $t n=$n: $(timeout 60 $L run $S/$t.json --target cuda --check -D n=$n 2>&1 | tail -n 1)" &
  done; done
  wait; } | tee -a "$LOG"
say "== sgemm: A = examples/memory, B = double-buffered (_db)"
timeout 240 python3 $B/sgemm_compare.py $L $B/specs_a $B/specs_b 2 \
  4096,1000,4096 5000,5000,5000 2000,2000,2000 3000,5000,700 7000,7000,7000 \
  1000,1000,1000 1500,1500,1500 3000,3000,3000 1000,1000,8192 2>&1 | tee -a "$LOG"
say "== transpose"
for n in 8192 8191 8192 8191; do for t in $TN; do run1 "$t $n" $t -D n=$n; done; done
for t in transpose_tile32x256 transpose_t32x256_rows8; do
  say "ncu $t 8191"
  timeout 40 ncu --clock-control none -k regex:transpose -c 1 --csv \
    --metrics dram__bytes_read.sum,dram__bytes_write.sum,gpu__time_duration.sum \
    $L run $S/$t.json --target cuda -D n=8191 2>&1 | grep -E '^"|ERR' | cut -d, -f12- | tee -a "$LOG"
done
say "== ncu warp states, 4096^3 (stalls per issued instruction)"
M2=smsp__issue_active.avg.pct_of_peak_sustained_active,smsp__inst_executed.sum,gpu__time_duration.sum
for r in barrier long_scoreboard short_scoreboard mio_throttle math_pipe_throttle not_selected selected wait \
         dispatch_stall no_instruction lg_throttle branch_resolving; do
  M2=$M2,smsp__average_warps_issue_stalled_${r}_per_issue_active.ratio
done
for d in specs_a specs_b; do
  say "ncu $d sgemm_tuned 4096"
  timeout 60 ncu --clock-control none -k regex:sgemm -c 1 --csv --metrics $M2 \
    $L run $B/$d/sgemm_tuned.json --target cuda -D m=4096 -D n=4096 -D p=4096 > $OUT/ncu_$d.txt 2>&1
  grep -E '^"' $OUT/ncu_$d.txt | awk -F'","' '{print $(NF-2), $NF}' | tee -a "$LOG"
done
exit 0
