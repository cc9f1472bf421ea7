#!/bin/bash
# Issue 30, third session: the LLVM path after closing its register gap (nsw index arithmetic,
# .minnctapersm back, masked guarded fetches, 32-bit shared pointers, no MachineSink; fourth session: no MachineCSE), in one
# device call of about 5 minutes:
#  1. kernel times, same card, same process layout: NVRTC, the LLVM path, and, where the bundle
#     has libloom_llvm_split.so, a variant library (third session: ba42e1d's constant split; fourth: the library before no-MachineCSE, for a same-call before/after) for sgemm_tuned (4096), stencil5 (8192), sgemm_prefetch
#     (4096), stencil5_rows and vector_add (loom_gpu_kernel_benchmarks: reduced-size --check first,
#     then the median of 50 CUDA-event timings); each variant with its own empty loom cache;
#  2. RowsExamplesGpu.TheRowTileStaysInRegistersOnSm90 under each compiler (its report now comes
#     from the compiler in use: NVRTC's ptxas log, or the driver JIT's verbose log for LLVM PTX);
#  3. cold compile, spec -> loaded module (LOOM_NO_CACHE=1), both compilers, with the driver's own
#     JIT cache off (CUDA_CACHE_DISABLE=1) and LOOM_TIME=1's stage times, then with it on;
#  4. the gpu-labelled tests with LOOM_CUDA_COMPILER=llvm.
# Each kernel-benchmark variant fills and writes its full-size arrays: ~45-60 s on the H200
# (BENCH_TIMEOUT, default 150 s; 60 s cut the second variant off once).
# Fifth session: RAGGED=1 times every kernel of section 1 at a size nothing divides (8191, 4095,
# 4093 x 999, 50000017) and stencil5 at 8192 too; LOOM_BENCH_DUMP=0 skips writing the arrays
# (timings only, ~10 s a variant instead of ~50). The "split" slot held the library before upper-
# bound unrolling (results/2026-11-26-h200-llvm-gap-2.md). Sixth session: the same table, the
# "split" slot holding main's library before predicated guarded regions (stencil5_rows 8191).
# Bundle: scripts/gpu_bundle.sh build loom loom_tests loom_gpu_kernel_benchmarks loom_gpu_llvm_compile,
# libloom_llvm.so (stripped) and libzstd.so.1; the libraries may travel xz-compressed (*.so.xz).
# Usage: R=BUNDLE [REPO=CHECKOUT] bash benchmarks/gpu/run_llvm_gap.sh [SECTION...]  (REPO defaults to
# the checkout holding this script)
set -u
SECTIONS=" ${*:-1 2 3 4} "
want() { [[ $SECTIONS == *" $1 "* ]]; }
cd "${REPO:-$(dirname "$0")/../..}"
R=$(cd "${R:-.cudarun}" && pwd)
export LD_LIBRARY_PATH=$R/lib:/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
export LOOM_CLI=$R/loom
OUT=${OUT:-$(mktemp -d)}
mkdir -p "$OUT"
SUMMARY=$OUT/summary.txt
say() { echo "$*" | tee -a "$SUMMARY"; }
for packed in "$R"/*.so.xz; do
  [ -f "$packed" ] && python3 -c "import lzma, sys; open(sys.argv[2], 'wb').write(lzma.open(sys.argv[1]).read())" "$packed" "${packed%.xz}"
done
chmod +x "$R"/*.so 2> /dev/null
# The test binary looks for examples where it was built (LOOM_EXAMPLES_DIR); point that at this checkout.
built_in=$(strings "$R/loom_tests" | grep -m1 -oE '^/[^ ]*/examples$' || true)
if [ -n "$built_in" ] && [ ! -d "$built_in" ]; then mkdir -p "$(dirname "$(dirname "$built_in")")" && ln -s "$PWD" "$(dirname "$built_in")"; fi
export LOOM_EXAMPLES=$PWD/examples
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader | tee -a "$SUMMARY"

