// The CUDA target's LLVM compiler path (issue 30; codegen/llvm_nvptx.hpp): every example with a
// CUDA form becomes IR that verifies (the emitter runs llvm::verifyModule and fails loudly) and PTX
// that the toolkit's ptxas accepts where it is installed; the PTX of known kernels has the
// expected structure (FileCheck-style counts); unsupported functions are refused by name; on a GPU
// the examples run through the path and match their references.
#include <gtest/gtest.h>

#include "analysis/bulk_copies.hpp"
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>

#include "codegen/llvm_nvptx.hpp"
#include "codegen/tensor_cores.hpp"
#include "device_helpers.hpp"
#include "loom/loom.hpp"
#include "runtime/cuda_driver.hpp"
#include "runtime/kernel_cache.hpp"
#include "runtime/scoped_env.hpp"
#include "test_helpers.hpp"

namespace loom {
namespace {

namespace fs = std::filesystem;
using testing::count;
using testing::error_message;

const char* const kPtxas = "/usr/local/cuda/bin/ptxas";


std::vector<fs::path> cuda_example_specs() {
  std::vector<fs::path> specs;
  for (const char* folder : {"", "memory", "bandwidth", "rows", "tensor"}) {
    for (const fs::directory_entry& entry : fs::directory_iterator(fs::path(LOOM_EXAMPLES_DIR) / folder)) {
      bool tuning_space = entry.path().filename().string().rfind("space_", 0) == 0;
      if (entry.path().extension() == ".json" && !tuning_space) specs.push_back(entry.path());
    }
  }
  std::sort(specs.begin(), specs.end());
  return specs;
}

std::string ptx_of(const LoopKernel& kernel, std::string* ir = nullptr) {
  return codegen::generate_llvm_ptx(kernel, offline_device_limits(Target::CUDA), "sm_90", ir).source;
}

// ptxas's verdict on `ptx` ("" when it accepts it), or nullopt where the toolkit is missing.
std::optional<std::string> ptxas_errors(const std::string& ptx, const fs::path& folder) {
  if (!fs::exists(kPtxas)) return std::nullopt;
  fs::path file = folder / "kernel.ptx", log = folder / "ptxas.log";
  std::ofstream(file) << ptx;
  std::string command = std::string(kPtxas) + " -arch=sm_90 " + file.string() + " -o /dev/null > " + log.string() + " 2>&1";
  int status = std::system(command.c_str());
  if (WIFEXITED(status) && WEXITSTATUS(status) == 0) return std::string();
  std::ifstream in(log);
  return std::string(std::istreambuf_iterator<char>(in), {}) + " (status " + std::to_string(status) + ")";
}

fs::path temporary_folder() {
  std::string pattern = (fs::temp_directory_path() / "loom_llvm_test_XXXXXX").string();
  if (mkdtemp(pattern.data()) == nullptr) throw std::runtime_error("mkdtemp failed");
  return pattern;
}

TEST(LlvmNvptx, EveryCudaExampleGivesVerifiedIrAndPtxThatPtxasAccepts) {
  REQUIRE_LLVM_NVPTX();
  fs::path folder = temporary_folder();
  int compiled = 0;
  for (const fs::path& path : cuda_example_specs()) {
    if (path.parent_path().filename() == "tensor") continue;  // TensorExamplesHaveOneTensorCoreInstruction...
    SCOPED_TRACE(path.string());
    Spec spec = read_spec_file(path.string());
    try {
      generate_code(spec.kernel, Target::CUDA);
    } catch (const Error&) {
      continue;  // no CUDA form (e.g. a C-only schedule)
    }
    std::string ptx = ptx_of(spec.kernel);  // an IR that does not verify throws InternalError
    EXPECT_NE(ptx.find(".target sm_90"), std::string::npos);
    EXPECT_NE(ptx.find(".version 8.0"), std::string::npos);
    EXPECT_TRUE(codegen::is_llvm_ptx(ptx));
    if (std::optional<std::string> errors = ptxas_errors(ptx, folder)) {
      EXPECT_EQ(*errors, "") << ptx;
    }
    ++compiled;
  }
  EXPECT_GE(compiled, 15);
  fs::remove_all(folder);
}

// The register-tiled matmul: a and b staged in shared memory between two barriers, each work-item
// a 4x4 tile of c: the inner product's 16 multiply-adds per k step are fused (fma.rn.f32).
TEST(LlvmNvptx, TiledMatmulPtxHasBarriersSharedLoadsAndFusedTile) {
  REQUIRE_LLVM_NVPTX();
  Spec spec = read_spec_file(std::string(LOOM_EXAMPLES_DIR) + "/memory/matmul_register_tiled.json");
  std::string ir;
  std::string ptx = ptx_of(spec.kernel, &ir);
  EXPECT_EQ(count(ptx, ".visible .entry matmul_register_tiled("), 1) << ptx;
  EXPECT_NE(ptx.find(".maxntid 256, 1, 1"), std::string::npos) << ptx;
  EXPECT_GE(count(ptx, "bar.sync"), 2) << ptx;
  EXPECT_GE(count(ptx, "ld.shared.f32"), 1) << ptx;
  EXPECT_GE(count(ptx, "st.shared.f32"), 2) << ptx;
  EXPECT_EQ(count(ptx, ".shared .align 16 .b8 matmul_register_tiled_$_a_fetch[4096]"), 1) << ptx;
  EXPECT_EQ(count(ptx, ".shared .align 16 .b8 matmul_register_tiled_$_b_fetch[4096]"), 1) << ptx;
  int fmas = count(ptx, "fma.rn.f32");
  EXPECT_GE(fmas, 16) << ptx;
  EXPECT_EQ(fmas % 16, 0) << fmas << " fma.rn.f32 is not a whole number of 4x4 tiles\n" << ptx;
  EXPECT_NE(ir.find("ptx_kernel"), std::string::npos);
  EXPECT_NE(ir.find("addrspace(3)"), std::string::npos);
}

// ptxas -v's report of `ptx` for sm_90, or nullopt where the toolkit is missing.
std::optional<std::string> ptxas_report(const std::string& ptx, const fs::path& folder) {
  if (!fs::exists(kPtxas)) return std::nullopt;
  fs::path file = folder / "kernel.ptx", log = folder / "ptxas.log";
  std::ofstream(file) << ptx;
  std::string command = std::string(kPtxas) + " -arch=sm_90 -v " + file.string() + " -o /dev/null > " + log.string() + " 2>&1";
  if (std::system(command.c_str()) != 0) return std::nullopt;
  std::ifstream in(log);
  return std::string(std::istreambuf_iterator<char>(in), {});
}

// The tuned SGEMM asks for two work-groups per SM (__launch_bounds__(256, 2)), and the LLVM path
// passes it on (.minnctapersm 2), as NVRTC does. That is only right because LLVM's PTX needs no
// more registers than NVRTC's: without nsw on C's signed index arithmetic it needed 158 and,
// capped at 128, spilled in the k loop (1.75x NVRTC's time on the H200). Where ptxas is installed,
// the capped kernel must fit 128 registers without spilling.
TEST(LlvmNvptx, TunedSgemmKeepsTwoGroupsPerMultiprocessorWithoutSpills) {
  REQUIRE_LLVM_NVPTX();
  Spec spec = read_spec_file(std::string(LOOM_EXAMPLES_DIR) + "/memory/sgemm_tuned.json");
  std::string cuda = generate_code(spec.kernel, Target::CUDA).source;
  ASSERT_NE(cuda.find("__launch_bounds__(256, 2)"), std::string::npos) << "the spec no longer asks for it";
  std::string ptx = ptx_of(spec.kernel);
  EXPECT_NE(ptx.find(".maxntid 256, 1, 1"), std::string::npos) << ptx;
  EXPECT_NE(ptx.find(".minnctapersm 2"), std::string::npos) << ptx;
  fs::path folder = temporary_folder();
  std::optional<std::string> report = ptxas_report(ptx, folder);
  fs::remove_all(folder);
  if (!report) GTEST_SKIP() << "no ptxas at " << kPtxas;
  std::vector<DeviceKernelResources> kernels = detail::parse_ptxas_report(*report);
  ASSERT_EQ(kernels.size(), 1u) << *report;
  EXPECT_LE(kernels[0].registers, 128) << *report;
  EXPECT_EQ(kernels[0].spill_store_bytes, 0) << *report;
  EXPECT_EQ(kernels[0].local_bytes, 0) << *report;
}

// The row kernels (examples/rows) hold a row in a 32-float register tile, filled and drained under
// 31 guards `n >= j + 256q + 1`. MachineCSE's partial redundancy elimination hoisted the 31 sums to
// the entry block, live beside the tile (79-80 registers against NVRTC's 48), so the library turns
// MachineCSE off. Where ptxas is installed, each kernel through LLVM must keep its tile in
// registers within the bound of RowsExamplesGpu.TheRowTileStaysInRegistersOnSm90 (64), offline.
TEST(LlvmNvptx, RowKernelsKeepTheirTileInRegistersWithoutHoistedGuards) {
  REQUIRE_LLVM_NVPTX();
  if (!fs::exists(kPtxas)) GTEST_SKIP() << "no ptxas at " << kPtxas;
  int kernels_checked = 0;
  for (const fs::directory_entry& entry : fs::directory_iterator(fs::path(LOOM_EXAMPLES_DIR) / "rows")) {
    std::string name = entry.path().filename().string();
    if (entry.path().extension() != ".json" || name.rfind("space_", 0) == 0) continue;
    SCOPED_TRACE(name);
    std::string ptx = ptx_of(read_spec_file(entry.path().string()).kernel);
    fs::path folder = temporary_folder();
    std::optional<std::string> report = ptxas_report(ptx, folder);
    fs::remove_all(folder);
    ASSERT_TRUE(report) << "ptxas failed on:\n" << ptx;
    std::vector<DeviceKernelResources> kernels = detail::parse_ptxas_report(*report);
    ASSERT_EQ(kernels.size(), 1u) << *report;
    EXPECT_EQ(kernels[0].local_bytes, 0) << *report;
    EXPECT_EQ(kernels[0].spill_store_bytes, 0) << *report;
    EXPECT_LE(kernels[0].registers, 64) << *report;
    ++kernels_checked;
  }
  EXPECT_EQ(kernels_checked, 8);  // softmax, layernorm, rmsnorm, attention_softmax; wide and narrow
}

// Backward branches of `ptx` (a `bra` to a label above it): its loops.
int backward_branches(const std::string& ptx) {
  static const std::regex branch(R"(bra(\.uni)?\s+(\$L__BB\d+_\d+);)");
  int loops = 0;
  for (auto match = std::sregex_iterator(ptx.begin(), ptx.end(), branch); match != std::sregex_iterator(); ++match) {
    std::size_t label = ptx.find("\n" + (*match)[2].str() + ":");
    if (label != std::string::npos && label < static_cast<std::size_t>(match->position())) ++loops;
  }
  return loops;
}

// stencil5_halo's 16x16 groups fill an 18x18 tile: per axis one or two trips of a fetch loop whose
// exact count LLVM does not know but whose upper bound (2) it does. O3 kept those loops, ptxas
// unrolled them 4x with remainders, and each trip's load waited for the previous trip's store
// (1.115x NVRTC's time on the H200). Unrolled by the bound, every row is two loads, the second
// guarded, and no loop is left: 2 x 2 loads in the interior groups' copy and as many in the edge
// groups'. The SGEMM's and the row kernels' registers are the tests above.
TEST(LlvmNvptx, FetchLoopsOfAFewTripsAreUnrolledByTheirUpperBound) {
  REQUIRE_LLVM_NVPTX();
  std::string ptx = ptx_of(read_spec_file(std::string(LOOM_EXAMPLES_DIR) + "/memory/stencil5_halo.json").kernel);
  EXPECT_EQ(count(ptx, "ld.global.nc.f32"), 8) << ptx;
  EXPECT_EQ(count(ptx, "st.shared.f32"), 8) << ptx;
  EXPECT_EQ(backward_branches(ptx), 0) << ptx;
  // A loop with a trip count known only at run time and no small bound stays a loop.
  std::string sgemm_ptx = ptx_of(read_spec_file(std::string(LOOM_EXAMPLES_DIR) + "/memory/sgemm_tuned.json").kernel);
  EXPECT_GE(backward_branches(sgemm_ptx), 1) << sgemm_ptx;
}

// How often `pattern` matches in `text`.
long matches(const std::string& text, const std::regex& pattern) {
  return std::distance(std::sregex_iterator(text.begin(), text.end(), pattern), std::sregex_iterator());
}

// stencil5_rows's edge groups (n not a multiple of 256 or 16) compute 7 of their 8 rows under a
// guard each: `if (n >= row + k) z[...] = -4 * a[...] + (4 neighbours)`. As branch regions of ~30
// PTX instructions (64-bit address sums), ptxas kept them divergent (5 BSSY/BSYNC regions), each
// waiting for its own loads, where NVRTC's shorter regions are predicated and all loads issue
// together (1.041x NVRTC's time at n = 8191 on the H200, 1.010 at 8192). Such a region, a few
// loads of global or shared memory feeding stores, is now straight-line code of one-element masked
// loads and stores: in the PTX one branch straight around each single load and store, which ptxas
// predicates. Regions of one load and its store (matmul_prefetch's fetches) stay branches.
TEST(LlvmNvptx, ShortGuardedRowsAreMaskedLoadsAndStores) {
  REQUIRE_LLVM_NVPTX();
  std::string ir;
  std::string ptx = ptx_of(read_spec_file(std::string(LOOM_EXAMPLES_DIR) + "/memory/stencil5_rows.json").kernel, &ir);
  EXPECT_EQ(count(ir, "call void @llvm.masked.store.v1f32"), 7) << ir;     // one store per guarded row
  EXPECT_EQ(count(ir, "call <1 x float> @llvm.masked.load.v1f32"), 35) << ir;  // its five loads
  static const std::regex guarded_load(
      R"(@!?%p\d+ bra \t?\$L__BB0_\d+;\n(\s*bra\.uni \t?\$L__BB0_\d+;\n\$L__BB0_\d+:\n)?\s*ld\.global\.nc\.f32)");
  static const std::regex guarded_store(R"(@!?%p\d+ bra \t?\$L__BB0_\d+;\n\s*st\.global\.f32)");
  // Some of the 35 loads reuse a neighbouring row's value (a move instead of a load).
  EXPECT_GE(matches(ptx, guarded_load), 28) << ptx;
  EXPECT_EQ(matches(ptx, guarded_store), 7) << ptx;
  std::string prefetch_ir;
  ptx_of(read_spec_file(std::string(LOOM_EXAMPLES_DIR) + "/memory/matmul_prefetch.json").kernel, &prefetch_ir);
  EXPECT_EQ(count(prefetch_ir, "masked.store"), 0) << prefetch_ir;
}

// For each ld.global of `ptx`, the conditional branches between it and the memory access or
// barrier before it: the branches that guard it.
std::vector<int> branches_guarding_each_global_load(const std::string& ptx) {
  std::vector<int> guards;
  int since_last_access = 0;
  std::istringstream lines(ptx);
  for (std::string line; std::getline(lines, line);) {
    if (line.find("ld.global") != std::string::npos) guards.push_back(since_last_access);
    if (line.find("ld.") != std::string::npos || line.find("st.") != std::string::npos ||
        line.find("bar.sync") != std::string::npos) {
      since_last_access = 0;
    } else if (std::regex_search(line, std::regex(R"(@!?%p\d+ bra)"))) {
      ++since_last_access;
    }
  }
  return guards;
}

// matmul_prefetch's edge groups guard each fetch with `if (n >= 16 j + x + 1 && n >= y + 16 k + 1)`.
// C's && branched around the second comparison, and LLVM kept two nested branches per fetch (the
// first hoisted out of the k loop), which ptxas left as divergent regions in SASS where NVRTC's
// `or.pred` and one branch are predicated. Comparisons of index arithmetic need no guard, so such
// a condition of an `if` around loads is one value: one branch per fetch, in both paths.
TEST(LlvmNvptx, GuardsOfFetchesAreOneConditionEach) {
  REQUIRE_LLVM_NVPTX();
  std::string ptx = ptx_of(read_spec_file(std::string(LOOM_EXAMPLES_DIR) + "/memory/matmul_prefetch.json").kernel);
  std::vector<int> guards = branches_guarding_each_global_load(ptx);
  ASSERT_EQ(guards.size(), 4u) << ptx;  // a and b, in the interior and the edge groups' paths
  for (int branches : guards) EXPECT_EQ(branches, 1) << ptx;
}

// A compile report parses ptxas's verbose lines whoever prints them (NVRTC's ptxas, the driver's
// JIT): one kernel per name, also where a line quotes the name or ends it with a colon.
TEST(LlvmNvptx, PtxasReportsNameEachKernelOnce) {
  std::string log =
      "info    : 0 bytes gmem\n"
      "info    : Compiling entry function 'softmax' for 'sm_90'\n"
      "info    : Function properties for 'softmax':\n"
      "    0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads\n"
      "info    : Used 48 registers, used 1 barriers, 2048 bytes smem, 376 bytes cmem[0]\n";
  std::vector<DeviceKernelResources> kernels = detail::parse_ptxas_report(log);
  ASSERT_EQ(kernels.size(), 1u);
  EXPECT_EQ(kernels[0].name, "softmax");
  EXPECT_EQ(kernels[0].registers, 48);
  EXPECT_EQ(kernels[0].spill_store_bytes, 0);
  EXPECT_EQ(kernels[0].static_shared_bytes, 2048);
}

// The driver's JIT log as the H200 machine's driver (580.159) writes it: lower case, no
// stack-frame line, local memory as "bytes lmem" (RowsExamplesGpu.TheRowTileStaysInRegistersOnSm90
// read -1 for every figure from it under LOOM_CUDA_COMPILER=llvm).
TEST(LlvmNvptx, DriverJitReportsParseToo) {
  std::string log =
      "info    : 0 bytes gmem\n"
      "info    : Function properties for 'softmax':\n"
      "info    : used 55 registers, used 1 barriers, 0 stack, 3072 bytes smem, 552 bytes cmem[0], 0 bytes lmem\n";
  std::vector<DeviceKernelResources> kernels = detail::parse_ptxas_report(log);
  ASSERT_EQ(kernels.size(), 1u);
  EXPECT_EQ(kernels[0].registers, 55);
  EXPECT_EQ(kernels[0].local_bytes, 0);
  EXPECT_EQ(kernels[0].spill_store_bytes, 0);
  EXPECT_EQ(kernels[0].spill_load_bytes, 0);
  EXPECT_EQ(kernels[0].barriers, 1);
  EXPECT_EQ(kernels[0].static_shared_bytes, 3072);
  std::vector<DeviceKernelResources> spilled = detail::parse_ptxas_report(
      "info    : Function properties for 'k':\ninfo    : used 255 registers, 0 stack, 0 bytes smem, 96 bytes lmem\n");
  ASSERT_EQ(spilled.size(), 1u);
  EXPECT_EQ(spilled[0].local_bytes, 96);
  EXPECT_EQ(spilled[0].spill_store_bytes, -1);  // unknown: local memory, but the log does not say how much is spill
}

// C's signed arithmetic does not overflow, and the IR says so (nsw), as NVRTC's front end does: LLVM
// then widens b[(k) * n + (16 * q + x)] to sext(k * n + x) + 16 * q, and the SGEMM's unrolled
// fetches of b share one 64-bit address with immediate offsets ([%rd3+64] ... [%rd10+448]). Without
// nsw every fetch paid its own 64-bit address arithmetic (no such offset at all, 158 registers).
TEST(LlvmNvptx, SignedIndexArithmeticIsNoSignedWrapSoFetchesShareAnAddress) {
  REQUIRE_LLVM_NVPTX();
  Spec spec = read_spec_file(std::string(LOOM_EXAMPLES_DIR) + "/memory/sgemm_tuned.json");
  std::string ir;
  std::string ptx = ptx_of(spec.kernel, &ir);
  EXPECT_GE(count(ir, "mul nsw i32"), 8) << ir;
  static const std::regex offset_load(R"(ld\.global\.nc\.f32\s+%f\d+, \[%rd\d+\+(64|128|192|256|320|384|448)\])");
  auto loads = std::distance(std::sregex_iterator(ptx.begin(), ptx.end(), offset_load), std::sregex_iterator());
  EXPECT_GE(loads, 7) << ptx;
}

// The tuned SGEMM's guarded fetches (`cond ? a[...] : 0.0f`, index arithmetic only) are one-element
// masked loads, so O3 cannot thread their shared guards into nested branches; each still loads
// only under its guard: the back end puts one branch around each ld.global, the shape of NVRTC's
// PTX, which ptxas predicates. Fetches guarded by an
// `if` statement (matmul_prefetch) are not ternaries and keep their branches.
TEST(LlvmNvptx, GuardedFetchesAreMaskedLoads) {
  REQUIRE_LLVM_NVPTX();
  std::string ir;
  std::string ptx = ptx_of(read_spec_file(std::string(LOOM_EXAMPLES_DIR) + "/memory/sgemm_tuned.json").kernel, &ir);
  EXPECT_EQ(count(ir, "call <1 x float> @llvm.masked.load"), 32) << ir;  // 16 fetches before the k loop, 16 in it
  EXPECT_EQ(count(ptx, "ld.global.nc.f32"), 32) << ptx;
  // @p bra skip; [bra.uni next; next:] ld.global: a conditional branch straight around the load.
  static const std::regex guarded(
      R"(@!?%p\d+ bra \t?\$L__BB0_\d+;\n(\s*bra\.uni \t?\$L__BB0_\d+;\n\$L__BB0_\d+:\n)?\s*ld\.global\.nc\.f32)");
  auto guarded_loads = std::distance(std::sregex_iterator(ptx.begin(), ptx.end(), guarded), std::sregex_iterator());
  EXPECT_EQ(guarded_loads, 32) << ptx;  // NVRTC's shape: one branch straight around each load
  std::string prefetch_ir;
  ptx_of(read_spec_file(std::string(LOOM_EXAMPLES_DIR) + "/memory/matmul_prefetch.json").kernel, &prefetch_ir);
  EXPECT_EQ(count(prefetch_ir, "masked.load"), 0) << prefetch_ir;
}

// Local reductions end in warp shuffles on the LLVM path too (the printer's loom_warp_* helpers as
// shfl.sync.bfly): sums and maxima of the row kernels, argmax with its index, 64-bit values in two
// halves; every PTX accepted by ptxas.
TEST(LlvmNvptx, WarpReductionsBecomeButterflyShuffles) {
  REQUIRE_LLVM_NVPTX();
  Spec softmax = read_spec_file(std::string(LOOM_EXAMPLES_DIR) + "/rows/softmax_narrow.json");
  std::string ptx = ptx_of(softmax.kernel);
  EXPECT_EQ(count(ptx, "shfl.sync.bfly.b32"), 10) << ptx;  // 5 steps for the max, 5 for the sum
  EXPECT_EQ(count(ptx, "bar.sync"), 0) << ptx;               // one warp per row: no barrier at all
  EXPECT_GE(count(ptx, "max.f32"), 5) << ptx;
  const std::string argmax_spec = R"spec({"loom": 1, "name": "argmax_rows",
    "domains": ["{[r, i]: 0 <= r < m and 0 <= i < 64}"],
    "instructions": ["best[r], where[r] = argmax(i, a[r, i], i)", "total[r] = sum(i, b[r, i])"],
    "args": [{"name": "a", "dtype": "float32", "shape": ["m", 64]}, {"name": "b", "dtype": "float64", "shape": ["m", 64]},
             {"name": "best", "dtype": "float32", "shape": ["m"]}, {"name": "where", "dtype": "int32", "shape": ["m"]},
             {"name": "total", "dtype": "float64", "shape": ["m"]}, {"name": "m", "kind": "value", "dtype": "int32"}],
    "transforms": [{"op": "tag_inames", "iname_to_tag": {"r": "g.0", "i": "l.0"}}]})spec";
  std::string arg_ptx = ptx_of(read_spec(argmax_spec).kernel);
  EXPECT_GE(count(arg_ptx, "shfl.sync.bfly.b32"), 20) << arg_ptx;  // value and index, and the double's two halves
  fs::path folder = temporary_folder();
  for (const std::string* text : {&ptx, &arg_ptx}) {
    if (std::optional<std::string> errors = ptxas_errors(*text, folder)) {
      EXPECT_EQ(*errors, "") << *text;
    }
  }
  fs::remove_all(folder);
}

