#!/usr/bin/env bash
# Issue 29 on the GPU, in one call: the tensor-core gpu tests (ragged sizes, the wrong fragment
# mapping), then the GEMM specs of examples/tensor/ timed at 4096 and 8192 beside cuBLAS
# (gpu_peers.py --ops bf16,tf32). Run inside a bundle made by scripts/gpu_bundle.sh with
# examples/tensor/ copied into it:
#   cd .gpu-mma && export LD_LIBRARY_PATH=$PWD/lib:/usr/local/cuda/lib64:$LD_LIBRARY_PATH &&
#   bash run_tensor_cores.sh
# Prints one line per spec and size: median ms and TFLOP/s (2·n³ / time).
set -u
export LOOM_EXAMPLES=$PWD/examples
nvidia-smi --query-gpu=name,clocks.sm,clocks.max.sm --format=csv,noheader
./loom_tests --gtest_filter='TensorizeGpu*:HalfPrecisionGpu*' 2>&1 | grep -E "^\[ *(OK|FAILED|SKIPPED|PASSED) |Failure|mismatch|error" | head -40
for spec in "$@"; do
  for n in 4096 8192; do
    line=$(./loom run "examples/tensor/$spec.json" --target cuda -D m=$n -D n=$n -D l=$n --repeat 20 2>&1 | tail -1)
    ms=$(echo "$line" | sed -n 's/.*median \([0-9.]*\) ms.*/\1/p')
    tflops=$(awk -v n=$n -v ms="$ms" 'BEGIN { if (ms > 0) printf "%.1f", 2*n*n*n/(ms*1e-3)/1e12; else print "?" }')
    echo "RESULT $spec n=$n median_ms=$ms TFLOPs=$tflops :: $line"
  done
done
for n in 4096 8192; do python3 gpu_peers.py --ops bf16,tf32 --n $n 2>&1 | tail -3; done
