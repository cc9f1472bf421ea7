#!/bin/bash
# Issue 25, fifth pass (wt-tiles4, 2026-11-26): one device call, everything against its peer in
# the same call.
#  - SGEMM: examples/memory/sgemm_splitk.json now rounds each 16-deep k chunk up (split of the
#    chunk iname with tail_strategy round_up): its kk loop has 16 trips at every size, where the
#    old spec (tails5/sgemm_splitk_before.json) had `kk <= min(15, p - 16 s - 64 kt - 1)`, which
#    NVRTC unrolled with an exit test after every step (no shared loads issued ahead). Measured
#    with the same rounding on S = 8 and 128 x 128 tiles (tails5/*_r.json) at every issue shape,
#    against sgemm_tuned and cuBLAS, to choose the size rule.
#  - transpose: an ncu profile (DRAM and L2 bytes, instructions) of transpose_tile32 and
#    transpose_tile32x128 at n = 8192 and 8191, their times, and torch's a.t().contiguous().
# Layout: $BUNDLE/{loom,lib/,specs/,cublas_shapes.py,torch_transpose.py}; specs/ =
# examples/memory/{sgemm_tuned,sgemm_splitk,transpose_tile32,transpose_tile32x128}.json and
# benchmarks/gpu/tails5/*.json. Usage: BUNDLE=.gpu-tiles4 OUT=... bash run_tails5.sh [printer]
# (call 1: no argument; call 2: `printer`, which also needs $BUNDLE/loom_main, main's binary;
# call 3: `final`, which needs $BUNDLE/sgemm_rule.py)
set -u
B=${BUNDLE:-.gpu-tiles4}
OUT=${OUT:-$(mktemp -d)}
L=$B/loom
S=$B/specs
export LOOM_CACHE_DIR=$(mktemp -d)   # fresh cache: one NVRTC compile per source, then hits
LOG=$OUT/tails5.log
: > "$LOG"
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,power.limit,temperature.gpu --format=csv,noheader | tee -a "$LOG"
say() { echo "$*" | tee -a "$LOG"; }
gemm() {  # label spec M N K
  say "loom $1 $3 $4 $5 $(timeout 90 $L run "$S/$2.json" --target cuda --repeat 20 -D m=$3 -D n=$4 -D p=$5 2>&1 | tail -n 1)"
}
if [ "${1:-}" = final ]; then
  # Call 3: the rule (sgemm_rule.py: split-k where 128 x 128 tiles fill under 80% of their last
  # wave) shape by shape, cuBLAS measured just before and just after each loom run.
  { for g in sgemm_splitk sgemm_tuned; do
      echo "check $g 1001 999 77: $(timeout 60 $L run $S/$g.json --target cuda --check -D m=1001 -D n=999 -D p=77 2>&1 | tail -n 1)" &
    done; wait; } | tee -a "$LOG"
  timeout 45 python3 $B/sgemm_rule.py $L $S 4096,1000,4096 3000,3000,3000 1000,1000,8192 1000,1000,1000 \
    5000,5000,5000 1500,1500,1500 2000,2000,2000 3000,5000,700 7000,7000,7000 2>&1 | tee -a "$LOG"
  exit 0
fi
if [ "${1:-}" = printer ]; then
  # Call 2: the CUDA printer writes a select's condition of pure integer comparisons with `&`
  # (one predicated load per fetch element instead of two branches). $B/loom_main is main's
  # binary (31a3874), the baseline, in the same call.
  say "== correctness (new binary, parallel)"
  {
    for g in sgemm_splitk sgemm_splitk_before sgemm_splitk4_big_r sgemm_splitk8_r sgemm_tuned; do
      for sh in "1 1 1" "17 129 200" "1001 999 77"; do
        read M N K <<< "$sh"
        echo "check $g $M $N $K: $(timeout 120 $L run $S/$g.json --target cuda --check -D m=$M -D n=$N -D p=$K 2>&1 | tail -n 1)" &
      done
    done
    echo "warm main: $(timeout 120 $B/loom_main run $S/sgemm_splitk_before.json --target cuda -D m=17 -D n=129 -D p=200 2>&1 | tail -n 1)" &
    echo "warm main: $(timeout 120 $B/loom_main run $S/sgemm_tuned.json --target cuda -D m=17 -D n=129 -D p=200 2>&1 | tail -n 1)" &
    wait
  } | tee -a "$LOG"
  ALL="1000,1000,1000 1500,1500,1500 1000,1000,8192 2000,2000,2000 3000,3000,3000 4096,1000,4096 3000,5000,700 4096,4096,4096 5000,5000,5000 7000,7000,7000"
  say "== cublas"
  timeout 120 python3 $B/cublas_shapes.py $ALL 2>&1 | tee -a "$LOG"
  for shape in $ALL; do
    IFS=, read M N K <<< "$shape"
    case $shape in
      1000,1000,*|1500,*)
        say "main sgemm_splitk_before $M $N $K $(timeout 90 $B/loom_main run $S/sgemm_splitk_before.json --target cuda --repeat 20 -D m=$M -D n=$N -D p=$K 2>&1 | tail -n 1)"
        for g in sgemm_splitk_before sgemm_splitk sgemm_splitk8_r sgemm_splitk4_big_r; do gemm $g $g $M $N $K; done ;;
      2000,*|3000,*|4096,1000,*)
        say "main sgemm_tuned $M $N $K $(timeout 90 $B/loom_main run $S/sgemm_tuned.json --target cuda --repeat 20 -D m=$M -D n=$N -D p=$K 2>&1 | tail -n 1)"
        for g in sgemm_tuned sgemm_splitk sgemm_splitk2_big_r sgemm_splitk4_big_r; do gemm $g $g $M $N $K; done ;;
      *) gemm sgemm_tuned sgemm_tuned $M $N $K ;;
    esac
  done
  say "== cublas again (drift)"
  timeout 120 python3 $B/cublas_shapes.py $ALL 2>&1 | tee -a "$LOG"
  exit 0
