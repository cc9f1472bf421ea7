#!/bin/bash
# Issue 25, sixth pass (wt-tiles5, 2026-11-26): one device call, every figure against its peer in
# the same call.
#  - transpose at n = 8192 / 8191: the examples (tile32, tile32x128: 128 x 2 work-items, the
#    fetch made by 64 of them) against tiles whose fetch uses every work-item (32 x 8 or 32 x 32
#    work-items, benchmarks/gpu/tails4/*g.json and tails6/): t32x128g (reads 32 wide, writes 128
#    wide), t128x32g (reads 128 wide, writes 32 wide), t64x64g, t64x128g, t128x64g (6 groups an
#    SM), t128x128g (1024 work-items, 64.5 KB, 2 groups an SM: reads and writes 128 wide),
#    t32x128g_swap (grid axes swapped), and round_up edges (tile32x128_ru, t32x128g_ru: no guarded
#    copy for the edge groups); torch's a.t().contiguous() and copy; ncu of two of them at 8191.
#  - stencils at 8192 / 8191 (examples/memory/stencil5_*).
#  - SGEMM: the rule (sgemm_rule.py) at the nine shapes of the issue, then 4096 x 1000 x 4096 and
#    5000^3 again (the two nearest 0.90).
# Layout: $BUNDLE/{loom,lib/,specs/,sgemm_rule.py,torch_transpose.py}; specs/ = examples/memory/
# {transpose_tile32,transpose_tile32x128,stencil5_rows,stencil5_rows_shift,stencil5_halo,
# sgemm_tuned,sgemm_splitk}.json, benchmarks/gpu/tails4/transpose_t*g.json, benchmarks/gpu/tails6/*.
# Usage: BUNDLE=.gpu-tiles5 OUT=... bash run_tails6.sh        (call 1)
#        BUNDLE=.gpu-tiles5 OUT=... bash run_tails6.sh wide   (call 2)
#        BUNDLE=.gpu-tiles5 OUT=... bash run_tails6.sh next   (not run yet)
#        BUNDLE=.gpu-tiles5 OUT=... bash run_tails6.sh shift  (not run yet)
set -u
B=${BUNDLE:-.gpu-tiles5}
OUT=${OUT:-$(mktemp -d)}
L=$B/loom
S=$B/specs
export LOOM_CACHE_DIR=$(mktemp -d)   # fresh cache: one NVRTC compile per source, then hits
LOG=$OUT/tails6.log
: > "$LOG"
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,power.limit,temperature.gpu --format=csv,noheader | tee -a "$LOG"
say() { echo "$*" | tee -a "$LOG"; }
run1() {  # label spec -D args... (one timed run, its last line)
  local label=$1 spec=$2; shift 2
  say "loom $label $(timeout 60 $L run "$S/$spec.json" --target cuda --repeat 20 "$@" 2>&1 | tail -n 1)"
}
if [ "${1:-}" = shift ]; then
  # Prepared, not run: sgemm_tuned with shift_inwards 128 x 128 tiles (tails6/sgemm_tuned_shift.json:
  # every tile full, no store guards, fetch loads predicated on k only; 125 registers, no spill;
  # needs m, n >= 128) in the rule's place of sgemm_tuned, against sgemm_tuned in the same call.
  # $B/specs_shift/ = specs/sgemm_splitk.json and tails6/sgemm_tuned_shift.json saved as
  # sgemm_tuned.json (sgemm_rule.py runs `<specs>/<rule's spec>.json`).
  for sh in "128 128 16" "1001 999 77" "4096 1000 4096"; do
    read M N K <<< "$sh"
    say "check shift $M $N $K: $(timeout 60 $L run $B/specs_shift/sgemm_tuned.json --target cuda --check -D m=$M -D n=$N -D p=$K 2>&1 | tail -n 1)"
  done
  T="4096,1000,4096 5000,5000,5000 2000,2000,2000 3000,5000,700 7000,7000,7000 4096,4096,4096"
  for pass in 1 2; do
    say "== pass $pass: sgemm_tuned"; timeout 60 python3 $B/sgemm_rule.py $L $S $T 2>&1 | tee -a "$LOG"
    say "== pass $pass: sgemm_tuned_shift"; timeout 60 python3 $B/sgemm_rule.py $L $B/specs_shift $T 2>&1 | tee -a "$LOG"
  done
  exit 0
