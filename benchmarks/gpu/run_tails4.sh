#!/bin/bash
# Issue 25, fourth pass (wt-tiles3, 2026-11-26): one device call, everything against its peer in
# the same call:
#  - transpose at n = 8192 / 8191: transpose_tile32 and wider tiles (benchmarks/gpu/tails4/
#    transpose_t<I>x<J>.json: I = read-row width along a's rows, J = write-row width along b's),
#    torch's copy and a.t() copy (gpu_peers_mnk.py);
#  - stencils at n = 8190 / 8191 / 8192 (arrays are (n+2)^2: pitch 8192 / 8193 / 8194 floats);
#  - SGEMM at the issue's shapes: cuBLAS, sgemm_tuned, 96-row / 96-column tile variants of it,
#    the split-k spec (S = 4, also with LOOM_UNIFORM_FETCHES=1) and S = 2 / 8 small-tile variants.
# Layout: $BUNDLE/{loom,lib/,specs/,cublas_shapes.py,gpu_peers_mnk.py}.
# Usage: BUNDLE=.gpu-tiles3 OUT=... bash run_tails4.sh            (call 1: everything)
#        BUNDLE=.gpu-tiles3 OUT=... bash run_tails4.sh transpose  (call 2: more transpose tiles)
#        BUNDLE=.gpu-tiles3 OUT=... bash run_tails4.sh next       (not run: full-group fetches)
# specs/ = examples/memory/{transpose_tile32,transpose_tile32x128,stencil5_rows,stencil5_rows_shift,
# stencil5_halo,sgemm_tuned,sgemm_splitk}.json, benchmarks/gpu/tails4/*.json,
# benchmarks/gpu/splitk/sgemm_splitk{2,8}.json.
set -u
B=${BUNDLE:-.gpu-tiles3}
OUT=${OUT:-$(mktemp -d)}
L=$B/loom
S=$B/specs
export LOOM_CACHE_DIR=$(mktemp -d)   # fresh cache: one NVRTC compile per source, then hits
LOG=$OUT/tails4.log
: > "$LOG"
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,power.limit,temperature.gpu --format=csv,noheader | tee -a "$LOG"
say() { echo "$*" | tee -a "$LOG"; }
run1() {  # label spec -D args... (one timed run, its last line)
  local label=$1 spec=$2; shift 2
  say "loom $label $(timeout 90 $L run "$S/$spec.json" --target cuda --repeat 20 "$@" 2>&1 | tail -n 1)"
}
gemm() {  # label spec M N K [env]
  local label=$1 spec=$2 M=$3 N=$4 K=$5; shift 5
  say "loom $label $M $N $K $(env "$@" timeout 90 $L run "$S/$spec.json" --target cuda --repeat 20 -D m=$M -D n=$N -D p=$K 2>&1 | tail -n 1)"
}
if [ "${1:-}" = next ]; then
  # Not run yet (prepared after the two calls): 32 x 8 work-items for every tile, so the fetch
  # uses all 256 work-items and a group writes b's rows 64/128 wide with 2/4 unrolled warps.
  TR3="transpose_tile32 transpose_tile32x128 transpose_t32x128g transpose_t64x128g transpose_t64x64g"
  { for t in $TR3; do for n in 1 1001; do
      echo "check $t n=$n: $(timeout 120 $L run $S/$t.json --target cuda --check -D n=$n 2>&1 | tail -n 1)" &
    done; done; wait; } | tee -a "$LOG"
  for n in 8192 8191 8200; do for t in $TR3; do run1 "$t $n" $t -D n=$n; done; done
  exit 0
