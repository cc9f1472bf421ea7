#!/bin/bash
# Issue 25: split-k SGEMM specs (benchmarks/gpu/splitk/*.json: the k range interleaved over S
# work-groups along g.2 in chunks of 16, partial sums in a global temporary, summed by a second
# device kernel after a gbarrier) against sgemm_tuned_small / sgemm_tuned and cuBLAS, same call.
# Layout: $BUNDLE/{loom,lib/,specs/,cublas_shapes.py}. Usage: BUNDLE=.gpu-coord bash run_splitk.sh
set -u
B=${BUNDLE:-.gpu-coord}
OUT=${OUT:-$(mktemp -d)}
L=$B/loom
S=$B/specs
export LOOM_NO_CACHE=1
LOG=$OUT/splitk.log
: > "$LOG"
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,power.limit --format=csv,noheader | tee -a "$LOG"
t() {  # label spec M N K
  local line
  line=$(timeout 90 $L run "$S/$2.json" --target cuda --repeat 20 -D m=$3 -D n=$4 -D p=$5 2>&1 | tail -n 1)
  echo "loom $1 $3 $4 $5 $line" | tee -a "$LOG"
}
echo "== correctness" | tee -a "$LOG"
for spec in $(ls $S | sed -n 's/^\(sgemm_splitk[a-z0-9_]*\)\.json$/\1/p'); do
  for shape in "17 129 200" "1001 999 77"; do
    read M N K <<< "$shape"
    r=$(timeout 60 $L run $S/$spec.json --target cuda --check -D m=$M -D n=$N -D p=$K 2>&1 | tail -n 1)
    echo "check $spec $M $N $K: $r" | tee -a "$LOG"
  done
done
ALL="${SHAPES:-1000,1000,1000 1500,1500,1500 2000,2000,2000 1000,1000,8192 4096,1000,4096 3000,3000,3000}"
echo "== cublas" | tee -a "$LOG"
timeout 120 python3 $B/cublas_shapes.py $ALL 2>&1 | tee -a "$LOG"
echo "== sgemm" | tee -a "$LOG"
for shape in $ALL; do
  IFS=, read M N K <<< "$shape"
  t small sgemm_tuned_small $M $N $K
  t tuned sgemm_tuned $M $N $K
  for c in $(ls $S | sed -n 's/^\(sgemm_splitk[a-z0-9_]*\)\.json$/\1/p'); do t $c $c $M $N $K; done
done
echo "== cublas again (drift)" | tee -a "$LOG"
timeout 60 python3 $B/cublas_shapes.py 1000,1000,1000 1000,1000,8192 2>&1 | tee -a "$LOG"
cp "$LOG" "$OUT/" 2>/dev/null; exit 0
