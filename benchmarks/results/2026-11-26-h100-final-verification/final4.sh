# Call 4: the gpu tests under LOOM_CUDA_COMPILER=llvm after the environment-leak fix (every test
# now really runs through the LLVM path), then NVRTC again.
set -u
mkdir -p /work && ln -sfn "$PWD" /work/main
B=$PWD/.cudarun
python3 -c "import lzma;open('$B/libloom_llvm.so','wb').write(lzma.open('$B/libloom_llvm.so.xz').read())"; chmod +x $B/*.so
export LD_LIBRARY_PATH=$B/lib:/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
export LOOM_CLI=$B/loom
export LOOM_CACHE_DIR=$(mktemp -d)
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
F='*Gpu*:*Cuda*:SpecCache*:TuneGpu*:-*OpenCL*'
LOOM_CUDA_COMPILER=llvm timeout 240 $B/loom_tests --gtest_filter="$F" > $OUT/gpu_llvm.log 2>&1; echo "llvm rc=$?"; grep -E "^\[  (PASSED|FAILED|SKIPPED) " $OUT/gpu_llvm.log | head -20
timeout 150 $B/loom_tests --gtest_filter="$F" > $OUT/gpu_nvrtc.log 2>&1; echo "nvrtc rc=$?"; grep -E "^\[  (PASSED|FAILED) " $OUT/gpu_nvrtc.log | head