fi
SMALL="sgemm_splitk_before sgemm_splitk sgemm_splitk8_r sgemm_splitk4_big_r"
MID="sgemm_tuned sgemm_splitk sgemm_splitk2_big_r sgemm_splitk4_big_r"
BIG="sgemm_tuned sgemm_splitk"

say "== correctness (parallel; also warms the cubin cache)"
{
  for g in sgemm_splitk sgemm_splitk8_r sgemm_splitk2_big_r sgemm_splitk4_big_r sgemm_splitk_before sgemm_tuned; do
    for sh in "1 1 1" "17 129 200" "1001 999 77"; do
      read M N K <<< "$sh"
      echo "check $g $M $N $K: $(timeout 120 $L run $S/$g.json --target cuda --check -D m=$M -D n=$N -D p=$K 2>&1 | tail -n 1)" &
    done
  done
  for t in transpose_tile32 transpose_tile32x128; do
    echo "check $t n=1001: $(timeout 120 $L run $S/$t.json --target cuda --check -D n=1001 2>&1 | tail -n 1)" &
  done
  wait
} | tee -a "$LOG"

ALL="1000,1000,1000 1500,1500,1500 1000,1000,8192 2000,2000,2000 3000,3000,3000 4096,1000,4096 3000,5000,700 4096,4096,4096 5000,5000,5000 7000,7000,7000"
say "== cublas"
timeout 120 python3 $B/cublas_shapes.py $ALL 2>&1 | tee -a "$LOG"
say "== sgemm"
for shape in $ALL; do
  IFS=, read M N K <<< "$shape"
  case $shape in
    1000,1000,*|1500,*) for g in $SMALL; do gemm $g $g $M $N $K; done ;;
    2000,*|3000,*|4096,1000,*) for g in $MID; do gemm $g $g $M $N $K; done ;;
    *) for g in $BIG; do gemm $g $g $M $N $K; done ;;
  esac
done
say "== cublas again (drift)"
timeout 60 python3 $B/cublas_shapes.py 1000,1000,1000 1000,1000,8192 3000,3000,3000 2>&1 | tee -a "$LOG"

say "== transpose: times, torch, then ncu"
for n in 8192 8191; do
  for t in transpose_tile32 transpose_tile32x128; do
    say "loom $t $n $(timeout 90 $L run $S/$t.json --target cuda --repeat 20 -D n=$n 2>&1 | tail -n 1)"
  done
done
timeout 90 python3 $B/torch_transpose.py 8192 8191 2>&1 | tee -a "$LOG"
M1=dram__bytes_read.sum,dram__bytes_write.sum,lts__t_sectors_srcunit_tex_op_read.sum,lts__t_sectors_srcunit_tex_op_write.sum,smsp__sass_inst_executed.sum,gpu__time_duration.sum
M2=lts__t_sectors_srcunit_tex_op_read_lookup_hit.sum,lts__t_sectors_srcunit_tex_op_write_lookup_hit.sum,l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum,l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum,l1tex__t_requests_pipe_lsu_mem_global_op_st.sum,l1tex__t_sectors_pipe_lsu_mem_global_op_st.sum
for t in transpose_tile32 transpose_tile32x128; do
  for n in 8192 8191; do
    say "ncu $t $n"
    timeout 120 ncu --clock-control none -k regex:transpose -c 1 --csv --metrics $M1,$M2 \
      $L run $S/$t.json --target cuda -D n=$n > $OUT/ncu.txt 2>&1
    if grep -q '"Metric Value"' $OUT/ncu.txt; then grep -E '^"' $OUT/ncu.txt | tee -a "$LOG"
    else tail -n 5 $OUT/ncu.txt | tee -a "$LOG"
      timeout 120 ncu --clock-control none -k regex:transpose -c 1 --csv --metrics $M1 \
        $L run $S/$t.json --target cuda -D n=$n 2>&1 | grep -E '^"|ERR' | tee -a "$LOG"
    fi
  done
done
rm -f $OUT/ncu.txt
exit 0
