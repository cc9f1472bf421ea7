#!/bin/bash
# Issue 25 (wt-tiles3): one device call comparing, in the same run as cuBLAS,
#  - sgemm_tuned with the selects and store guards that the specialized sizes imply dropped
#    (codegen/implied_conditions.cpp), with and without the 128-register occupancy hint
#    (LOOM_OCCUPANCY_HINT=0), and the old square guard spec as the aligned-size reference;
#  - candidate small-size specs (benchmarks/gpu/tails3/*.json) at the small shapes.
# Layout (bundle made by the caller): $BUNDLE/{loom,lib/,specs/,cublas_shapes.py}; specs/ holds
# sgemm_tuned.json, sgemm_tuned_small.json, sgemm_before.json and the candidates.
# Usage: BUNDLE=.gpu-tiles OUT=... bash run_tails3.sh [phase]   (phase: all | confirm)
set -u
B=${BUNDLE:-.gpu-tiles}
OUT=${OUT:-$(mktemp -d)}
PHASE=${1:-all}
L=$B/loom
S=$B/specs
export LOOM_NO_CACHE=1
LOG=$OUT/tails3.log
: > "$LOG"
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,power.limit,temperature.gpu --format=csv,noheader | tee -a "$LOG"

t() {  # label spec M N K [env...]
  local label=$1 spec=$2 M=$3 N=$4 K=$5; shift 5
  local line
  line=$(env "$@" timeout 90 $L run "$S/$spec.json" --target cuda --repeat 20 -D m=$M -D n=$N -D p=$K 2>&1 | tail -n 1)
  echo "loom $label $M $N $K $line" | tee -a "$LOG"
}
tsq() {  # label spec n [env...]  (the square old spec takes n only)
  local label=$1 spec=$2 n=$3; shift 3
  local line
  line=$(env "$@" timeout 90 $L run "$S/$spec.json" --target cuda --repeat 20 -D n=$n 2>&1 | tail -n 1)
  echo "loom $label $n $n $n $line" | tee -a "$LOG"
}

if [ "$PHASE" = confirm ]; then
  # Second call: group-uniform fetches (codegen/uniform_selects.cpp) on every shape, hint on and
  # off; the small-shape candidates; NVRTC time of the tuned SGEMM's source against the old guard
  # spec's (process time of `compile --emit cubin-info` minus `compile`, 3 runs each).
  echo "== registers" | tee -a "$LOG"
  for e in 1 0; do
    echo "hint=$e $(LOOM_OCCUPANCY_HINT=$e $L compile $S/sgemm_tuned.json --emit cubin-info --arch sm_90 2>&1 | tail -n 1)" | tee -a "$LOG"
  done
  echo "small $($L compile $S/sgemm_tuned_small.json --emit cubin-info --arch sm_90 2>&1 | tail -n 1)" | tee -a "$LOG"
  echo "== correctness" | tee -a "$LOG"
  for spec in sgemm_tuned sgemm_tuned_small $(ls $S | sed -n 's/^\(cand_[a-z0-9_]*\)\.json$/\1/p'); do
    for shape in "1001 999 77" "136 130 40"; do
      read M N K <<< "$shape"
      r=$(timeout 60 $L run $S/$spec.json --target cuda --check -D m=$M -D n=$N -D p=$K 2>&1 | tail -n 1)
      echo "check $spec $M $N $K: $r" | tee -a "$LOG"
    done
  done
  echo "== nvrtc (seconds: compile to cubin, compile to source)" | tee -a "$LOG"
  TIMEFORMAT=%R
  for spec in sgemm_before sgemm_tuned; do
    for rep in 1 2 3; do
      a=$( { time $L compile $S/$spec.json --emit cubin-info --arch sm_90 > /dev/null 2>&1; } 2>&1 )
      b=$( { time $L compile $S/$spec.json > /dev/null 2>&1; } 2>&1 )
      echo "nvrtc $spec $a $b $($L compile $S/$spec.json | wc -l) lines" | tee -a "$LOG"
    done
  done
  ALL="1000,1000,1000 1500,1500,1500 2000,2000,2000 3000,3000,3000 4096,4096,4096 5000,5000,5000 7000,7000,7000 4096,1000,4096 3000,5000,700 1000,1000,8192"
  SMALL="1000,1000,1000 1500,1500,1500 1000,1000,8192"
  echo "== cublas" | tee -a "$LOG"
  timeout 120 python3 $B/cublas_shapes.py $ALL 2>&1 | tee -a "$LOG"
  echo "== sgemm" | tee -a "$LOG"
  tsq before_nohint sgemm_before 4096 LOOM_OCCUPANCY_HINT=0
  for shape in $ALL; do
    IFS=, read M N K <<< "$shape"
    t tuned_hint sgemm_tuned $M $N $K
    t tuned_nohint sgemm_tuned $M $N $K LOOM_OCCUPANCY_HINT=0
  done
  for shape in $SMALL; do
    IFS=, read M N K <<< "$shape"
    t small sgemm_tuned_small $M $N $K
    for c in $(ls $S | sed -n 's/^\(cand_[a-z0-9_]*\)\.json$/\1/p'); do t $c $c $M $N $K; done
  done
  echo "== cublas again (drift)" | tee -a "$LOG"
  timeout 60 python3 $B/cublas_shapes.py 4096,4096,4096 3000,3000,3000 1000,1000,1000 1500,1500,1500 2>&1 | tee -a "$LOG"
  python3 $B/tails3_report.py "$LOG" | tee "$OUT/tails3.md"
  exit 0
