#!/bin/bash
# Issue 31's GPU figures, in one call of the device tool: (1) the roofline estimate of `loom stats`
# beside the measured time for every kernel of benchmarks/gpu/kernels.json (roofline.py), and
# (2) a fused producer-consumer pair, one launch against two (loom_gpu_fusion, JSON). Expects
# .cudarun/{loom,loom_gpu_fusion,lib/} beside the repository (as run_sgemm.sh; benchmarks/NOTES.md).
# Results: $OUT/roofline.json, $OUT/fusion.json and the markdown table on stdout.
set -u
cd "$(dirname "$0")/../.."
export LD_LIBRARY_PATH=$PWD/.cudarun/lib:/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
export LOOM_CACHE_DIR=$(mktemp -d)
OUT=${OUT:-$(mktemp -d)}
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv,noheader
DEVICE=h200
nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H100 && DEVICE=h100
python3 benchmarks/gpu/roofline.py ./.cudarun/loom --device $DEVICE --out "$OUT" "$@"
echo
echo "fused producer-consumer (2^26 and 2^28 float32 elements):"
for N in 67108864 268435456; do ./.cudarun/loom_gpu_fusion $N | tee -a "$OUT/fusion.json"; done