want 1 && {
say "== 1. kernel times: nvrtc, llvm, llvm_split (same card, same call)"
python3 - "$OUT/kernels.json" <<'EOF'
import json, os, sys
table = json.load(open("benchmarks/gpu/kernels.json"))
keep = {"vector_add", "stencil5_8192", "stencil5_rows_8192", "sgemm_prefetch_4096"}
table["kernels"] = [k for k in table["kernels"] if k["name"] in keep]
table["kernels"].append({"name": "sgemm_tuned_4096", "spec": "examples/memory/sgemm_tuned.json", "check": {"m": 100, "n": 100, "p": 100},
                         "size": {"m": 4096, "n": 4096, "p": 4096}, "flops": "2*m*n*p", "torch": "c = a @ b",
                         "peer": "cublas_sgemm_4096_TFLOPs", "limit": "fp32", "outputs": ["c"]})
# The row kernels (fourth session: no MachineCSE took their LLVM registers from 79-80 to 48-64):
# the wide softmax at 4096 x 4096 and the narrow one at 4096 x 1000, as in run_rows.sh.
for name, spec, n in [("softmax_4096", "examples/rows/softmax.json", 4096),
                      ("softmax_narrow_1000", "examples/rows/softmax_narrow.json", 1000)]:
    table["kernels"].append({"name": name, "spec": spec, "check": {"m": 11, "n": 127}, "size": {"m": 4096, "n": n},
                             "bytes": "8*m*n", "torch": "y = torch.softmax(x, 1)", "peer": "copy_GBps", "limit": "copy",
                             "outputs": ["y"], "copy_elements": "m*n"})
# RAGGED=1 (fifth session): every kernel at a size no tile or vector width divides (8191, 4095,
# 4093 x 999, ...), plus stencil5 at 8192 for continuity with the earlier calls. The reduced-size
# checks are ragged already (100, 11 x 127).
if os.environ.get("RAGGED") == "1":
    ragged = {"vector_add": ("vector_add_50000017", {"n": 50000017}),
              "stencil5_8192": ("stencil5_8191", {"n": 8191}),
              "stencil5_rows_8192": ("stencil5_rows_8191", {"n": 8191}),
              "sgemm_prefetch_4096": ("sgemm_prefetch_4095", {"n": 4095}),
              "sgemm_tuned_4096": ("sgemm_tuned_4095", {"m": 4095, "n": 4095, "p": 4095}),
              "softmax_4096": ("softmax_4095x4095", {"m": 4095, "n": 4095}),
              "softmax_narrow_1000": ("softmax_narrow_4093x999", {"m": 4093, "n": 999})}
    table["kernels"] = ([k for k in table["kernels"] if k["name"] == "stencil5_8192"] +
                        [dict(k, name=ragged[k["name"]][0], size=ragged[k["name"]][1]) for k in table["kernels"]])
json.dump(table, open(sys.argv[1], "w"), indent=1)
EOF
variants="nvrtc llvm"
[ -f "$R/libloom_llvm_split.so" ] && variants="$variants llvm_split"
for variant in $variants; do
  WORK=$(mktemp -d)
  library=$R/libloom_llvm.so
  [ $variant = llvm_split ] && library=$R/libloom_llvm_split.so
  LOOM_BENCH_DUMP=${LOOM_BENCH_DUMP:-1} LOOM_CACHE_DIR=$(mktemp -d) LOOM_LLVM_LIBRARY=$library LOOM_CUDA_COMPILER=${variant%_split} \
    timeout ${BENCH_TIMEOUT:-150} $R/loom_gpu_kernel_benchmarks "$OUT/kernels.json" "$WORK" > /dev/null 2> $OUT/bench_$variant.log
  say "loom_gpu_kernel_benchmarks ($variant) rc=$?"
  cp "$WORK/loom_kernels.json" "$OUT/${variant}_kernels.json" 2> /dev/null
  rm -rf "$WORK"
done
python3 - "$OUT" <<'EOF' | tee -a "$SUMMARY"
import json, sys, os
out = sys.argv[1]
def load(name):
    path = os.path.join(out, name + "_kernels.json")
    if not os.path.exists(path): return {}
    rows = json.load(open(path))
    rows = rows if isinstance(rows, list) else rows.get("kernels", [])
    return {r["name"]: r for r in rows}
runs = {n: load(n) for n in ["nvrtc", "llvm", "llvm_split"]}
print(f"{'kernel':26} {'nvrtc ms':>9} {'llvm ms':>9} {'split ms':>9} {'llvm/nv':>8} {'split/nv':>8}  regs nvrtc/llvm/split  checks")
for name in runs["nvrtc"]:
    t = {v: runs[v].get(name, {}).get("median_ms") for v in runs}
    regs = lambda v: ",".join(str(k.get("registers")) + ("+" + str(k.get("local_bytes")) + "B" if k.get("local_bytes") else "")
                              for k in runs[v].get(name, {}).get("resources", []) if isinstance(k, dict))
    ratio = lambda v: f"{t[v] / t['nvrtc']:8.3f}" if t[v] and t["nvrtc"] else "     n/a"
    checks = "/".join(str(runs[v].get(name, {}).get("check_passed", runs[v].get(name, {}).get("error", "?"))) for v in runs)
    print(f"{name:26} {t['nvrtc'] or 0:9.4f} {t['llvm'] or 0:9.4f} {t['llvm_split'] or 0:9.4f} {ratio('llvm')} {ratio('llvm_split')}  "
          f"{regs('nvrtc')}/{regs('llvm')}/{regs('llvm_split')}  {checks}")
EOF
}

