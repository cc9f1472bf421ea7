#!/usr/bin/env bash
# Final call B (issue 29): the gpu-label tensor tests of merged main that wt-wg15's calls did not reach
# (TensorizeWgmma*, TensorizeGpu*, WideCopyGpu*, WholeTile*, the default-split test), through NVRTC.
set -u
R=$PWD; B=$R/.cudarun; T=${T_DIR:-$B}
export LD_LIBRARY_PATH=$B/lib:/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
export LOOM_CUDA_COMPILER=nvrtc
[ -f $B/libloom_llvm.so.xz ] && [ ! -f $B/libloom_llvm.so ] && python3 -c "import lzma;open('$B/libloom_llvm.so','wb').write(lzma.open('$B/libloom_llvm.so.xz').read())"
cp -n $B/libloom_llvm.so $T/ 2>/dev/null
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
echo "loom_tests commit: $(cat $T/COMMIT)"
mkdir -p /work && { [[ -e /work/main ]] || ln -s "$R" /work/main; }
cd /work/main && timeout ${TEST_TIMEOUT:-520} $T/loom_tests --gtest_filter="${TESTS:-*Wgmma*:*Tensor*Gpu*:*WholeTile*:*WideCopy*:*DefaultSplit*}" 2>&1 | grep -E "^\[ *(OK|FAILED|SKIPPED|PASSED) |Failure|Expected|Which is|tests ran" | head -120
