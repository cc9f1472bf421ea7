#!/usr/bin/env bash
# Final call B of the 2026-11-27 05:33-08:33 session (issue 29): the TensorizeWgmmaGpu tests that
# call A's 200 s gtest limit cut off, then `loom tune` sweeps of the two tensor-core spaces
# (examples/tune/bf16_wgmma_space.json, tf32_wgmma_space.json) at 4096^3, cuBLAS in the same call.
#   bash benchmarks/results/2026-11-27-final-18/call_b.sh 2>&1 | tee $OUT/call_b.log   (carry .cudarun)
set -u
R=$PWD; B=$R/.cudarun
mkdir -p /work && ln -sfn "$R" /work/main
export LD_LIBRARY_PATH=$B/lib:/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
export LOOM_CUDA_COMPILER=nvrtc
[ -f $B/libloom_llvm.so ] || python3 -c "import lzma;open('$B/libloom_llvm.so','wb').write(lzma.open('$B/libloom_llvm.so.xz').read())"
C=$(mktemp -d); export LOOM_CACHE_DIR=$C
T0=$(date +%s); stamp() { echo "STAMP $1 $(( $(date +%s) - T0 )) s"; }
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; echo "loom commit: $(cat $B/COMMIT)"
timeout 120 $B/loom_tests --gtest_filter='TensorizeWgmmaGpu*' > /tmp/gtest_b.log 2>&1; echo "gtest rc=$?"
grep -E "^\[ *(OK|FAILED|SKIPPED|PASSED) |^\[  FAILED|tests ran|Failure" /tmp/gtest_b.log | head -20
stamp gtest
for space in bf16_wgmma_space tf32_wgmma_space; do
  timeout 110 $B/loom tune $R/examples/tune/$space.json --db $C/records.sqlite --repeats 10 --summary $OUT/$space.md > /tmp/$space.log 2>&1; echo "tune $space rc=$?"
  tail -30 /tmp/$space.log
  stamp $space
done
timeout 60 python3 - <<'PY'
import statistics, torch
for op, dtype, tf32 in (("bf16", torch.bfloat16, False), ("tf32", torch.float32, True)):
    torch.backends.cuda.matmul.allow_tf32 = tf32
    a = torch.randn(4096, 4096, device="cuda", dtype=dtype); b = torch.randn(4096, 4096, device="cuda", dtype=dtype)
    for _ in range(10): torch.matmul(a, b)
    torch.cuda.synchronize(); times = []
    for _ in range(50):
        s, e = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        s.record(); torch.matmul(a, b); e.record(); torch.cuda.synchronize(); times.append(s.elapsed_time(e))
    ms = statistics.median(times)
    print(f"RESULT cublas_{op} 4096x4096x4096 median_ms={ms:.4f} TFLOPs={2*4096**3/(ms*1e-3)/1e12:.1f}")
PY
stamp end
