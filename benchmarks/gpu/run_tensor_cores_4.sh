#!/usr/bin/env bash
# Issue 29, fourth step (ldmatrix fragments) on the GPU, in one call: the tensor-core gpu tests
# (ragged sizes, the wrong fragment mapping), the GEMM specs of examples/tensor/ timed at 4096 and
# 8192 with this branch's loom and with main's (./loom_main, the baseline in the same call), and
# cuBLAS (gpu_peers.py --ops bf16,tf32). Specs after `--` run with this branch's loom only. Run inside a bundle made by scripts/gpu_bundle.sh with
# examples/tensor/ and main's loom (as loom_main) copied into it:
#   cd .gpu-mma3 && export LD_LIBRARY_PATH=$PWD/lib:/usr/local/cuda/lib64:$LD_LIBRARY_PATH &&
#   bash run_tensor_cores_4.sh bf16_gemm tf32_gemm -- bf16_gemm_warp64 ...
# Prints one line per binary, spec and size: median ms and TFLOP/s (2·n³ / time).
set -u
export LOOM_EXAMPLES=$PWD/examples
nvidia-smi --query-gpu=name,clocks.sm,clocks.max.sm --format=csv,noheader
# loom_tests lists tests/conformance/cases under its build path at start: the bundle's copy.
mkdir -p /work/wt-mma3/tests/conformance && ln -sfn $PWD/cases /work/wt-mma3/tests/conformance/cases
./loom_tests --gtest_filter='TensorizeGpu*:HalfPrecisionGpu*:TensorizeCuda*' 2>&1 | grep -E "^\[ *(OK|FAILED|SKIPPED|PASSED) |Failure|mismatch|error" | head -40
time_spec() {  # binary spec n
  local line ms tflops
  line=$(./$1 run "examples/tensor/$2.json" --target cuda -D m=$3 -D n=$3 -D l=$3 --repeat 20 2>&1 | tail -1)
  ms=$(echo "$line" | sed -n 's/.*median \([0-9.]*\) ms.*/\1/p')
  [[ -z $ms ]] && ms=$(echo "$line" | sed -n 's/.*median \([0-9.]*\) us.*/\1/p' | awk '{ if ($1 != "") printf "%.4f", $1 / 1000 }')
  tflops=$(awk -v n=$3 -v ms="$ms" 'BEGIN { if (ms > 0) printf "%.1f", 2*n*n*n/(ms*1e-3)/1e12; else print "?" }')
  echo "RESULT $1 $2 n=$3 median_ms=$ms TFLOPs=$tflops :: $line"
}
for n in 4096 8192; do
  baseline=1
  for spec in "$@"; do
    [[ $spec == -- ]] && { baseline=0; continue; }
    time_spec loom "$spec" $n
    [[ $baseline == 1 && -x loom_main ]] && time_spec loom_main "$spec" $n
  done
done
for n in 4096 8192; do python3 gpu_peers.py --ops bf16,tf32 --n $n 2>&1 | grep -E "TFLOPs"; done
