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
# Usage: BUNDLE=.gpu-tiles6 OUT=... bash run_tails7.sh
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