// vec-tagged inames become float4 loads and stores (ld.global.v4.f32), as in loopy's
// examples/vector-types.py (layout_transforms_test's float4 kernel).
TEST(LlvmNvptx, VecInamesBecomeVectorLoadsAndStores) {
  REQUIRE_LLVM_NVPTX();
  LoopKernel kernel = make_kernel({"{[i]: 0<=i<n}"}, "out[i] = 2*a[i]",
                                  {array_arg("a, out", DType::Float32, {"n"}), value_arg("n")},
                                  {.name = "scale4", .assumptions = "n mod 4 = 0"});
  kernel = split_iname(kernel, "i", 4, {.inner_tag = "vec"});
  kernel = split_array_axis(kernel, "a, out", 0, 4);
  kernel = tag_array_axes(kernel, "a, out", "c,vec");
  kernel = split_iname(kernel, "i_outer", 16, {.outer_tag = "g.0", .inner_tag = "l.0"});
  ASSERT_NE(generate_code(kernel, Target::CUDA).source.find("float4"), std::string::npos);
  std::string ptx = ptx_of(kernel);
  EXPECT_EQ(count(ptx, "ld.global.nc.v4.f32") + count(ptx, "ld.global.v4.f32"), 1) << ptx;
  EXPECT_EQ(count(ptx, "st.global.v4.f32"), 1) << ptx;
}