fi
if [ "${1:-}" = next ]; then
  # Prepared, not run (the device budget of this pass was spent): the partial sectors at b's
  # chunk boundaries written by one work-group, 8 chunks of 256 columns one after another
  # (tails6/transpose_t32x256_rows8.json, round_up), against tile32x256 (the example), with the
  # DRAM bytes of both at 8191. Needs specs/transpose_tile32x256.json (examples/memory).
  TN="transpose_tile32x256 transpose_t32x256_rows8"
  { for t in $TN; do for n in 1 1001 2049; do
      echo "check $t n=$n: $(timeout 60 $L run $S/$t.json --target cuda --check -D n=$n 2>&1 | tail -n 1)" &
    done; done; wait; } | tee -a "$LOG"
  for n in 8192 8191 8192 8191; do for t in $TN; do run1 "$t $n" $t -D n=$n; done; done
  for t in $TN; do
    say "ncu $t 8191"
    timeout 60 ncu --clock-control none -k regex:transpose -c 1 --csv \
      --metrics dram__bytes_read.sum,dram__bytes_write.sum,gpu__time_duration.sum \
      $L run $S/$t.json --target cuda -D n=8191 2>&1 | grep -E '^"|ERR' | cut -d, -f12- | tee -a "$LOG"
  done
  exit 0
fi
if [ "${1:-}" = wide ]; then
  # Call 2: call 1 showed the write width decides (reads 32 wide: writes 32 0.72, 64 0.77, 128
  # 0.90 of the 8192 rate) and wider reads lose; so writes 256 and 512 wide with reads 32 (and
  # 16) wide, at 8, 6, 4 and 2 groups an SM; tile32x128 and t32x128g again as the baseline.
  TW="transpose_tile32x128 transpose_t32x128g transpose_t32x256g transpose_t32x256g16 transpose_t32x512g32
      transpose_t16x256g transpose_t16x512g16"
  { for t in $TW; do for n in 1 1001; do
      echo "check $t n=$n: $(timeout 60 $L run $S/$t.json --target cuda --check -D n=$n 2>&1 | tail -n 1)" &
    done; done; wait; } | tee -a "$LOG"
  for n in 8192 8191; do for t in $TW; do run1 "$t $n" $t -D n=$n; done; done
  for t in transpose_tile32x128 $TW; do run1 "$t 8191 again" $t -D n=8191; done
  exit 0
fi
TR="transpose_tile32 transpose_tile32x128 transpose_t32x128g transpose_t128x32g transpose_t64x64g transpose_t64x128g
    transpose_t128x64g transpose_t128x128g transpose_t32x128g_swap transpose_tile32x128_ru transpose_t32x128g_ru"
say "== correctness (parallel; also warms the cubin cache)"
{ for t in $TR; do for n in 1 1001; do
    echo "check $t n=$n: $(timeout 60 $L run $S/$t.json --target cuda --check -D n=$n 2>&1 | tail -n 1)" &
  done; done
  for g in sgemm_splitk sgemm_tuned; do
    echo "check $g 1001 999 77: $(timeout 60 $L run $S/$g.json --target cuda --check -D m=1001 -D n=999 -D p=77 2>&1 | tail -n 1)" &
  done
  wait; } | tee -a "$LOG"
say "== transpose"
for n in 8192 8191; do for t in $TR; do run1 "$t $n" $t -D n=$n; done; done
timeout 60 python3 $B/torch_transpose.py 8192 8191 2>&1 | tee -a "$LOG"
say "== stencil"
for n in 8192 8191; do
  for st in stencil5_rows stencil5_rows_shift stencil5_halo; do run1 "$st $n" $st -D n=$n; done
done
say "== sgemm (the rule)"
timeout 60 python3 $B/sgemm_rule.py $L $S 4096,1000,4096 3000,3000,3000 1000,1000,8192 1000,1000,1000 \
  5000,5000,5000 1500,1500,1500 2000,2000,2000 3000,5000,700 7000,7000,7000 2>&1 | tee -a "$LOG"
timeout 30 python3 $B/sgemm_rule.py $L $S 4096,1000,4096 5000,5000,5000 4096,1000,4096 2>&1 | tee -a "$LOG"
say "== ncu at 8191"
M1=dram__bytes_read.sum,dram__bytes_write.sum,lts__t_sectors_srcunit_tex_op_read.sum,lts__t_sectors_srcunit_tex_op_write.sum,smsp__sass_inst_executed.sum,gpu__time_duration.sum
for t in ${NCU:-transpose_t32x128g transpose_t128x32g}; do
  say "ncu $t 8191"
  timeout 60 ncu --clock-control none -k regex:transpose -c 1 --csv --metrics $M1 \
    $L run $S/$t.json --target cuda -D n=8191 2>&1 | grep -E '^"|ERR' | cut -d, -f12- | tee -a "$LOG"
done
exit 0
