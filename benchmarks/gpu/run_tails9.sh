#!/bin/bash
# Issue 25, ninth pass (wt-tails9, 2026-11-26): SGEMM (4096, 1000, 4096) and 5000^3.
# Call 1 (default): where the two shapes lose. (1) The padded work of the edge groups: sgemm_tuned
# at 5000^3 against 4992^3 (= 39 x 128: the same tiles with no padding, 1521 groups) and
# tails9/sgemm_edge (sgemm_tuned with tail_strategy guard on the i1, i2 and j2 splits: a
# work-item's product rows / a 64-row or 64-column half tile past m or n skip their products in
# the edge groups; the full groups run sgemm_tuned's nest). (2) Group order for L2:
# tails9/sgemm_raster16 (ig split by 16: 16 row tiles consecutive in blockIdx.x, then the column,
# then the band of 16 rows: a wave of 264 groups covers 16 x 16.5 tiles instead of 6.6 x 40).
# ncu of sgemm_tuned / raster16 / cuBLAS at the two shapes: DRAM bytes, L2 hit rate, issue rate,
# grid (cuBLAS's kernel name and tile come with it).
# Call 2 (`call2`): the schedule question below, then the rule's specs at every shape, one pass.
# Layout: $BUNDLE/{loom,lib/,sgemm_rule.py,sgemm_variants.py,cublas_ncu.py}, $BUNDLE/specs/*.json.
# Call 3 (`call3`, prepared, not run): split-k 3 with sgemm_tuned's tiles, and guards on the row
# split only, against sgemm_tuned (~100 s).
# Usage: BUNDLE=.gpu-tails9 OUT=... bash run_tails9.sh [call2|call3]
set -u
B=${BUNDLE:-.gpu-tails9}
OUT=${OUT:-$(mktemp -d)}
L=$B/loom
S=$B/specs
export LOOM_CACHE_DIR=$(mktemp -d) PYTHONUNBUFFERED=1
LOG=$OUT/tails9.log
: > "$LOG"
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,power.limit,temperature.gpu --format=csv,noheader | tee -a "$LOG"
say() { echo "$*" | tee -a "$LOG"; }
check() {  # spec m n p
  echo "check $1 $2,$3,$4: $(timeout 120 $L run $S/$1.json --target cuda --check -D m=$2 -D n=$3 -D p=$4 2>&1 | tail -n 1)"
}
if [ "${1:-}" = call3 ]; then
  # Prepared, not run (the pass's two calls were spent), against sgemm_tuned:
  # tails9/sgemm_splitk3_128: split-k 3 with sgemm_tuned's 128 x 128 tiles (sgemm_splitk's rounded
  #   16-deep chunks, S = 3), as cuBLAS splits 5000^3;
  # tails9/sgemm_edge_rows: guard on the i1 split only (work-items whose rows are all past m skip
  #   their products; partial nest only where m mod 128 is 1..60), the one edge form found whose
  #   k loops keep a spread LDS schedule offline (13 / 15 LDS after an LDS; loops 1214 / 1226).
  # Needs specs/sgemm_{splitk3_128,edge_rows}.json in the bundle.
  { for t in sgemm_splitk3_128 sgemm_edge_rows; do for s in "1 1 1" "1001 999 77" "5000 130 100" "4993 77 40"; do
      check $t $s & done; done; wait; } | tee -a "$LOG"
  timeout 200 python3 $B/sgemm_variants.py $L 2 $S/sgemm_tuned.json,$S/sgemm_splitk3_128.json,$S/sgemm_edge_rows.json \
    5000,5000,5000 4992,4992,4992 4096,1000,4096 7000,7000,7000 2>&1 | tee -a "$LOG"
  exit 0
