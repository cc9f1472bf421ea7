#!/bin/bash
# Issue 9's GPU run, in one call of the device tool (benchmarks/NOTES.md says how to carry it):
# the gpu tests (CUDA runtime, code generation, CLI fault), compute-sanitizer on the barrier tests,
# the runtime benchmark (launch overhead, compile and cache times) and the peers in the same run.
# Expects, beside the repository: .cudarun/{loom_tests,loom,loom_gpu_launch_overhead,gpu_peers.py,lib/}.
set -u
cd "$(dirname "$0")/../.."
export LD_LIBRARY_PATH=$PWD/.cudarun/lib:/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
export LOOM_CACHE_DIR=$(mktemp -d)
export LOOM_CLI=$PWD/.cudarun/loom
OUT=${OUT:-/tmp}
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,memory.total --format=csv,noheader
echo "== gpu tests"
./.cudarun/loom_tests --gtest_filter='*Gpu*:*Cuda*:-*OpenCL*' --gtest_brief=1 2>&1 | tail -25
./.cudarun/loom_tests --gtest_filter='*Timings*:CudaLaunchGpu.StreamsEvents*:CudaLaunchGpu.Resources*' 2>&1 | grep -E "^\[ (timings|resources) \]"
echo "== sanitizer"
if command -v compute-sanitizer >/dev/null; then
  for tool in racecheck synccheck memcheck; do
    echo "-- $tool"
    compute-sanitizer --tool $tool --print-limit 5 ./.cudarun/loom_tests \
      --gtest_filter='GpuCuda.Neighbour*:GpuCuda.LoopCarried*:GpuCuda.SharedMemoryAbove48KB*:GpuCuda.ProgramSplit*:CudaLaunchGpu.StreamsEvents*' \
      --gtest_brief=1 2>&1 | grep -E "ERROR SUMMARY|hazard|PASSED|FAILED|RACECHECK SUMMARY" | head -6
  done
else echo "no compute-sanitizer"; fi
echo "== loom run (CUDA events, device arrays)"
for s in vector_scale matmul_split; do ./.cudarun/loom run examples/$s.json --target cuda --check --repeat 20 2>&1 | tail -1; done
echo "== runtime benchmark"
./.cudarun/loom_gpu_launch_overhead examples/vector_scale.json examples/matmul_split.json
echo "== peers"
python3 .cudarun/gpu_peers.py --ops launch,add 2>&1 | tail -20
