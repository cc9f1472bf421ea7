#!/bin/bash
# Issue 25's GPU figures (partial tiles at full speed), in one call of the device tool (< 10 min):
# loom's tuned SGEMM specs (examples/memory/sgemm_tuned.json, sgemm_tuned_small.json: rectangular,
# every split round_up, fetches filled with 0) against cuBLAS (torch.mm, TF32 off) and Triton's
# masked kernel in the same run at n in {1000, 1500, 2000, 3000, 5000, 7000} and (M, N, K) in
# {(4096, 1000, 4096), (3000, 5000, 700), (1000, 1000, 8192)}; both specs at every shape (the rule
# used in the report: sgemm_tuned_small where 128x128 tiles give fewer than two groups per SM);
# then transpose and stencil at n = 8191 and 8192, today's specs and the tail-strategy ones.
# Correctness first: `loom run --check` (CUDA against the C reference) at ragged small shapes.
# Expects .cudarun/{loom,lib/} beside the repository (as run_sgemm.sh); results in $OUT:
# tails.log (raw lines), tails.md (table), peers_<M>x<N>x<K>.json.
# Usage: bash benchmarks/gpu/run_tails.sh
set -u
cd "$(dirname "$0")/../.."
export LD_LIBRARY_PATH=$PWD/.cudarun/lib:/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
export LOOM_CACHE_DIR=$(mktemp -d)
OUT=${OUT:-$(mktemp -d)}
L=./.cudarun/loom
LOG=$OUT/tails.log
: > "$LOG"
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,power.limit --format=csv,noheader | tee -a "$LOG"
git log -1 --format='commit %H %s' 2>/dev/null | tee -a "$LOG"

# loom_time LABEL SPEC PARAMS...: one line "loom LABEL <timing>" in the log.
loom_time() {
  local label=$1 spec=$2; shift 2
  local line
  line=$(timeout 120 $L run "$spec" --target cuda --repeat 20 "$@" 2>&1 | tail -n 1)
  echo "loom $label $line" | tee -a "$LOG"
}

echo "== correctness (CUDA vs the C reference)" | tee -a "$LOG"
for spec in sgemm_tuned sgemm_tuned_small; do
  for shape in "1 1 1" "129 127 17" "200 131 37" "1001 999 77"; do
    read M N K <<< "$shape"
    r=$(timeout 120 $L run examples/memory/$spec.json --target cuda --check -D m=$M -D n=$N -D p=$K 2>&1 | tail -n 1)
    echo "check $spec $M $N $K: $r" | tee -a "$LOG"
  done
done
for spec in transpose_tile32 transpose_tile32_round_up stencil5_rows stencil5_rows_shift; do
  for n in 1 31 33 8191; do
    r=$(timeout 120 $L run examples/memory/$spec.json --target cuda --check -D n=$n 2>&1 | tail -n 1)
    echo "check $spec n=$n: $r" | tee -a "$LOG"
  done
done

echo "== NVRTC time of the tuned SGEMM's source (cold cache), before (main's square guard spec,
#    benchmarks/gpu/sgemm_tuned_before_issue25.json) and after" | tee -a "$LOG"
for spec in benchmarks/gpu/sgemm_tuned_before_issue25.json examples/memory/sgemm_tuned.json; do
  sizes="-D n=1000"; case $spec in examples/*) sizes="-D m=1000 -D n=1000 -D p=1000";; esac
  for r in 1 2 3; do
    t=$(LOOM_TIME=1 LOOM_CACHE_DIR=$(mktemp -d) timeout 120 $L run $spec --target cuda $sizes 2>&1 | grep "NVRTC to CUBIN")
    echo "nvrtc $(basename $spec) $t" | tee -a "$LOG"
  done
done

echo "== sgemm" | tee -a "$LOG"
for shape in "1000 1000 1000" "1500 1500 1500" "2000 2000 2000" "3000 3000 3000" "5000 5000 5000" \
             "7000 7000 7000" "4096 1000 4096" "3000 5000 700" "1000 1000 8192"; do
  read M N K <<< "$shape"
  loom_time "sgemm_tuned $M $N $K" examples/memory/sgemm_tuned.json -D m=$M -D n=$N -D p=$K
  loom_time "sgemm_tuned_small $M $N $K" examples/memory/sgemm_tuned_small.json -D m=$M -D n=$N -D p=$K
  timeout 120 python3 benchmarks/gpu/gpu_peers_mnk.py --ops sgemm,triton --m $M --n $N --k $K \
    > "$OUT/peers_${M}x${N}x${K}.json" 2>/dev/null
  echo "peers $M $N $K $(tr -d '\n ' < "$OUT/peers_${M}x${N}x${K}.json")" | tee -a "$LOG"
done

echo "== transpose and stencil" | tee -a "$LOG"
for n in 8192 8191; do
  for spec in transpose_tile32 transpose_tile32_round_up stencil5_rows stencil5_rows_shift; do
    loom_time "$spec $n" examples/memory/$spec.json -D n=$n
  done
  timeout 60 python3 benchmarks/gpu/gpu_peers_mnk.py --ops copy,transpose --m $n > "$OUT/peers_copy_$n.json" 2>/dev/null
  echo "peers_copy $n $(tr -d '\n ' < "$OUT/peers_copy_$n.json")" | tee -a "$LOG"
done
python3 benchmarks/gpu/tails_report.py "$LOG" | tee "$OUT/tails.md"
