#!/usr/bin/env bash
# Final call A of the 2026-11-27 05:33-08:33 session (issue 29): merged main's loom (.cudarun) —
# the gpu tests of the bulk (TMA) path, the narrower fills and the wgmma epilogue; `--check` of the
# bulk spec at ragged sizes (aligned rows: bulk copies; unaligned: the cp.async fallback); the bulk
# and cp.async-ring BF16 specs, FP16 and TF32 wgmma timed at 4096, 8192, 4000 and 4093 with cuBLAS
# BF16/FP16/TF32 (torch) timed before and after loom in the same call.
# Run from the repository root with carry [".cudarun"]:
#   bash benchmarks/results/2026-11-27-final-18/call_a.sh 2>&1 | tee $OUT/call_a.log
set -u
R=$PWD; B=$R/.cudarun
mkdir -p /work && ln -sfn "$R" /work/main   # loom_tests reads /work/main/examples
export LD_LIBRARY_PATH=$B/lib:/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
export LOOM_CUDA_COMPILER=nvrtc
[ -f $B/libloom_llvm.so ] || python3 -c "import lzma;open('$B/libloom_llvm.so','wb').write(lzma.open('$B/libloom_llvm.so.xz').read())"
C=$(mktemp -d); export LOOM_CACHE_DIR=$C
E=$R/examples/tensor
T0=$(date +%s); stamp() { echo "STAMP $1 $(( $(date +%s) - T0 )) s"; }
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader
echo "loom commit: $(cat $B/COMMIT)"
if command -v compute-sanitizer >/dev/null; then
  echo "SANITIZE memcheck bulk 129,200,72: $(LOOM_NO_BULK_FALLBACK=1 timeout 60 compute-sanitizer --tool memcheck $B/loom run $E/bf16_gemm_wgmma_bulk.json --target cuda --check -D m=129 -D n=200 -D l=72 2>&1 | grep -E "check|ERROR SUMMARY" | head -3 | tr '\n' ' ')"
fi
stamp sanitizer
timeout 200 $B/loom_tests --gtest_filter='PipelineFetchBulkGpu*:NarrowRingFills*:WgmmaEpilogue*:TensorizeWgmmaGpu*:WholeTileFillsGpu.DefaultSplit*' > /tmp/gtest_a.log 2>&1; echo "gtest rc=$?"
grep -E "^\[ *(OK|FAILED|SKIPPED|PASSED) |^\[  FAILED|tests ran|Failure" /tmp/gtest_a.log | head -40
stamp gtest
for size in 1,1,1 17,17,17 129,129,129 1000,1000,1000 3000,5000,700 3000,5000,712 300,4093,500 4000,4000,64; do
  IFS=, read m n l <<< "$size"
  echo "CHECK bulk $size: $(timeout 90 $B/loom run $E/bf16_gemm_wgmma_bulk.json --target cuda --check -D m=$m -D n=$n -D l=$l 2>&1 | tail -1 | cut -c1-160)"
done
stamp checks
peers() {
timeout 90 python3 - "$1" "$2" <<'PY'
import sys, statistics, torch
def time_mm(m, n, l, dtype, tf32=False):
    torch.backends.cuda.matmul.allow_tf32 = tf32
    a = torch.randn(m, l, device="cuda", dtype=dtype); b = torch.randn(l, n, device="cuda", dtype=dtype)
    for _ in range(10): torch.matmul(a, b)
    torch.cuda.synchronize(); times = []
    for _ in range(50):
        s, e = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        s.record(); torch.matmul(a, b); e.record(); torch.cuda.synchronize(); times.append(s.elapsed_time(e))
    return statistics.median(times)
for shape in sys.argv[2].split():
    m, n, l = map(int, shape.split(","))
    for op, dtype, tf32 in (("bf16", torch.bfloat16, False), ("f16", torch.float16, False), ("tf32", torch.float32, True)):
        ms = time_mm(m, n, l, dtype, tf32)
        print(f"RESULT cublas_{op}_{sys.argv[1]} {m}x{n}x{l} median_ms={ms:.4f} TFLOPs={2*m*n*l/(ms*1e-3)/1e12:.1f}")
PY
}
time_spec() {  # spec m n l
  local line ms
  line=$(timeout 60 $B/loom run $E/$1.json --target cuda -D m=$2 -D n=$3 -D l=$4 --repeat 20 2>&1 | tail -1)
  ms=$(echo "$line" | sed -n 's/.*median \([0-9.]*\) ms.*/\1/p')
  [ -z "$ms" ] && ms=$(echo "$line" | sed -n 's/.*median \([0-9.]*\) us.*/\1/p' | awk '{ if ($1 != "") printf "%.4f", $1 / 1000 }')
  echo "RESULT loom $1 ${2}x${3}x${4} median_ms=$ms TFLOPs=$(awk -v m=$2 -v n=$3 -v l=$4 -v ms="$ms" 'BEGIN { if (ms > 0) printf "%.1f", 2*m*n*l/(ms*1e-3)/1e12; else print "?" }') :: $(echo "$line" | cut -c1-100)"
}
SH="4096,4096,4096 8192,8192,8192 4000,4000,4000 4093,4093,4093"
peers before "$SH"
stamp peers_before
for shape in $SH; do
  IFS=, read m n l <<< "$shape"
  for spec in bf16_gemm_wgmma_bulk bf16_gemm_wgmma f16_gemm_wgmma tf32_gemm_wgmma; do time_spec $spec $m $n $l; done
  stamp "loom $shape"
done
peers after "$SH"
stamp end