fi
if [ "${1:-}" = call2 ]; then
  # Is the edge spec's loss its k loop's instruction schedule? ptxas schedules sgemm_edge's full-group
  # loop (the same source as sgemm_tuned's) with its shared loads in bunches of four (LDS.128 x 4, then
  # 64 FFMA; 41 adjacent LDS pairs a k tile) instead of spread among the FFMA (25 pairs).
  # tails9/sgemm_bunched is sgemm_tuned with loop_priority "ko, kk, jr2, ir2, ir, jr": one nest, the
  # same instructions, and the bunched schedule (45 pairs). tails9/sgemm_ring3: pipeline_fetch
  # stages 3 (a ring of 3 shared tiles, plain loads: 4-byte copies are not cp.async).
  say "== correctness"
  { for t in sgemm_bunched sgemm_ring3; do for s in "1001 999 77" "5000 130 33"; do check $t $s & done; done; wait; } | tee -a "$LOG"
  say "== times"
  timeout 120 python3 $B/sgemm_variants.py $L 1 $S/sgemm_tuned.json,$S/sgemm_bunched.json,$S/sgemm_edge.json,$S/sgemm_ring3.json \
    4992,4992,4992 5000,5000,5000 4096,1000,4096 2>&1 | tee -a "$LOG"
  M2=smsp__issue_active.avg.pct_of_peak_sustained_active,smsp__inst_executed.sum,gpu__time_duration.sum
  for r in barrier short_scoreboard mio_throttle math_pipe_throttle not_selected wait dispatch_stall no_instruction; do
    M2=$M2,smsp__average_warps_issue_stalled_${r}_per_issue_active.ratio
  done
  for t in sgemm_tuned sgemm_bunched sgemm_edge; do
    say "ncu stalls $t 4992"
    timeout 60 ncu --clock-control none -k regex:sgemm -c 1 --csv --metrics $M2 $L run $S/$t.json --target cuda -D m=4992 -D n=4992 -D p=4992 > $OUT/ncu.txt 2>&1
    grep -E '^"' $OUT/ncu.txt | awk -F'","' '{print $(NF-2), $NF}' | tee -a "$LOG"
  done
  say "ncu cublas 5000 (the first four kernels: two randn, then the product)"
  timeout 60 ncu --clock-control none -c 4 --csv --metrics gpu__time_duration.sum,launch__grid_size,launch__registers_per_thread,smsp__issue_active.avg.pct_of_peak_sustained_active \
    python3 $B/cublas_ncu.py 5000 5000 5000 > $OUT/ncu.txt 2>&1
  grep -E '^"' $OUT/ncu.txt | awk -F'","' '{print $5, "|", $(NF-2), $NF}' | tee -a "$LOG"
  say "== the rule's specs (unchanged) at every shape, one pass"
  timeout 150 python3 $B/sgemm_rule.py $L $S 5000,5000,5000 4096,1000,4096 1000,1000,1000 1500,1500,1500 2000,2000,2000 \
    3000,3000,3000 7000,7000,7000 3000,5000,700 1000,1000,8192 2>&1 | tee -a "$LOG"
  exit 0
fi
say "== correctness (CUDA against the C reference; also warms the cubin cache)"
{ for t in sgemm_tuned sgemm_edge sgemm_raster16; do for s in "1001 999 77" "5000 130 33" "129 5000 17"; do
    check $t $s &
  done; done; wait; } | tee -a "$LOG"
say "== times (TFLOP/s, cuBLAS on both sides)"
timeout 150 python3 $B/sgemm_variants.py $L 2 $S/sgemm_tuned.json,$S/sgemm_edge.json,$S/sgemm_raster16.json \
  5000,5000,5000 4096,1000,4096 2>&1 | tee -a "$LOG"
timeout 80 python3 $B/sgemm_variants.py $L 1 $S/sgemm_tuned.json,$S/sgemm_edge.json \
  4992,4992,4992 7000,7000,7000 2>&1 | tee -a "$LOG"
M=gpu__time_duration.sum,dram__bytes_read.sum,dram__bytes_write.sum,lts__t_sector_hit_rate.pct,smsp__issue_active.avg.pct_of_peak_sustained_active,launch__grid_size,launch__block_size,launch__registers_per_thread
ncu1() {  # label kernel-regex command...
  local label=$1 re=$2; shift 2
  say "ncu $label"
  timeout 60 ncu --clock-control none -k regex:"$re" -c 1 --csv --metrics $M "$@" > $OUT/ncu.txt 2>&1
  grep -E '^"' $OUT/ncu.txt | awk -F'","' '{print $5, "|", $(NF-2), $NF}' | tee -a "$LOG"
}
for t in sgemm_tuned sgemm_raster16; do
  ncu1 "$t 5000" sgemm $L run $S/$t.json --target cuda -D m=5000 -D n=5000 -D p=5000
done
ncu1 "sgemm_tuned 4096,1000,4096" sgemm $L run $S/sgemm_tuned.json --target cuda -D m=4096 -D n=1000 -D p=4096
ncu1 "cublas 5000" "gemm|GEMM" python3 $B/cublas_ncu.py 5000 5000 5000
ncu1 "cublas 4096,1000,4096" "gemm|GEMM" python3 $B/cublas_ncu.py 4096 1000 4096
exit 0
