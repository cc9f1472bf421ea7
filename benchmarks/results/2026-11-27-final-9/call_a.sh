#!/usr/bin/env bash
# Final call A of the 2026-11-27 02:45-05:45 session (issue 29): merged main's loom (.cudarun) on the
# wgmma specs at 4096, 8192, 4093^3 and 4000^3, cuBLAS BF16/FP16/TF32 (torch) timed before AND after
# loom in the same call; --check of the four wgmma specs at ragged sizes.
# Run from the repository root: bash benchmarks/results/2026-11-27-final-9/call_a.sh
set -u
R=$PWD; B=$R/.cudarun
export LD_LIBRARY_PATH=$B/lib:/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
export LOOM_CUDA_COMPILER=nvrtc
C=$(mktemp -d)
[ -f $B/libloom_llvm.so.xz ] && [ ! -f $B/libloom_llvm.so ] && python3 -c "import lzma;open('$B/libloom_llvm.so','wb').write(lzma.open('$B/libloom_llvm.so.xz').read())"
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader
echo "loom commit: $(cat $B/COMMIT)"
E=$R/examples/tensor
peers() {
python3 - "$1" "$2" <<'PY'
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
  line=$(LOOM_CACHE_DIR=$C timeout 120 $B/loom run $E/$1.json --target cuda -D m=$2 -D n=$3 -D l=$4 --repeat 20 2>&1 | tail -1)
  ms=$(echo "$line" | sed -n 's/.*median \([0-9.]*\) ms.*/\1/p')
  echo "RESULT loom $1 ${2}x${3}x${4} median_ms=$ms TFLOPs=$(awk -v m=$2 -v n=$3 -v l=$4 -v ms="$ms" 'BEGIN { if (ms > 0) printf "%.1f", 2*m*n*l/(ms*1e-3)/1e12; else print "?" }') :: $(echo "$line" | cut -c1-90)"
}
SH="4096,4096,4096 8192,8192,8192 4093,4093,4093 4000,4000,4000"
peers before "$SH"
for pass in 1 2; do
  for shape in $SH; do
    IFS=, read m n l <<< "$shape"
    for spec in bf16_gemm_wgmma bf16_gemm_wgmma_s3 f16_gemm_wgmma tf32_gemm_wgmma; do time_spec $spec $m $n $l; done
  done
done
peers after "$SH"
for n in 4096 8192; do python3 $B/gpu_peers.py --ops bf16,tf32 --n $n 2>&1 | tail -6 | sed "s/^/gpu_peers n=$n: /"; done
for spec in bf16_gemm_wgmma bf16_gemm_wgmma_s3 f16_gemm_wgmma tf32_gemm_wgmma; do
  for size in 1,1,1 17,17,17 129,129,129 1000,1000,1000 3000,5000,700; do
    IFS=, read m n l <<< "$size"
    echo "CHECK $spec $size: $(LOOM_CACHE_DIR=$C timeout 90 $B/loom run $E/$spec.json --target cuda --check -D m=$m -D n=$n -D l=$l 2>&1 | tail -2 | tr '\n' ' ' | cut -c1-200)"
  done
done