LoopKernel elementwise(const std::string& expression, DType dtype, const std::string& name) {
  LoopKernel kernel = make_kernel({"{[i]: 0<=i<n}"}, "out[i] = " + expression,
                                  {array_arg("x, y, out", dtype, {"n"}), value_arg("n")}, {.name = name});
  kernel = split_iname(kernel, "i", 128, {.outer_tag = "g.0", .inner_tag = "l.0"});
  return kernel;
}

// Local memory above 48 KB: the external dynamic buffer, as the CUDA printer's.
TEST(LlvmNvptx, LargeLocalMemoryUsesTheDynamicSharedBuffer) {
  REQUIRE_LLVM_NVPTX();
  MakeKernelOptions options{.name = "big_tile"};
  options.temporaries.push_back(Temporary{"big", DType::Float32, {int_literal(16384)}, AddressSpace::Local});
  LoopKernel kernel = make_kernel({"{[io, q, p, ii, jj]: 0<=io<n and 0<=q,p<64 and 0<=ii,jj<256}"},
                                  "big[256*q + ii] = a[16384*io + 256*q + ii] {id=fill}\n"
                                  "out[16384*io + 256*p + jj] = big[16383 - 256*p - jj] {id=use, dep=fill}",
                                  {array_arg("a, out", DType::Float32, {"16384*n"}), value_arg("n")}, options);
  kernel = tag_inames(kernel, "io:g.0, ii:l.0, jj:l.0");
  GeneratedCode code = codegen::generate_llvm_ptx(kernel, offline_device_limits(Target::CUDA), "sm_90");
  EXPECT_EQ(code.device_kernels[0].dynamic_shared_bytes, 65536);
  EXPECT_NE(code.source.find(".extern .shared .align 16 .b8 loom_dynamic_shared[]"), std::string::npos) << code.source;
  EXPECT_GE(count(code.source, "bar.sync"), 1);
}

