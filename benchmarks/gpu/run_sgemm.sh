#!/bin/bash
# Issue 15's SGEMM figures, in one call of the device tool per group of sizes: loom's tuned specs
# (examples/memory/sgemm_tuned.json, tuned at 4096; examples/memory/sgemm_tuned_small.json, tuned
# at 1000, for n <= 2048), then cuBLAS (torch.mm, TF32 off) and Triton's three fixed FP32 configs
# (gpu_peers.py), then Triton's autotune over 108 configs (benchmarks/tune/triton_autotune.py),
# then loom's again (clocks drift over a run: the two loom figures bracket the peers'). Expects
# .cudarun/{loom,gpu_peers.py,lib/} beside the repository (benchmarks/NOTES.md).
# Usage: run_sgemm.sh N...   (results: $OUT/peers<N>.json, $OUT/triton_autotune<N>.json)
set -u
cd "$(dirname "$0")/../.."
export LD_LIBRARY_PATH=$PWD/.cudarun/lib:/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
export LOOM_CACHE_DIR=$(mktemp -d)
OUT=${OUT:-$(mktemp -d)}
L=./.cudarun/loom
nvidia-smi --query-gpu=name,clocks.max.sm,power.limit,temperature.gpu --format=csv,noheader
for N in "$@"; do
  echo "== n=$N"
  $L run examples/memory/sgemm_tuned.json -D n=$N --repeat 20 2>&1 | tail -n 1
  if [ "$N" -le 2048 ]; then $L run examples/memory/sgemm_tuned_small.json -D n=$N --repeat 20 2>&1 | tail -n 1; fi
  python3 .cudarun/gpu_peers.py --ops sgemm --n $N > $OUT/peers$N.json 2>/dev/null; grep -E "cublas|best" $OUT/peers$N.json
  timeout 400 python3 benchmarks/tune/triton_autotune.py $N 108 2>/dev/null | tail -1 | tee $OUT/triton_autotune$N.json
  $L run examples/memory/sgemm_tuned.json -D n=$N --repeat 20 2>&1 | tail -n 1
done
