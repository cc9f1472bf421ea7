#!/usr/bin/env bash
# Call C (issue 29): async ring fills whose 16 bytes lie wholly outside the array store 16 zero
# bytes at once (loom_zero_16) instead of eight guarded lanes. Main's loom (.cudarun, 2be6464) and
# the change's loom (.cudarun2/loom) alternately on the wgmma specs at 4000^3 (edge groups in m
# and n), 4096^3 and 3000x5000x700 (8192^3 the change only), cuBLAS BF16/FP16/TF32 in the same call; --check of the
# change at ragged sizes (one pass: the first, longer version of this call ran past its limit).
set -u
R=$PWD; B=$R/.cudarun; N=$R/.cudarun2
export LD_LIBRARY_PATH=$B/lib:/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
export LOOM_CUDA_COMPILER=nvrtc
C=$(mktemp -d); mkdir -p $C/main $C/zero
[ -f $B/libloom_llvm.so.xz ] && [ ! -f $B/libloom_llvm.so ] && python3 -c "import lzma;open('$B/libloom_llvm.so','wb').write(lzma.open('$B/libloom_llvm.so.xz').read())"
cp -n $B/libloom_llvm.so $N/ 2>/dev/null
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
E=$R/examples/tensor
time_spec() {  # label loom cache spec m n l
  local line us
  line=$(LOOM_CACHE_DIR=$3 timeout 120 $2 run $E/$4.json --target cuda -D m=$5 -D n=$6 -D l=$7 --repeat 20 2>&1 | tail -1)
  us=$(echo "$line" | sed -n 's/.*median \([0-9.]*\) \(us\|ms\).*/\1 \2/p' | awk '{ if ($2 == "ms") printf "%.1f", $1 * 1000; else print $1 }')
  echo "RESULT $1 $4 ${5}x${6}x${7} median_us=$us TFLOPs=$(awk -v m=$5 -v n=$6 -v l=$7 -v us="$us" 'BEGIN { if (us > 0) printf "%.1f", 2*m*n*l/(us*1e-6)/1e12; else print "?" }')"
}
for shape in 4000,4000,4000 4096,4096,4096 3000,5000,700; do
  IFS=, read m n l <<< "$shape"
  for spec in ${SPECS:-bf16_gemm_wgmma tf32_gemm_wgmma}; do
    time_spec main $B/loom $C/main $spec $m $n $l
    time_spec zero $N/loom $C/zero $spec $m $n $l
  done
done
time_spec zero $N/loom $C/zero bf16_gemm_wgmma 8192 8192 8192
python3 - <<'PY'
import statistics, torch
def time_mm(m, n, l, dtype, tf32=False):
    torch.backends.cuda.matmul.allow_tf32 = tf32
    a = torch.randn(m, l, device="cuda", dtype=dtype); b = torch.randn(l, n, device="cuda", dtype=dtype)
    for _ in range(10): torch.matmul(a, b)
    torch.cuda.synchronize(); times = []
    for _ in range(50):
        s, e = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        s.record(); torch.matmul(a, b); e.record(); torch.cuda.synchronize(); times.append(s.elapsed_time(e))
    return statistics.median(times)
for m, n, l in ((4000, 4000, 4000), (4096, 4096, 4096), (8192, 8192, 8192), (3000, 5000, 700)):
    for op, dtype, tf32 in (("bf16", torch.bfloat16, False), ("f16", torch.float16, False), ("tf32", torch.float32, True)):
        ms = time_mm(m, n, l, dtype, tf32)
        print(f"RESULT cublas_{op} {m}x{n}x{l} median_us={ms*1000:.1f} TFLOPs={2*m*n*l/(ms*1e-3)/1e12:.1f}")
PY
for spec in bf16_gemm_wgmma bf16_gemm_wgmma_s3 f16_gemm_wgmma tf32_gemm_wgmma bf16_gemm_8warps_ring3; do
  for size in 17,17,17 129,129,129 1000,1000,1000 4000,4000,300 3000,5000,700; do
    IFS=, read m n l <<< "$size"
    echo "CHECK $spec $size: $(LOOM_CACHE_DIR=$C/zero timeout 90 $N/loom run $E/$spec.json --target cuda --check -D m=$m -D n=$n -D l=$l 2>&1 | tail -2 | tr '\n' ' ' | cut -c1-160)"
  done
done