// The math functions: exact ones as PTX instructions in both precisions, the fast-math ones in
// float32 (docs/decisions.md, issue 30), the rest refused by name.
TEST(LlvmNvptx, MathFunctionsMapToNvvmInstructions) {
  REQUIRE_LLVM_NVPTX();
  std::string ptx = ptx_of(elementwise("sqrt(x[i]) + exp(y[i]) + log(x[i]) + sin(y[i]) + floor(x[i]) + fmax(x[i], y[i])",
                                       DType::Float32, "math32"));
  for (const char* instruction : {"sqrt.rn.f32", "ex2.approx.f32", "lg2.approx.f32", "sin.approx.f32", "cvt.rmi.f32.f32",
                                  "max.f32"}) {
    EXPECT_NE(ptx.find(instruction), std::string::npos) << instruction << "\n" << ptx;
  }
  std::string ptx64 = ptx_of(elementwise("sqrt(x[i]) + fabs(y[i]) + rsqrt(x[i])", DType::Float64, "math64"));
  EXPECT_NE(ptx64.find("sqrt.rn.f64"), std::string::npos) << ptx64;
  EXPECT_NE(ptx64.find("abs.f64"), std::string::npos) << ptx64;
  EXPECT_NE(ptx64.find("rsqrt.approx.f64"), std::string::npos) << ptx64;
}

