#!/bin/bash
# Call C (final main): the gpu tests call B's 330 s limit cut off (NVRTC), the gpu tests through
# LLVM's NVPTX backend, and compute-sanitizer memcheck of the new GPU tests (host loops, the
# rotated transpose stores).
set -u
mkdir -p /work && ln -sfn "$PWD" /work/main
B=$PWD/.cudarun
[ -f $B/libloom_llvm.so ] || python3 -c "import lzma;open('$B/libloom_llvm.so','wb').write(lzma.open('$B/libloom_llvm.so.xz').read())"
chmod +x $B/*.so 2>/dev/null
export LD_LIBRARY_PATH=$B/lib:/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
export LOOM_CLI=$B/loom
export LOOM_CACHE_DIR=$(mktemp -d)
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader
cat $B/COMMIT
sum() { grep -E "^\[  (PASSED|FAILED) |tests ran|^\[  FAILED  \]" "$1" | head -14; }
timeout 200 $B/loom_tests --gtest_filter='TensorizeGpu.EightWarpRoundUpSpecsMatchTheReferenceAtRaggedSizes:TensorizeGpu.AWrongFragmentMappingFailsTheCheck:TuneGpu*APreparedCandidateIsAKernelCacheHitForTheWorker:*.APreparedCandidateIsAKernelCacheHitForTheWorker' > $OUT/gpu_nvrtc_rest.log 2>&1; echo "nvrtc rest rc=$?"; sum $OUT/gpu_nvrtc_rest.log
F='*Gpu*:*Cuda*:SpecCache*:TuneGpu*:-*OpenCL*:TensorizeGpu.EightWarp*'
LOOM_CUDA_COMPILER=llvm timeout 240 $B/loom_tests --gtest_filter="$F" > $OUT/gpu_llvm_final.log 2>&1; echo "llvm rc=$?"; sum $OUT/gpu_llvm_final.log
timeout 120 compute-sanitizer --tool memcheck --error-exitcode 9 $B/loom_tests --gtest_filter='HostLoopsGpu.*:MemoryExamplesGpu*' > $OUT/memcheck_final.log 2>&1; echo "memcheck rc=$?"; grep -E "ERROR SUMMARY|^\[  (PASSED|FAILED) " $OUT/memcheck_final.log | head -4
