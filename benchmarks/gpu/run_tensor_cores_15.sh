#!/usr/bin/env bash
# Issue 29, fifteenth pass (wt-wg15): the whole-tile ring fills split by default on CUDA again, the
# arrays' alignment taken into the whole-tile test (no lane-by-lane fallback beside each 16-byte
# copy of a whole tile). One call: the wgmma specs timed at 4096, 8192 and 4093^3 with this
# branch's loom and main's (db70247, the baseline) alternately beside cuBLAS BF16 / FP16 / TF32
# (torch) in the same call; --check of the changed specs at ragged sizes; the tensor gpu tests.
# Bundle (.gpu-wg15/, carried): loom, loom_tests, libloom_llvm.so.xz, lib/ (this branch),
# main/loom (main's), this script.   Run from the repository root: bash .gpu-wg15/run_tensor_cores_15.sh
set -u
R=$PWD; B=$R/.gpu-wg15
export LD_LIBRARY_PATH=$B/lib:/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
export LOOM_CUDA_COMPILER=nvrtc
C=$(mktemp -d); mkdir -p $C/branch $C/main $C/branch0
[ -f $B/libloom_llvm.so.xz ] && [ ! -f $B/libloom_llvm.so ] && python3 -c "import lzma;open('$B/libloom_llvm.so','wb').write(lzma.open('$B/libloom_llvm.so.xz').read())"
mkdir -p /work && { [[ -e /work/wt-wg15 ]] || ln -s "$R" /work/wt-wg15; }   # loom_tests reads tests/, examples/ here
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader
cat $B/COMMIT
E=$R/examples/tensor
time_spec() {  # label loom-binary cache spec m n l [env]
  local line ms
  line=$(env ${8:-LOOM_X=0} LOOM_CACHE_DIR=$3 timeout 90 "$2" run "$4" --target cuda -D m=$5 -D n=$6 -D l=$7 --repeat 20 2>&1 | tail -1)
  ms=$(echo "$line" | sed -n 's/.*median \([0-9.]*\) ms.*/\1/p')
  [[ -z $ms ]] && ms=$(echo "$line" | sed -n 's/.*median \([0-9.]*\) us.*/\1/p' | awk '{ if ($1 != "") printf "%.4f", $1 / 1000 }')
  echo "RESULT $1 $(basename $4 .json) ${5}x${6}x${7} median_ms=$ms TFLOPs=$(awk -v m=$5 -v n=$6 -v l=$7 -v ms="$ms" 'BEGIN { if (ms > 0) printf "%.1f", 2*m*n*l/(ms*1e-3)/1e12; else print "?" }') :: $(echo "$line" | cut -c1-90)"
}
for shape in ${SHAPES:-4096,4096,4096 8192,8192,8192 4093,4093,4093}; do
  IFS=, read m n l <<< "$shape"
  for spec in ${SPECS:-bf16_gemm_wgmma bf16_gemm_wgmma_s3 f16_gemm_wgmma tf32_gemm_wgmma}; do
    time_spec branch $B/loom $C/branch $E/$spec.json $m $n $l
    time_spec main $B/main/loom $C/main $E/$spec.json $m $n $l
  done
done
for entry in ${EXTRA-bf16_gemm_wgmma:4000,4000,4000}; do  # spec:m,n,l, both binaries
  IFS=, read m n l <<< "${entry#*:}"
  time_spec branch $B/loom $C/branch $E/${entry%%:*}.json $m $n $l
  time_spec main $B/main/loom $C/main $E/${entry%%:*}.json $m $n $l
done
python3 - "${PEER_SHAPES:-4096,4096,4096 8192,8192,8192 4093,4093,4093}" <<'PY'
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
for shape in sys.argv[1].split():
    m, n, l = map(int, shape.split(","))
    for op, dtype, tf32 in (("bf16", torch.bfloat16, False), ("f16", torch.float16, False), ("tf32", torch.float32, True)):
        ms = time_mm(m, n, l, dtype, tf32)
        print(f"RESULT cublas_{op} {m}x{n}x{l} median_ms={ms:.4f} TFLOPs={2*m*n*l/(ms*1e-3)/1e12:.1f}")
PY
for spec in ${CHECK_SPECS:-bf16_gemm_wgmma bf16_gemm_wgmma_s3 f16_gemm_wgmma tf32_gemm_wgmma}; do
  for size in ${CHECK_SIZES:-1,1,1 17,17,17 129,129,129 1000,1000,1000 3000,5000,700}; do
    IFS=, read m n l <<< "$size"
    echo "CHECK $spec $size: $(LOOM_CACHE_DIR=$C/branch timeout 90 $B/loom run $E/$spec.json --target cuda --check -D m=$m -D n=$n -D l=$l 2>&1 | tail -2 | tr '\n' ' ' | cut -c1-200)"
  done
done
if [[ -n ${TESTS-*Wgmma*:*Tensor*:WholeTile*:WideCopy*} && -x $B/loom_tests ]]; then
  cd /work/wt-wg15 && timeout ${TEST_TIMEOUT:-200} $B/loom_tests --gtest_filter="${TESTS-*Wgmma*:*Tensor*:WholeTile*:WideCopy*}" 2>&1 | grep -E "^\[ *(OK|FAILED|SKIPPED|PASSED) |Failure|Expected|Which is|tests ran" | head -80
fi