TEST(LlvmNvptx, RefusesMathFunctionsWithoutAnNvvmEquivalent) {
  REQUIRE_LLVM_NVPTX();
  std::string message = error_message<Error>([] { ptx_of(elementwise("erf(x[i])", DType::Float32, "uses_erf")); });
  EXPECT_NE(message.find("the math function 'erf' has no NVVM equivalent"), std::string::npos) << message;
  EXPECT_NE(message.find("--compiler nvrtc"), std::string::npos) << message;
  message = error_message<Error>([] { ptx_of(elementwise("exp(x[i])", DType::Float64, "exp64")); });
  EXPECT_NE(message.find("'exp' on float64 has no exact NVVM equivalent"), std::string::npos) << message;
}

// Integer helpers (Python's floor division and modulo) and guarded loads under && and ?:.
TEST(LlvmNvptx, IntegerHelpersAndShortCircuitsVerify) {
  REQUIRE_LLVM_NVPTX();
  LoopKernel kernel = make_kernel({"{[i]: 0<=i<n}"},
                                  "out[i] = (i // 3) + (i % 5) + (x[i] if i < 2*n else 0)",
                                  {array_arg("x, out", DType::Int32, {"n"}), value_arg("n")}, {.name = "helpers"});
  kernel = split_iname(kernel, "i", 64, {.outer_tag = "g.0", .inner_tag = "l.0"});
  std::string ptx = ptx_of(kernel);
  EXPECT_EQ(count(ptx, ".visible .entry helpers("), 1) << ptx;
  fs::path folder = temporary_folder();
  if (std::optional<std::string> errors = ptxas_errors(ptx, folder)) {
    EXPECT_EQ(*errors, "") << ptx;
  }
  fs::remove_all(folder);
}

