#!/bin/bash
# Call B (same session): the LLVM path's tests (call A lacked the plugin: libloom_llvm.so ships
# xz-compressed and was not unpacked), the gpu tests under LLVM, and compute-sanitizer memcheck of
# the cp.async ring tests and the guarded-unroll tests under NVRTC.
set -u
mkdir -p /work && ln -sfn "$PWD" /work/main
B=$PWD/.cudarun
[ -f $B/libloom_llvm.so ] || python3 -c "import lzma;open('$B/libloom_llvm.so','wb').write(lzma.open('$B/libloom_llvm.so.xz').read())"
chmod +x $B/*.so 2>/dev/null
export LD_LIBRARY_PATH=$B/lib:/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
export LOOM_CLI=$B/loom
export LOOM_CACHE_DIR=$(mktemp -d)
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; cat $B/COMMIT
sum() { grep -E "^\[  (PASSED|FAILED) |tests ran|^\[  FAILED  \]" "$1" | head -14; }
timeout 120 $B/loom_tests --gtest_filter='BitwiseOperators*:LlvmNvptx*' > $OUT/llvm_named.log 2>&1; echo "llvm-named rc=$?"; sum $OUT/llvm_named.log
F='*Gpu*:*Cuda*:SpecCache*:TuneGpu*:-*OpenCL*'
LOOM_CUDA_COMPILER=llvm timeout 230 $B/loom_tests --gtest_filter="$F" > $OUT/gpu_llvm.log 2>&1; echo "llvm rc=$?"; sum $OUT/gpu_llvm.log
timeout 120 compute-sanitizer --tool memcheck --error-exitcode 9 $B/loom_tests --gtest_filter='TensorizeGpu.AsyncRings*:GuardedUnroll*:TailStrategy*Gpu*' > $OUT/memcheck.log 2>&1; echo "memcheck rc=$?"; grep -E "ERROR SUMMARY|^\[  (PASSED|FAILED) " $OUT/memcheck.log | head -4
