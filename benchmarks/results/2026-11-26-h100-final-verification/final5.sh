# Call 5: loom tune sgemm_space_v5 (n = 4096, cold cache, all cores) beside Triton's autotune of 108
# FP32 configs, same call: the longest-compile-first order (d18d2bf) measured on a GPU.
set -u
B=$PWD/.cudarun
export LD_LIBRARY_PATH=$B/lib:/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
export LOOM_CACHE_DIR=$(mktemp -d)
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; echo "cores $(nproc)"
s=$(date +%s.%N); timeout 100 $B/loom tune examples/tune/sgemm_space_v5.json --db $OUT/tune_v5.sqlite --repeats 10 --summary $OUT/tune_v5.md > $OUT/tune_v5.out 2>&1; rc=$?; e=$(date +%s.%N)
n=$(python3 -c "import sqlite3,sys; print(sqlite3.connect(sys.argv[1]).execute('select count(*) from records').fetchone()[0])" $OUT/tune_v5.sqlite 2>/dev/null || echo "?")
echo "loom_tune rc=$rc wall_s=$(python3 -c "print(round($e - $s, 1))") candidates=$n"; grep -E "^(Wall time|Where the wall time went)" $OUT/tune_v5.out
export TRITON_CACHE_DIR=$(mktemp -d)
s=$(date +%s.%N); timeout 100 python3 benchmarks/tune/triton_autotune.py 4096 108 > $OUT/triton_autotune.json 2>/dev/null; rc=$?; e=$(date +%s.%N)
echo "triton_autotune rc=$rc wall_s=$(python3 -c "print(round($e - $s, 1))") configs=108 $(tail -n 1 $OUT/triton_autotune.json)"