// The command: --compiler llvm --emit ptx prints the PTX; a missing library is exit 3, named.
TEST(LlvmNvptx, CommandEmitsPtxAndReportsAMissingLibraryWithExit3) {
  REQUIRE_LLVM_NVPTX();
  fs::path folder = temporary_folder();
  std::string spec = std::string(LOOM_EXAMPLES_DIR) + "/matmul.json";
  std::string out = (folder / "out.txt").string(), err = (folder / "err.txt").string();
  auto run = [&](const std::string& environment) {
    std::string command = environment + " " + LOOM_CLI_PATH + " compile " + spec +
                          " --target cuda --compiler llvm --emit ptx > " + out + " 2> " + err;
    int status = std::system(command.c_str());
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  };
  auto text = [](const std::string& path) {
    std::ifstream in(path);
    return std::string(std::istreambuf_iterator<char>(in), {});
  };
  EXPECT_EQ(run(""), 0) << text(err);
  EXPECT_TRUE(codegen::is_llvm_ptx(text(out))) << text(out);
  EXPECT_EQ(run("LOOM_LLVM_LIBRARY=" + (folder / "missing.so").string()), 3);
  EXPECT_NE(text(err).find("the LLVM compiler path is unavailable"), std::string::npos) << text(err);
  fs::remove_all(folder);
}

// ---- tensor cores ------------------------------------------------------------------------------

// pipeline_fetch with async (cp.async rings), which the LLVM path refuses.
bool is_async_ring(const LoopKernel& kernel) {
  return std::any_of(kernel.instructions.begin(), kernel.instructions.end(), [](const Instruction& instruction) {
    return codegen::is_async_copy(instruction) || is_bulk_fill(instruction);  // both refused by the LLVM path
  });
}

// The ring's cp.async copies are lowered only by NVRTC's CUDA C (the LLVM path keeps a 16-byte
// copy's lanes and has no cp.async): --compiler llvm refuses them, naming the copy and the option.
TEST(LlvmNvptx, AsyncRingsAreRefusedByTheLlvmPath) {
  REQUIRE_LLVM_NVPTX();
  Spec spec = read_spec_file(std::string(LOOM_EXAMPLES_DIR) + "/tensor/bf16_gemm_warp64_ring2_async.json");
  ASSERT_TRUE(is_async_ring(spec.kernel));
  std::string message = error_message<Error>([&] { ptx_of(spec.kernel); });
  EXPECT_NE(message.find("instruction 'b_fetch_rule_load' is a cp.async copy (pipeline_fetch with async), which the "
                         "LLVM path (--compiler llvm) does not lower"),
            std::string::npos)
      << message;
}

std::vector<fs::path> tensor_example_specs() {
  std::vector<fs::path> specs;
  for (const fs::directory_entry& entry : fs::directory_iterator(fs::path(LOOM_EXAMPLES_DIR) / "tensor")) {
    if (entry.path().extension() == ".json") specs.push_back(entry.path());
  }
  std::sort(specs.begin(), specs.end());
  return specs;
}

// The CUDA printer's tensor-core helpers (codegen/tensor_cores.cpp) and the PTX instruction each
// is (codegen/tensor_core_ptx.hpp), as the PTX spells it.
const std::pair<const char*, const char*> kTensorCoreHelpers[] = {
    {"loom_mma_m16n8k16_bf16(", "mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32"},
    {"loom_mma_m16n8k16_f16(", "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32"},
    {"loom_mma_m16n8k8_tf32(", "mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32"},
    {"loom_ldsm_x4(", "ldmatrix.sync.aligned.m8n8.x4.shared.b16"},
    {"loom_ldsm_x2(", "ldmatrix.sync.aligned.m8n8.x2.shared.b16"},
    {"loom_ldsm_x4_trans(", "ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16"},
    {"loom_ldsm_x2_trans(", "ldmatrix.sync.aligned.m8n8.x2.trans.shared.b16"},
    {"loom_mma_tf32(", "cvt.rna.tf32.f32"}};

// Each tensor-core instruction occurs in the LLVM path's PTX of `kernel` once per call of its
// helper in the CUDA C (the tiles are unrolled by code generation, so no call lies in a loop):
// nothing dropped, merged or duplicated. NVRTC's PTX has the same counts for every example
// (benchmarks/llvm_tensor_registers.sh).
void expect_one_instruction_per_helper_call(const LoopKernel& kernel, const std::string& ptx) {
  std::string cuda = generate_code(kernel, Target::CUDA).source;
  std::string kernel_code = cuda.substr(cuda.find("__global__"));
  for (const auto& [helper, instruction] : kTensorCoreHelpers) {
    EXPECT_EQ(count(ptx, instruction), count(kernel_code, helper)) << instruction;
  }
}

