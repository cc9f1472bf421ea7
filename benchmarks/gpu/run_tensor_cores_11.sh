#!/usr/bin/env bash
# Issue 29, eleventh step: whole-tile ring fills (one group-uniform test per fetched tile, the copies
# without per-copy bounds; codegen/uniform_selects.cpp). One call: --check of the wgmma and mma.sync
# ring specs at ragged sizes, then the wgmma specs timed with this branch's loom and main's (the
# same card, the same call) beside cuBLAS BF16 and FP16 (torch). Bundle (an ignored folder carried
# to the device): loom (this branch, stripped), loom_main (main's, stripped), lib/ (libxxhash,
# libsqlite3, libOpenCL, libjemalloc), examples/tensor/, this script:
#   cd .gpu-mma10 && bash run_tensor_cores_11.sh
set -u
export LD_LIBRARY_PATH=$PWD/lib:/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
export LOOM_CACHE_DIR=$(mktemp -d)
nvidia-smi --query-gpu=name,clocks.sm,clocks.max.sm,driver_version --format=csv,noheader
T=examples/tensor
for entry in ${CHECKS:-$T/bf16_gemm_wgmma_s3.json $T/bf16_gemm_wgmma.json $T/f16_gemm_wgmma.json $T/bf16_gemm_8warps_ring3.json}; do
  for size in ${CHECK_SIZES:-1,1,1 17,17,17 129,129,129 1000,1000,1000 3000,5000,700}; do
    IFS=, read m n l <<< "$size"
    echo "CHECK $(basename $entry .json) ${m}x${n}x${l}: $(timeout 90 ./loom run "$entry" --target cuda --check -D m=$m -D n=$n -D l=$l 2>&1 | tail -1)"
  done
done
for entry in ${BIG_CHECKS:-$T/bf16_gemm_wgmma_s3.json:4000,4000,300 $T/bf16_gemm_wgmma.json:4000,4000,300}; do
  IFS=, read m n l <<< "${entry#*:}"
  echo "CHECK $(basename ${entry%%:*} .json) ${m}x${n}x${l}: $(timeout 90 ./loom run "${entry%%:*}" --target cuda --check -D m=$m -D n=$n -D l=$l 2>&1 | tail -1)"
done
time_spec() {  # loom-binary spec-file m n l
  local line ms
  line=$(timeout 60 ./$1 run "$2" --target cuda -D m=$3 -D n=$4 -D l=$5 --repeat 20 2>&1 | tail -1)
  ms=$(echo "$line" | sed -n 's/.*median \([0-9.]*\) ms.*/\1/p')
  [[ -z $ms ]] && ms=$(echo "$line" | sed -n 's/.*median \([0-9.]*\) us.*/\1/p' | awk '{ if ($1 != "") printf "%.4f", $1 / 1000 }')
  echo "RESULT $1 $(basename $2 .json) ${3}x${4}x${5} median_ms=$ms TFLOPs=$(awk -v m=$3 -v n=$4 -v l=$5 -v ms="$ms" 'BEGIN { if (ms > 0) printf "%.1f", 2*m*n*l/(ms*1e-3)/1e12; else print "?" }') :: $line"
}
for shape in ${SHAPES:-4096,4096,4096 8192,8192,8192 4000,4000,4000}; do
  IFS=, read m n l <<< "$shape"
  for spec in ${SPECS:-$T/bf16_gemm_wgmma_s3.json $T/bf16_gemm_wgmma.json}; do
    for binary in loom loom_main; do time_spec $binary "$spec" $m $n $l; done
  done
  for spec in ${NEW_ONLY:-$T/f16_gemm_wgmma.json}; do time_spec loom "$spec" $m $n $l; done
done
python3 - "${PEER_SHAPES:-4096,4096,4096 8192,8192,8192 4000,4000,4000}" <<'PY'
import sys, statistics, torch
def time_mm(m, n, l, dtype):
    a = torch.randn(m, l, device="cuda", dtype=dtype)
    b = torch.randn(l, n, device="cuda", dtype=dtype)
    for _ in range(10): torch.matmul(a, b)
    torch.cuda.synchronize()
    times = []
    for _ in range(50):
        s, e = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        s.record(); torch.matmul(a, b); e.record(); torch.cuda.synchronize()
        times.append(s.elapsed_time(e))
    return statistics.median(times)
for shape in sys.argv[1].split():
    m, n, l = map(int, shape.split(","))
    for op, dtype in (("bf16", torch.bfloat16), ("fp16", torch.float16)):
        ms = time_mm(m, n, l, dtype)
        print(f"RESULT cublas_{op} {m}x{n}x{l} median_ms={ms:.4f} TFLOPs={2*m*n*l/(ms*1e-3)/1e12:.1f}")
PY