fi
echo "== registers" | tee -a "$LOG"
for e in 1 0; do
  echo "hint=$e $(LOOM_OCCUPANCY_HINT=$e $L compile $S/sgemm_tuned.json --emit cubin-info --arch sm_90 -D m=3000 -D n=3000 -D p=3000 2>&1 | tail -n 1)" | tee -a "$LOG"
done
echo "== correctness" | tee -a "$LOG"
for spec in sgemm_tuned sgemm_tuned_small $(ls $S | sed -n 's/^\(cand_[a-z0-9_]*\)\.json$/\1/p'); do
  r=$(timeout 60 $L run $S/$spec.json --target cuda --check -D m=1001 -D n=999 -D p=77 2>&1 | tail -n 1)
  echo "check $spec: $r" | tee -a "$LOG"
done
r=$(timeout 60 $L run $S/sgemm_tuned.json --target cuda --check -D m=256 -D n=384 -D p=64 2>&1 | tail -n 1)
echo "check sgemm_tuned aligned 256 384 64: $r" | tee -a "$LOG"

BIG="1000,1000,1000 1500,1500,1500 2000,2000,2000 3000,3000,3000 4096,4096,4096 5000,5000,5000 7000,7000,7000 4096,1000,4096 3000,5000,700 1000,1000,8192"
SMALL="1000,1000,1000 1500,1500,1500 2000,2000,2000 1000,1000,8192"
echo "== cublas" | tee -a "$LOG"
timeout 120 python3 $B/cublas_shapes.py $BIG 2>&1 | tee -a "$LOG"
echo "== sgemm" | tee -a "$LOG"
tsq before_hint sgemm_before 4096
tsq before_nohint sgemm_before 4096 LOOM_OCCUPANCY_HINT=0
for shape in $BIG; do
  IFS=, read M N K <<< "$shape"
  t tuned_hint sgemm_tuned $M $N $K
  case $shape in 2000,*|3000,3000,*|4096,4096,*|5000,*|7000,*) t tuned_nohint sgemm_tuned $M $N $K LOOM_OCCUPANCY_HINT=0 ;; esac
done
for shape in $SMALL; do
  IFS=, read M N K <<< "$shape"
  t small sgemm_tuned_small $M $N $K
  for c in $(ls $S | sed -n 's/^\(cand_[a-z0-9_]*\)\.json$/\1/p'); do t $c $c $M $N $K; done
done
if [ -f $S/transpose_tile32.json ]; then
  echo "== transpose (row pitch: 8192 aligned, 8191 odd, 8200 32-byte, 8160 128-byte)" | tee -a "$LOG"
  for n in 8192 8191 8200 8160; do
    line=$(timeout 60 $L run $S/transpose_tile32.json --target cuda --repeat 20 -D n=$n 2>&1 | tail -n 1)
    echo "transpose $n $line" | tee -a "$LOG"
  done
fi
echo "== cublas again (drift)" | tee -a "$LOG"
timeout 60 python3 $B/cublas_shapes.py 4096,4096,4096 3000,3000,3000 1000,1000,1000 2>&1 | tee -a "$LOG"
python3 $B/tails3_report.py "$LOG" | tee "$OUT/tails3.md"
