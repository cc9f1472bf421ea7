#!/bin/bash
set -u
mkdir -p /work && ln -sfn "$PWD" /work/main
B=$PWD/.cudarun
[ -f $B/libloom_llvm.so ] || xz -d -k $B/libloom_llvm.so.xz 2>/dev/null || python3 -c "import lzma,shutil;shutil.copyfileobj(lzma.open('$B/libloom_llvm.so.xz'),open('$B/libloom_llvm.so','wb'))"
export LD_LIBRARY_PATH=$B/lib:/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
export LOOM_CLI=$B/loom
for c in nvrtc llvm; do
  LOOM_CUDA_COMPILER=$c timeout 60 $B/loom_tests --gtest_filter='RowsExamplesGpu.TheRowTileStaysInRegistersOnSm90' > $OUT/rows_$c.log 2>&1; echo "rows $c rc=$?"; grep -E "^\[  (PASSED|FAILED) " $OUT/rows_$c.log
done
R=$B REPO=$PWD TEST_TIMEOUT=150 timeout 300 bash $B/run_llvm_gap.sh 1 2>&1 | tail -12