// Every tensorized example through the LLVM path (mma.sync of bf16, f16 and TF32; ldmatrix x4, x2
// and .trans shared between a warp's tiles; pipelined fetches): ptxas accepts the PTX, the fragments
// and accumulators live in registers (no local-memory frame), one instruction per helper call.
TEST(LlvmNvptx, TensorExamplesHaveOneTensorCoreInstructionPerHelperCall) {
  REQUIRE_LLVM_NVPTX();
  fs::path folder = temporary_folder();
  std::vector<fs::path> specs = tensor_example_specs();
  EXPECT_GE(specs.size(), 10u);
  for (const fs::path& path : specs) {
    SCOPED_TRACE(path.filename().string());
    Spec spec = read_spec_file(path.string());
    if (is_async_ring(spec.kernel)) {  // AsyncRingsAreRefusedByTheLlvmPath
      EXPECT_THROW(ptx_of(spec.kernel), Error);
      continue;
    }
    std::string ptx = ptx_of(spec.kernel);
    EXPECT_GE(count(ptx, "mma.sync.aligned."), 1) << ptx;
    EXPECT_EQ(count(ptx, "__local_depot"), 0) << ptx;
    expect_one_instruction_per_helper_call(spec.kernel, ptx);
    if (std::optional<std::string> errors = ptxas_errors(ptx, folder)) {
      EXPECT_EQ(*errors, "") << ptx;
    }
  }
  fs::remove_all(folder);
}

// The instructions as LLVM inline asm with the CUDA printer's semantics: ldmatrix is volatile
// (`asm volatile`, which also keeps it between the barrier and the shared stores around it),
// mma.sync pure, its accumulators tied to its results as CUDA's "+f" operands are.
TEST(LlvmNvptx, LdmatrixIsVolatileAsmAndMmaSyncIsPure) {
  REQUIRE_LLVM_NVPTX();
  std::string ir;
  ptx_of(read_spec_file(std::string(LOOM_EXAMPLES_DIR) + "/tensor/bf16_matmul_tensorize.json").kernel, &ir);
  EXPECT_GE(count(ir, R"(asm sideeffect "ldmatrix.sync.aligned.m8n8.x4.shared.b16 {$0, $1, $2, $3}, [$4];", "=r,=r,=r,=r,r")"), 1)
      << ir;
  EXPECT_GE(count(ir, R"(asm sideeffect "ldmatrix.sync.aligned.m8n8.x2.trans.shared.b16 {$0, $1}, [$2];", "=r,=r,r")"), 1)
      << ir;
  EXPECT_GE(count(ir, R"(asm "mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32 {$0, $1, $2, $3}, {$4, $5, $6, $7}, )"
                      R"({$8, $9}, {$0, $1, $2, $3};", "=f,=f,=f,=f,r,r,r,r,r,r,0,1,2,3")"),
            1)
      << ir;
  EXPECT_EQ(count(ir, "asm sideeffect \"mma"), 0) << ir;
}

// The GEMM of examples/tensor/bf16_gemm.json with b read from global memory (its fetch into shared
// memory left out; a keeps its tile, whose fetch gives the warps their lanes): b's fragment words
// are two 16-bit elements packed in registers (loom_mma_pack), or TF32 roundings of elements.
// `type`: bfloat16, float16 or tf32 (float32 operands, k tiles of 8).
std::string gemm_with_b_in_global_memory(const std::string& type) {
  std::ifstream in(std::string(LOOM_EXAMPLES_DIR) + "/tensor/bf16_gemm.json");
  std::string text;
  for (std::string line; std::getline(in, line);) {
    bool b_staging = line.find("\"var_name\": \"b\"") != std::string::npos || line.find("b_row") != std::string::npos ||
                     line.find("b_col") != std::string::npos || line.find("b_fetch") != std::string::npos;
    if (!b_staging) text += line + "\n";
  }
  auto replace = [&](const std::string& old_text, const std::string& new_text) {
    for (std::size_t at = text.find(old_text); at != std::string::npos; at = text.find(old_text, at + new_text.size())) {
      text.replace(at, old_text.size(), new_text);
    }
  };
  replace("},\n  ],", "}\n  ],");
  if (type == "float16") replace("bfloat16", "float16");
  if (type == "tf32") {
    replace("\"bfloat16\"", "\"float32\"");
    replace("\"k1\", \"inner_length\": 16", "\"k1\", \"inner_length\": 8");
    replace("\"shape\": \"m16n8k16\"", "\"shape\": \"m16n8k8\", \"allow_tf32\": true");
  }
  return text;
}

TEST(LlvmNvptx, GlobalOperandTilesPackTheirElementsIntoWords) {
  REQUIRE_LLVM_NVPTX();
  fs::path folder = temporary_folder();
  for (const char* type : {"bfloat16", "float16", "tf32"}) {
    SCOPED_TRACE(type);
    Spec spec = read_spec(gemm_with_b_in_global_memory(type));
    std::string cuda = generate_code(spec.kernel, Target::CUDA).source;
    ASSERT_NE(cuda.find(std::string(type) == "tf32" ? "loom_mma_tf32(" : "loom_mma_pack("), std::string::npos)
        << "the spec no longer reads b from global memory";
    std::string ptx = ptx_of(spec.kernel);
    EXPECT_GE(count(ptx, "mma.sync.aligned."), 1) << ptx;
    if (std::string(type) == "tf32") {
      EXPECT_GE(count(ptx, "cvt.rna.tf32.f32"), 6) << ptx;
    }
    if (std::optional<std::string> errors = ptxas_errors(ptx, folder)) {
      EXPECT_EQ(*errors, "") << ptx;
    }
    expect_one_instruction_per_helper_call(spec.kernel, ptx);
  }
  fs::remove_all(folder);
}

// Modules with tensor-core instructions are compiled without LLVM's loop strength reduction: with
// it, the GEMMs that hold the next k tile in registers keep the k loop's 64 fetch addresses as
// 64-bit induction variables beside 128 accumulators, and bf16_gemm_warp64_pipelined_bj spilled
// 220 B at 255 registers (NVRTC: none); without it 20 B. Other kernels keep it (their PTX is
// unchanged; the SGEMM's registers are TunedSgemmKeepsTwoGroupsPerMultiprocessorWithoutSpills).
TEST(LlvmNvptx, TensorKernelsAreCompiledWithoutLoopStrengthReduction) {
  REQUIRE_LLVM_NVPTX();
  // The spill count is ptxas's; only a machine without the (optional) CUDA toolkit skips.
  if (!fs::exists(kPtxas)) GTEST_SKIP() << "no CUDA toolkit here: no ptxas at " << kPtxas;
  std::string ptx = ptx_of(read_spec_file(std::string(LOOM_EXAMPLES_DIR) + "/tensor/bf16_gemm_warp64_pipelined_bj.json").kernel);
  fs::path folder = temporary_folder();
  std::optional<std::string> report = ptxas_report(ptx, folder);
  fs::remove_all(folder);
  ASSERT_TRUE(report) << "ptxas failed on:\n" << ptx;
  std::vector<DeviceKernelResources> kernels = detail::parse_ptxas_report(*report);
  ASSERT_EQ(kernels.size(), 1u) << *report;
  EXPECT_LT(kernels[0].spill_store_bytes, 64) << *report;
}

