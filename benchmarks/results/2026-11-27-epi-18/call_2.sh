#!/usr/bin/env bash
# epi18, call 2 (issue 29): after call 1 showed 4093^3 -10% and 4000^3 -2..-4% (the edge side's
# narrower copies never taken there), each chunk's test is the narrowest width's alone. "main" =
# main's loom (b595bb0's code), "new" = wt-epi18 (both changes), "pairs" = wt-epi18 with
# LOOM_NARROW_FILLS=0 (the epilogue's pairs only), alternately in one call; cuBLAS in the same call;
# then --check of the change and the gpu-label tests of the wgmma paths.
#   bash benchmarks/results/2026-11-27-epi-18/call_2.sh   (carry .gpu-epi18)
set -u
R=$PWD; G=$R/.gpu-epi18
mkdir -p /work && ln -sfn "$R" /work/main && ln -sfn "$R" /work/wt-epi18
[ -f $G/libloom_llvm.so ] || python3 -c "import lzma;open('$G/libloom_llvm.so','wb').write(lzma.open('$G/libloom_llvm.so.xz').read())"
chmod +x $G/*.so $G/loom $G/loom_main $G/loom_tests 2>/dev/null
export LD_LIBRARY_PATH=$G/lib:/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
export LOOM_CUDA_COMPILER=nvrtc
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
C=$(mktemp -d); mkdir -p $C/main $C/new $C/pairs
E=$R/examples/tensor
T0=$(date +%s); stamp() { echo "STAMP $1 $(( $(date +%s) - T0 )) s"; }
time_spec() {  # label loom cache spec m n l
  local line us
  line=$(LOOM_CACHE_DIR=$3 timeout 60 $2 run $E/$4.json --target cuda -D m=$5 -D n=$6 -D l=$7 --repeat 20 2>&1 | tail -1)
  us=$(echo "$line" | sed -n 's/.*median \([0-9.]*\) \(us\|ms\).*/\1 \2/p' | awk '{ if ($2 == "ms") printf "%.1f", $1 * 1000; else print $1 }')
  echo "RESULT $1 $4 ${5}x${6}x${7} median_us=$us TFLOPs=$(awk -v m=$5 -v n=$6 -v l=$7 -v us="$us" 'BEGIN { if (us > 0) printf "%.1f", 2*m*n*l/(us*1e-6)/1e12; else print "?" }')"
  [ -n "$us" ] || echo "  ($line)" | cut -c1-200
}
three() {
  time_spec main $G/loom_main $C/main "$@"; time_spec new $G/loom $C/new "$@"
  LOOM_NARROW_FILLS=0 time_spec pairs $G/loom $C/pairs "$@"
}
stamp start
for shape in 4093,4093,4093 4000,4000,4000 4096,4096,4096 4094,4094,4094 3000,5000,700; do
  IFS=, read m n l <<< "$shape"; three bf16_gemm_wgmma $m $n $l
done
stamp bf16
for shape in 4093,4093,4093 4000,4000,4000; do IFS=, read m n l <<< "$shape"; three f16_gemm_wgmma $m $n $l; done
stamp f16
timeout 60 python3 - <<'PY'
import statistics, torch
def time_mm(m, n, l, dtype):
    a = torch.randn(m, l, device="cuda", dtype=dtype); b = torch.randn(l, n, device="cuda", dtype=dtype)
    for _ in range(10): torch.matmul(a, b)
    torch.cuda.synchronize(); times = []
    for _ in range(50):
        s, e = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        s.record(); torch.matmul(a, b); e.record(); torch.cuda.synchronize(); times.append(s.elapsed_time(e))
    return statistics.median(times)
for (m, n, l), ops in (((4096,) * 3, "bf16"), ((4000,) * 3, "bf16 f16"), ((4093,) * 3, "bf16 f16"),
                       ((4094,) * 3, "bf16"), ((3000, 5000, 700), "bf16")):
    for op in ops.split():
        ms = time_mm(m, n, l, {"bf16": torch.bfloat16, "f16": torch.float16}[op])
        print(f"RESULT cublas_{op} {m}x{n}x{l} median_us={ms*1000:.1f} TFLOPs={2*m*n*l/(ms*1e-3)/1e12:.1f}")
PY
stamp cublas
check() {  # spec m n l
  echo "CHECK $1 $2,$3,$4: $(LOOM_CACHE_DIR=$C/new timeout 40 $G/loom run $E/$1.json --target cuda --check -D m=$2 -D n=$3 -D l=$4 2>&1 | tail -1 | cut -c1-150)"
}
for size in 1000,1000,1000 3000,5000,700 4093,4093,61 4094,4094,62; do IFS=, read m n l <<< "$size"; check bf16_gemm_wgmma $m $n $l; done
for spec in bf16_gemm_wgmma_s3 bf16_gemm_8warps_ring3 f16_gemm_8warps_ring3; do
  for size in 129,258,132 200,260,36; do IFS=, read m n l <<< "$size"; check $spec $m $n $l; done
done
stamp checks
LOOM_CACHE_DIR=$C/new timeout ${TEST_TIMEOUT:-150} $G/loom_tests --gtest_filter='NarrowRingFills*:WgmmaEpilogue*:TensorizeWgmmaGpu*:WholeTileFillsGpu.DefaultSplit*' > $OUT/gtest.log 2>&1; echo "gtest rc=$?"
grep -E "^\[  (PASSED|FAILED) |^\[  FAILED  \]|^\[       OK|SKIPPED" $OUT/gtest.log | head -20
stamp end
