#!/bin/bash
# Issue 25, the short SGEMM run (one call of the device tool, ~3 min): the tuned specs after the
# 128-register occupancy request (codegen/generate.cpp min_groups_per_multiprocessor) against
# cuBLAS in the same run, with main's old square guard spec (benchmarks/gpu/sgemm_tuned_before_issue25.json)
# as the aligned-size reference, at 4096^3, 8192^3, 3000^3, 5000^3, 1000^3 and the three
# rectangular shapes. Prints ptxas's register counts first (130 before this branch, 128 now).
# Same setup as run_tails.sh: .cudarun/{loom,lib/} beside the repository built from this branch.
# Results in $OUT: tails_short.log (raw), tails_short.md (table).
# Usage: bash benchmarks/gpu/run_tails_short.sh
set -u
cd "$(dirname "$0")/../.."
export LD_LIBRARY_PATH=$PWD/.cudarun/lib:/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
export LOOM_CACHE_DIR=$(mktemp -d)
OUT=${OUT:-$(mktemp -d)}
L=./.cudarun/loom
LOG=$OUT/tails_short.log
: > "$LOG"
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,power.limit --format=csv,noheader | tee -a "$LOG"
git log -1 --format='commit %H %s' 2>/dev/null | tee -a "$LOG"

loom_time() {
  local label=$1 spec=$2; shift 2
  local line
  line=$(timeout 120 $L run "$spec" --target cuda --repeat 20 "$@" 2>&1 | tail -n 1)
  echo "loom $label $line" | tee -a "$LOG"
}

echo "== registers (ptxas, sm_90)" | tee -a "$LOG"
for spec in examples/memory/sgemm_tuned.json examples/memory/sgemm_tuned_small.json; do
  echo "$(basename $spec) $($L compile $spec --emit cubin-info --arch sm_90 -D m=4096 -D n=4096 -D p=4096 2>&1 | tail -n 1)" | tee -a "$LOG"
done
echo "== correctness (CUDA vs the C reference)" | tee -a "$LOG"
for spec in sgemm_tuned sgemm_tuned_small; do
  for shape in "129 127 17" "1001 999 77"; do
    read M N K <<< "$shape"
    r=$(timeout 120 $L run examples/memory/$spec.json --target cuda --check -D m=$M -D n=$N -D p=$K 2>&1 | tail -n 1)
    echo "check $spec $M $N $K: $r" | tee -a "$LOG"
  done
done

echo "== sgemm" | tee -a "$LOG"
for shape in "4096 4096 4096" "8192 8192 8192" "3000 3000 3000" "5000 5000 5000" "1000 1000 1000" \
             "4096 1000 4096" "3000 5000 700" "1000 1000 8192"; do
  read M N K <<< "$shape"
  if [ "$M" = "$N" ] && [ "$N" = "$K" ]; then
    loom_time "sgemm_before $M $N $K" benchmarks/gpu/sgemm_tuned_before_issue25.json -D n=$M
  fi
  loom_time "sgemm_tuned $M $N $K" examples/memory/sgemm_tuned.json -D m=$M -D n=$N -D p=$K
  loom_time "sgemm_tuned_small $M $N $K" examples/memory/sgemm_tuned_small.json -D m=$M -D n=$N -D p=$K
  timeout 120 python3 benchmarks/gpu/gpu_peers_mnk.py --ops sgemm --m $M --n $N --k $K \
    > "$OUT/peers_${M}x${N}x${K}.json" 2>/dev/null
  echo "peers $M $N $K $(tr -d '\n ' < "$OUT/peers_${M}x${N}x${K}.json")" | tee -a "$LOG"
done
python3 benchmarks/gpu/tails_report.py "$LOG" | sed '/^| kernel/,$d' | tee "$OUT/tails_short.md"