// A helper of the CUDA printer that the path does not lower (here an mma shape loom never emits)
// is refused by name with the way out, never compiled as something else.
TEST(LlvmNvptx, RefusesATensorCoreHelperItDoesNotLower) {
  REQUIRE_LLVM_NVPTX();
  cast::Function function;
  function.name = "unknown_shape";
  function.device_kernel = true;
  function.block_size[0] = 32;
  function.parameters = {{"c", DType::Float32, true, false}};
  function.body = cast::block({cast::declare(
      "loom_mma_done", DType::Int32, 0, cast::call("loom_mma_m16n8k32_bf16", {cast::var("c", DType::Float32)}, DType::Int32), true)});
  std::string message = error_message<Error>([&] { codegen::emit_nvptx({function}, "sm_90", false); });
  EXPECT_NE(message.find("kernel 'unknown_shape' calls the tensor-core helper 'loom_mma_m16n8k32_bf16', which the LLVM "
                         "compiler path does not lower; use --compiler nvrtc"),
            std::string::npos)
      << message;
}

TEST(LlvmNvptxGpu, KernelCacheKeysIncludeTheCompiler) {
  // The key needs the device's arch: without a GPU there is no key to compare.
  SKIP_WITHOUT_CUDA();
  LoopKernel kernel = elementwise("x[i] + y[i]", DType::Float32, "keyed");
  EXPECT_NE(detail::cuda_kernel_cache_path(kernel, "nvrtc"), detail::cuda_kernel_cache_path(kernel, "llvm"));
}

// ---- on a GPU ---------------------------------------------------------------------------------

// Sets $LOOM_CUDA_COMPILER (read by compile()) for one test and restores what the suite was run
// with (unsetting it made every later test of a LOOM_CUDA_COMPILER=llvm run use NVRTC).
class CompilerChoice {
 public:
  explicit CompilerChoice(const char* compiler) : choice_("LOOM_CUDA_COMPILER", compiler) {}

 private:
  testing::ScopedEnv choice_;
};

TEST(LlvmNvptxGpu, EveryCudaExampleMatchesItsReferenceThroughTheLlvmPath) {
  SKIP_WITHOUT_CUDA();
  REQUIRE_LLVM_NVPTX();
  CompilerChoice llvm("llvm");
  for (const fs::path& path : cuda_example_specs()) {
    SCOPED_TRACE(path.string());
    Spec spec = read_spec_file(path.string());
    try {
      generate_code(spec.kernel, Target::CUDA);
    } catch (const Error&) {
      continue;
    }
    if (is_async_ring(spec.kernel)) continue;  // refused (AsyncRingsAreRefusedByTheLlvmPath)
    CheckOptions options;
    options.target = Target::CUDA;
    if (spec.test.seed) options.seed = *spec.test.seed;
    options.rtol = spec.test.rtol;
    options.atol = spec.test.atol;
    testing::expect_matches_reference(spec.kernel, spec.reference, spec.test.parameters, options);
  }
}

// Global-operand tiles (LlvmNvptx.GlobalOperandTilesPackTheirElementsIntoWords) through both
// compilers: the packed words must give the reference's results. No example reads an operand
// from global memory, so the other gpu tests do not cover loom_mma_pack.
TEST(LlvmNvptxGpu, GlobalOperandTilesMatchTheReference) {
  SKIP_WITHOUT_CUDA();
  REQUIRE_LLVM_NVPTX();
  for (const char* compiler : {"llvm", "nvrtc"}) {
    CompilerChoice choice(compiler);
    for (const char* type : {"bfloat16", "float16", "tf32"}) {
      SCOPED_TRACE(std::string(compiler) + ", " + type);
      Spec spec = read_spec(gemm_with_b_in_global_memory(type));
      for (int64_t size : {17, 129}) {
        testing::expect_matches_reference(spec.kernel, spec.reference, {{"m", size}, {"n", size}, {"l", size}},
                                          CheckOptions{.target = Target::CUDA});
      }
    }
  }
}

// The driver's JIT result lands in the CUBIN cache: the second load reads it.
TEST(LlvmNvptxGpu, PtxIsJitCompiledOnceAndCached) {
  SKIP_WITHOUT_CUDA();
  REQUIRE_LLVM_NVPTX();
  fs::path cache = temporary_folder();
  setenv("LOOM_CACHE_DIR", cache.c_str(), 1);
  LoopKernel kernel = elementwise("x[i] * y[i]", DType::Float32, "jit_cached");
  CompiledKernel first = compile(kernel, Target::CUDA, {.cuda_compiler = CudaCompiler::Llvm});
  ASSERT_TRUE(codegen::is_llvm_ptx(first.code().source)) << first.code().source;
  std::string cubin = detail::cuda_cubin_cache_path(first.code().source);
  EXPECT_TRUE(fs::exists(cubin)) << cubin;
  CompiledKernel nvrtc = compile(kernel, Target::CUDA, {.cuda_compiler = CudaCompiler::Nvrtc});
  EXPECT_FALSE(codegen::is_llvm_ptx(nvrtc.code().source));
  EXPECT_NE(detail::cuda_cubin_cache_path(nvrtc.code().source), cubin);
  CompiledKernel second = compile(kernel, Target::CUDA, {.cuda_compiler = CudaCompiler::Llvm});
  EXPECT_EQ(second.code().source, first.code().source);
  unsetenv("LOOM_CACHE_DIR");
  fs::remove_all(cache);
}

}  // namespace
}  // namespace loom
