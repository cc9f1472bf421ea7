#!/usr/bin/env bash
# Issue 29, fifth step (16-byte fetch copies) on the GPU, in one call: the tensor-core and
# wide-copy gpu tests (ragged sizes, misaligned rows, the wrong fragment mapping), memcheck of the
# 16-byte copy spec, the GEMM specs timed at 4096 and 8192 (the _bj spec, the best before, in the
# same call), and cuBLAS BF16 (gpu_peers.py --ops bf16). Run inside a bundle made by
# scripts/gpu_bundle.sh with examples/tensor/ (and extra specs in specs/) copied into it:
#   cd .gpu-mma4 && export LD_LIBRARY_PATH=$PWD/lib:/usr/local/cuda/lib64:$LD_LIBRARY_PATH &&
#   bash run_tensor_cores_5.sh examples/tensor/bf16_gemm_warp64_pipelined_bj.json specs/x.json ...
# Prints one line per spec and size: median ms and TFLOP/s (2·n³ / time).
set -u
export LOOM_EXAMPLES=$PWD/examples
nvidia-smi --query-gpu=name,clocks.sm,clocks.max.sm --format=csv,noheader
if [[ ${SKIP_TESTS:-0} != 1 ]]; then
  # loom_tests lists tests/conformance/cases under its build path at start: the bundle's copy.
  mkdir -p /work/wt-mma4/tests/conformance && ln -sfn $PWD/cases /work/wt-mma4/tests/conformance/cases
  ./loom_tests --gtest_filter="${TESTS:-TensorizeGpu*:WideCopy*:TensorizeCuda.SixteenByte*}" 2>&1 |
    grep -E "^\[ *(OK|FAILED|SKIPPED|PASSED) |Failure|mismatch|error" | head -40
  compute-sanitizer --tool memcheck ./loom run examples/tensor/bf16_gemm_warp64_pipelined_copy16.json --target cuda --check 2>&1 | tail -3
fi
time_spec() {  # spec-file n
  local line ms tflops
  line=$(./loom run "$1" --target cuda -D m=$2 -D n=$2 -D l=$2 --repeat 20 2>&1 | tail -1)
  ms=$(echo "$line" | sed -n 's/.*median \([0-9.]*\) ms.*/\1/p')
  [[ -z $ms ]] && ms=$(echo "$line" | sed -n 's/.*median \([0-9.]*\) us.*/\1/p' | awk '{ if ($1 != "") printf "%.4f", $1 / 1000 }')
  tflops=$(awk -v n=$2 -v ms="$ms" 'BEGIN { if (ms > 0) printf "%.1f", 2*n*n*n/(ms*1e-3)/1e12; else print "?" }')
  echo "RESULT $(basename $1 .json) n=$2 median_ms=$ms TFLOPs=$tflops :: $line"
}
for n in 4096 8192; do
  for spec in "$@"; do time_spec "$spec" $n; done
done
for n in ${PEERS_SIZES-4096 8192}; do python3 gpu_peers.py --ops bf16 --n $n 2>&1 | grep -E "TFLOPs"; done