want 2 && {
say "== 2. the rows register test under each compiler"
for compiler in nvrtc llvm; do
  LOOM_CACHE_DIR=$(mktemp -d) LOOM_CUDA_COMPILER=$compiler timeout 60 $R/loom_tests \
    --gtest_filter='RowsExamplesGpu.TheRowTileStaysInRegistersOnSm90' > $OUT/rows_$compiler.log 2>&1
  say "$compiler rc=$? $(grep -E '^\[  (PASSED|FAILED|SKIPPED)' $OUT/rows_$compiler.log | head -n 2 | tr '\n' ' ')"
done
}

want 3 && {
say "== 3. cold compile, spec -> loaded module (LOOM_NO_CACHE=1, median of 3 after a warm-up)"
CUDA_CACHE_DISABLE=1 LOOM_TIME=1 timeout 60 $R/loom_gpu_llvm_compile 3 examples/memory/sgemm_tuned.json \
  examples/memory/matmul_register_tiled.json > $OUT/compile_nojitcache.json 2> $OUT/compile_nojitcache.log
say "driver JIT cache off: rc=$? $(python3 -c "import json,sys; print([(r['spec'].split('/')[-1], round(r['nvrtc_median_ms']), round(r['llvm_median_ms'])) for r in json.load(open(sys.argv[1]))])" $OUT/compile_nojitcache.json 2>&1)"
grep -E 'NVRTC to CUBIN|driver JIT|llvm_nvptx\(sgemm_tuned\): IR' $OUT/compile_nojitcache.log | sort | uniq -c | sort -rn | head -n 8 | tee -a "$SUMMARY"
timeout 40 $R/loom_gpu_llvm_compile 3 examples/memory/sgemm_tuned.json > $OUT/compile_jitcache.json 2> $OUT/compile_jitcache.log
say "driver JIT cache on: rc=$? $(python3 -c "import json,sys; print([(r['spec'].split('/')[-1], round(r['nvrtc_median_ms']), round(r['llvm_median_ms'])) for r in json.load(open(sys.argv[1]))])" $OUT/compile_jitcache.json 2>&1)"
}

want 4 && {
say "== 4. gpu tests through the LLVM path"
LOOM_CACHE_DIR=$(mktemp -d) LOOM_CUDA_COMPILER=llvm timeout ${TEST_TIMEOUT:-120} $R/loom_tests \
  --gtest_filter='*Gpu*:*Cuda*:-*OpenCL*' > $OUT/gpu_tests.log 2>&1
say "loom_tests (LOOM_CUDA_COMPILER=llvm) rc=$?: $(grep -E '^\[  PASSED|^\[  FAILED  \] [0-9]+ test|tests? ran' $OUT/gpu_tests.log | tr '\n' ' ')"
grep -E '^\[  FAILED' $OUT/gpu_tests.log | head -n 20 | tee -a "$SUMMARY"
}
say "results in $OUT"