fi
if [ "${1:-}" = transpose ]; then
  # Second call: the 128/256-wide write rows that call 1 found faster at 8191, three pitches.
  TR2="transpose_tile32 transpose_t64x64 transpose_t32x128 transpose_t16x128 transpose_t32x256 transpose_t16x256 transpose_t32x128w4"
  { for t in $TR2; do for n in 1 1001; do
      echo "check $t n=$n: $(timeout 120 $L run $S/$t.json --target cuda --check -D n=$n 2>&1 | tail -n 1)" &
    done; done; wait; } | tee -a "$LOG"
  for n in 8192 8191 8200; do
    for t in $TR2; do run1 "$t $n" $t -D n=$n; done
  done
  for t in transpose_tile32 transpose_t32x128; do run1 "$t 8191 again" $t -D n=8191; run1 "$t 8192 again" $t -D n=8192; done
  exit 0
fi
TR="transpose_tile32 transpose_t64x64 transpose_t128x64 transpose_t64x128 transpose_t32x128"
GEMMV="sgemm_t96x128 sgemm_t128x96"
SPLIT="sgemm_splitk sgemm_splitk2 sgemm_splitk8"

say "== correctness (parallel; also warms the cubin cache)"
{
  for t in $TR; do for n in 1 33 1001; do
    echo "check $t n=$n: $(timeout 120 $L run $S/$t.json --target cuda --check -D n=$n 2>&1 | tail -n 1)" &
  done; done
  for g in sgemm_tuned $GEMMV $SPLIT; do for sh in "1 1 1" "97 95 33" "1001 999 77"; do
    read M N K <<< "$sh"
    echo "check $g $M $N $K: $(timeout 120 $L run $S/$g.json --target cuda --check -D m=$M -D n=$N -D p=$K 2>&1 | tail -n 1)" &
  done; done
  echo "check sgemm_splitk uniform 1001 999 77: $(LOOM_UNIFORM_FETCHES=1 timeout 120 $L run $S/sgemm_splitk.json --target cuda --check -D m=1001 -D n=999 -D p=77 2>&1 | tail -n 1)" &
  for st in stencil5_rows stencil5_rows_shift stencil5_halo; do
    echo "warm $st: $(timeout 120 $L run $S/$st.json --target cuda -D n=300 2>&1 | tail -n 1)" &
  done
  wait
} | tee -a "$LOG"
for g in sgemm_tuned $GEMMV sgemm_splitk; do
  say "regs $g $($L compile $S/$g.json --emit cubin-info --arch sm_90 2>&1 | grep kernel | tr '\n' ' ')"
done

say "== transpose"
for n in 8192 8191; do
  for t in $TR; do run1 "$t $n" $t -D n=$n; done
  say "peers_copy $n $(timeout 60 python3 $B/gpu_peers_mnk.py --ops copy,transpose --m $n 2>/dev/null | tr -d '\n ')"
done
say "== stencil"
for n in 8192 8191 8190; do
  for st in stencil5_rows stencil5_rows_shift stencil5_halo; do run1 "$st $n" $st -D n=$n; done
done

ALL="1000,1000,1000 1500,1500,1500 1000,1000,8192 2000,2000,2000 3000,3000,3000 4096,4096,4096 5000,5000,5000 7000,7000,7000 4096,1000,4096 3000,5000,700"
say "== cublas"
timeout 120 python3 $B/cublas_shapes.py $ALL 2>&1 | tee -a "$LOG"
say "== sgemm"
for shape in $ALL; do
  IFS=, read M N K <<< "$shape"
  case $shape in
    1000,1000,*|1500,*)
      for s in $SPLIT; do gemm $s $s $M $N $K; done
      gemm splitk_uniform sgemm_splitk $M $N $K LOOM_UNIFORM_FETCHES=1 ;;
    *)
      gemm sgemm_tuned sgemm_tuned $M $N $K
      for g in $GEMMV; do gemm $g $g $M $N $K; done ;;
  esac
done
say "== cublas again (drift)"
timeout 60 python3 $B/cublas_shapes.py 1000,1000,1000 3000,3000,3000 1000,1000,8192 2>&1 | tee -a "$LOG"
exit 0
