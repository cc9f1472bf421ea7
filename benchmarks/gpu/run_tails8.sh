#!/bin/bash
# Issue 25, eighth pass (wt-tiles7, 2026-11-26): the transpose at n = 8191 against its 8192 rate.
# Call 1 separates the causes: tile32x256 (the example) at n = 8192 (aligned rows, no edge
# groups), 8160 (line-aligned rows, edge groups along j), 8184 (rows on 32-byte sectors, edges)
# and 8191 (rows on 4 bytes, edges); beside it the same spec with the edge groups' fetch unrolled
# (tails8/*_unr: tag a_dim_0_outer unr) and filled (tails8/*_fill: add_prefetch fill 0 + unr, so
# the edge groups issue all 16 loads at once instead of a loop of 4 x 4), the 32 x 512 tile
# (tails6/transpose_t32x512g32) with the same two changes, and a diagnostic skewed tile
# (tails8/transpose_t32x256_skew31: b's row segments start at j = 256 t + (i mod 32), which puts
# every written segment on a 128-byte line where n = 31 mod 32, and misaligns them at n = 8192).
# ncu (sectors and requests at L1 and L2, DRAM bytes) of the example at 8192 / 8191 and of the
# filled one at 8191.
# Layout: $BUNDLE/{loom,lib/}, $BUNDLE/specs/*.json (the specs named below).
# Call 2 (`call2`): the example now (tile32x256 with fill 0 and the fetch unrolled: call 1's
# transpose_t32x256_fill, the same CUDA) against it before (tails8/transpose_tile32x256_before)
# at 8192 / 8191, two more passes; then $BUNDLE/transpose_rot_probe (tails8/transpose_rot_probe.cu,
# built offline with nvcc -O3 -arch=sm_90): the example's kernel against the same kernel with each
# warp's b store rotated onto one 128-byte line (9 stores a row segment), group tiles unchanged.
# Usage: BUNDLE=.gpu-tiles7 OUT=... bash run_tails8.sh          (call 1)
#        BUNDLE=.gpu-tiles7 OUT=... bash run_tails8.sh call2    (call 2)
#        BUNDLE=.gpu-tiles7 OUT=... bash run_tails8.sh call3    (prepared, not run)
set -u
B=${BUNDLE:-.gpu-tiles7}
OUT=${OUT:-$(mktemp -d)}
L=$B/loom
S=$B/specs
export LOOM_CACHE_DIR=$(mktemp -d)
LOG=$OUT/tails8.log
: > "$LOG"
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,power.limit,temperature.gpu --format=csv,noheader | tee -a "$LOG"
say() { echo "$*" | tee -a "$LOG"; }
run1() {  # label spec -D args...
  local label=$1 spec=$2; shift 2
  say "loom $label $(timeout 60 $L run "$S/$spec.json" --target cuda --repeat 50 "$@" 2>&1 | tail -n 1)"
}
if [ "${1:-}" = call3 ]; then
  # Prepared, not run: the example as committed (fill 0, the fetch unrolled, store_whole_lines:
  # the full groups' b stores rotated onto 128-byte lines by code generation) against main's.
  for n in 1 1001 2049 8191; do
    say "check transpose_tile32x256 n=$n: $(timeout 90 $L run $S/transpose_tile32x256.json --target cuda --check -D n=$n 2>&1 | tail -n 1)"
  done
  for pass in 1 2; do for n in 8192 8191; do
    for t in transpose_tile32x256_before transpose_tile32x256; do run1 "p$pass $t $n" $t -D n=$n; done
  done; done
  exit 0
fi
if [ "${1:-}" = call2 ]; then
  for pass in 1 2; do for n in 8192 8191; do
    for t in transpose_tile32x256_before transpose_tile32x256; do run1 "p$pass $t $n" $t -D n=$n; done
  done; done
  say "== rotated-store probe"
  timeout 60 $B/transpose_rot_probe 8192 8191 8184 2>&1 | tee -a "$LOG"
  exit 0
fi
T1="transpose_tile32x256 transpose_t32x256_unr transpose_t32x256_fill"
T2="transpose_t32x512g32 transpose_t32x512g32_unr transpose_t32x512g32_fill transpose_t32x256_skew31"
say "== correctness (CUDA against the C reference; parallel, warms the cubin cache)"
{ for t in $T1 $T2; do for n in 1 1001 2049; do
    echo "check $t n=$n: $(timeout 90 $L run $S/$t.json --target cuda --check -D n=$n 2>&1 | tail -n 1)" &
  done; done; wait; } | tee -a "$LOG"
say "== times (median of 50)"
for pass in 1 2; do
  for n in 8192 8191 8160 8184; do for t in $T1; do run1 "p$pass $t $n" $t -D n=$n; done; done
  for n in 8192 8191; do for t in $T2; do run1 "p$pass $t $n" $t -D n=$n; done; done
done
M=dram__bytes_read.sum,dram__bytes_write.sum,lts__t_sectors_srcunit_tex_op_read.sum,lts__t_sectors_srcunit_tex_op_write.sum,smsp__sass_inst_executed.sum,gpu__time_duration.sum
M=$M,lts__t_sectors_srcunit_tex_op_read_lookup_hit.sum,lts__t_sectors_srcunit_tex_op_write_lookup_hit.sum,l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum,l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum,l1tex__t_requests_pipe_lsu_mem_global_op_st.sum,l1tex__t_sectors_pipe_lsu_mem_global_op_st.sum
for tn in "transpose_tile32x256 8192" "transpose_tile32x256 8191" "transpose_t32x256_fill 8191"; do
  read t n <<< "$tn"
  say "ncu $t $n"
  timeout 60 ncu --clock-control none -k regex:transpose -c 1 --csv --metrics $M \
    $L run $S/$t.json --target cuda -D n=$n > $OUT/ncu.txt 2>&1
  grep -E '^"' $OUT/ncu.txt | awk -F'","' '{print $(NF-2), $NF}' | tee -a "$LOG"
done
exit 0
