// Whole-tile ring fills (issue 29, eleventh pass; codegen/uniform_selects.cpp): on CUDA the fills of
// cp.async rings are split into a copy without the fill's bounds, run where the group's whole tile
// is inside the arrays (one group-uniform test per fetched tile), and the guarded copy for the edge
// tiles. The CUDA code's shape is asserted (one test per tile, no bound per copy on the whole-tile
// side); C and OpenCL code is unchanged; the split's meaning is checked on PoCL (with
// LOOM_UNIFORM_FETCHES=1 the same split applies on OpenCL) against the untransformed kernel at
// ragged sizes and sizes below one tile; the GPU runs the CUDA code at ragged sizes. Since the
// fifteenth pass (wt-wg15) the split is on by default on CUDA for the fills of cp.async rings again,
// and the whole-tile test also holds the arrays' alignment test, the same at every copy, so the
// whole-tile side keeps no lane-by-lane fallback (LOOM_UNIFORM_FETCHES=0 turns the split off).
#include <gtest/gtest.h>

#include "device_helpers.hpp"
#include "example_files.hpp"
#include "loom/loom.hpp"
#include "runtime/scoped_env.hpp"
#include "test_helpers.hpp"

namespace loom {
namespace {

using testing::count;

Spec example(const std::string& file) { return read_spec(testing::example_file_text("tensor", file)); }

// The k loop of the CUDA code (from the loop to the accumulators' store).
std::string k_loop(const Spec& spec, const std::string& store = " c[") {
  std::string kernels = testing::kernels_of(generate_code(spec.kernel, Target::CUDA).source);
  std::size_t loop = kernels.find("for (int32_t k_outer");
  std::size_t end = kernels.find(store, loop);
  EXPECT_NE(end, std::string::npos) << kernels;
  return loop == std::string::npos || end == std::string::npos ? "" : kernels.substr(loop, end - loop);
}

// The conditions the code tests (`if (...)` lines) that name a work-item's lane of a fetch
// (`a_lane`, `b_lane`): the per-copy bounds.
int lane_tests(const std::string& code) {
  int found = 0;
  std::size_t at = 0;
  while ((at = code.find("if (", at)) != std::string::npos) {
    std::size_t end = code.find('\n', at);
    if (code.substr(at, end - at).find("_lane") != std::string::npos) ++found;
    at = end;
  }
  return found;
}

// One group-uniform test of the fetched tile in the k loop, naming only k_outer, group indices,
// sizes and the arrays' alignment; on its whole-tile side the tile's 16-byte copies without a
// bound, an alignment test or a lane-by-lane fallback per copy; on its edge side (the edge tiles
// and every tile of a misaligned array) the copies as before, each testing its lanes' bounds and
// alignment (whether its 16 bytes are wholly in range, then whether in or out: a chunk wholly
// past the edge stores 16 zero bytes), with the lanes where those fail.
void expect_whole_tile_fills(const std::string& loop, const std::string& tile, const std::string& test,
                             int copies) {
  SCOPED_TRACE(tile);
  std::size_t at = loop.find("if (" + test + ")\n");
  ASSERT_NE(at, std::string::npos) << loop;
  auto [whole, edge] = testing::if_branches(loop, at);
  EXPECT_EQ(loop.find("if (" + test + ")\n", at + whole.size()), std::string::npos) << loop;
  EXPECT_EQ(count(whole, "loom_cp_async_16(" + tile), copies) << whole;
  EXPECT_EQ(count(whole, " : 0;"), 0) << whole;
  EXPECT_EQ(count(whole, "loom_aligned_16"), 0) << whole;
  EXPECT_EQ(count(whole, "else"), 0) << whole;
  EXPECT_EQ(lane_tests(whole), 0) << whole;
  EXPECT_EQ(count(edge, "loom_aligned_16(" + tile.substr(0, 1) + ")"), 2 * copies) << edge;  // copy and lanes
  EXPECT_EQ(count(edge, "loom_cp_async_16(" + tile), copies) << edge;
  EXPECT_EQ(lane_tests(edge), 2 * copies) << edge;  // wholly in or wholly out; then which
  EXPECT_EQ(count(edge, "loom_zero_16(" + tile), copies) << edge;
  EXPECT_GT(count(edge, " : 0;"), 0) << edge;  // the edge lanes' fill
}

TEST(WholeTileFills, WgmmaRingFillsTestOneConditionPerTile) {
  testing::ScopedEnv split("LOOM_UNIFORM_FETCHES", "1");
  std::string loop = k_loop(example("bf16_gemm_wgmma_s3.json"));
  expect_whole_tile_fills(loop, "a_fetch",
                          "l >= 64 * k_outer + 192 && m >= 128 * i_group + 128 && (loom_aligned_16(a) && l % 8 == 0)", 4);
  expect_whole_tile_fills(loop, "b_fetch",
                          "l >= 64 * k_outer + 192 && n >= 256 * j_group + 256 && (loom_aligned_16(b) && n % 8 == 0)", 8);
  // Still issued between the wgmmas' commit and their wait.
  std::size_t commit = loop.find("loom_wgmma_commit()"), wait = loop.find("loom_wgmma_wait()");
  EXPECT_LT(commit, loop.find("loom_cp_async_16(")) << loop;
  EXPECT_GT(wait, loop.rfind("loom_cp_async_16(")) << loop;
}

TEST(WholeTileFills, MmaSyncRingFillsTestOneConditionPerTile) {
  testing::ScopedEnv split("LOOM_UNIFORM_FETCHES", "1");
  std::string loop = k_loop(example("bf16_gemm_8warps_ring3.json"));
  expect_whole_tile_fills(loop, "a_fetch",
                          "l >= 32 * k_outer + 96 && m >= 128 * i_group + 128 && (loom_aligned_16(a) && l % 8 == 0)", 2);
  expect_whole_tile_fills(loop, "b_fetch",
                          "l >= 32 * k_outer + 96 && n >= 128 * j_group + 128 && (loom_aligned_16(b) && n % 8 == 0)", 2);
}

// The default on CUDA: the 4-stage spec (rings filled two tiles ahead, one wgmma group in flight)
// splits its fills without LOOM_UNIFORM_FETCHES, the alignment in the whole-tile test, and its
// wgmmas still leave one group in flight.
TEST(WholeTileFills, FourStageWgmmaRingFillsAreSplitByDefault) {
  testing::ScopedEnv unset("LOOM_UNIFORM_FETCHES", nullptr);
  std::string loop = k_loop(example("bf16_gemm_wgmma.json"));
  expect_whole_tile_fills(loop, "a_fetch",
                          "l >= 64 * k_outer + 192 && m >= 128 * i_group + 128 && (loom_aligned_16(a) && l % 8 == 0)", 4);
  expect_whole_tile_fills(loop, "b_fetch",
                          "l >= 64 * k_outer + 192 && n >= 256 * j_group + 256 && (loom_aligned_16(b) && n % 8 == 0)", 8);
  EXPECT_EQ(count(loop, "loom_wgmma_wait_1()"), 1) << loop;
}

// OpenCL is as before: no whole-tile copy (its test `l >= 32 * k_outer + 96 && ...`). (The C target
// refuses these kernels: local tiles shared across barriers; the wgmma spec's 144 KB of rings
// exceed the generic OpenCL device's 64 KB offline.)
TEST(WholeTileFills, OpenCLCodeIsUnchanged) {
  Spec ring = example("bf16_gemm_8warps_ring3.json");
  std::string code = generate_code(ring.kernel, Target::OpenCL).source;
  EXPECT_EQ(count(code, "32 * k_outer + 96"), 0) << code;
}

// The ring's first fills (before the k loop) are 16-byte copies, one nest per stage (each first
// fill has its own unrolled and vec inames, pipeline_fetch), split like the loop's fills: one
// group-uniform test per stage and array, the whole-tile side plain copies whose loads the
// compiler issues together (they were 192 two-byte copies a work-item, each in its own branch).
TEST(WholeTileFills, RingPrologueIsSixteenByteCopiesWithOneTestPerStage) {
  testing::ScopedEnv unset("LOOM_UNIFORM_FETCHES", nullptr);
  std::string kernels = testing::kernels_of(generate_code(example("bf16_gemm_wgmma.json").kernel, Target::CUDA).source);
  std::string prologue = kernels.substr(0, kernels.find("for (int32_t k_outer"));
  EXPECT_EQ(count(prologue, "loom_copy_16(b_fetch"), 2 * 2 * 8) << prologue;  // 2 stages, whole and edge side
  EXPECT_EQ(count(prologue, "loom_copy_16(a_fetch"), 2 * 2 * 4) << prologue;
  for (const char* test : {"l >= 64 && n >= 256 * j_group + 256 && (loom_aligned_16(b) && n % 8 == 0)",
                           "l >= 128 && n >= 256 * j_group + 256 && (loom_aligned_16(b) && n % 8 == 0)",
                           "l >= 64 && m >= 128 * i_group + 128 && (loom_aligned_16(a) && l % 8 == 0)",
                           "l >= 128 && m >= 128 * i_group + 128 && (loom_aligned_16(a) && l % 8 == 0)"}) {
    std::size_t at = prologue.find(std::string("if (") + test + ")\n");
    ASSERT_NE(at, std::string::npos) << test << "\n" << prologue;
    auto [whole, edge] = testing::if_branches(prologue, at);
    EXPECT_GT(count(whole, "loom_copy_16("), 0) << whole;
    EXPECT_EQ(count(whole, " : 0;"), 0) << whole;
    EXPECT_EQ(lane_tests(whole), 0) << whole;
    EXPECT_GT(count(edge, " : 0;"), 0) << edge;
  }
}

// LOOM_UNIFORM_FETCHES=0 turns the split off (a measurement switch): the per-copy tests as before.
TEST(WholeTileFills, OffWithZero) {
  testing::ScopedEnv off("LOOM_UNIFORM_FETCHES", "0");
  std::string loop = k_loop(example("bf16_gemm_wgmma_s3.json"));
  EXPECT_EQ(count(loop, "64 * k_outer + 192"), 0) << loop;
  EXPECT_EQ(count(loop, "loom_cp_async_16("), 12) << loop;
}

// The 64-column wgmma spec (the 256-column one crashes PoCL: 64 KB of private accumulators a
// work-item) and the mma.sync ring specs, split on OpenCL as on CUDA: whole and edge tiles in m, n
// and k, sizes below one tile, k loops shorter than the ring.
TEST(WholeTileFillsOpenCL, SplitRingFillsMatchOnPocl) {
  REQUIRE_OPENCL();
  testing::ScopedEnv split("LOOM_UNIFORM_FETCHES", "1");
  std::string narrow = testing::example_file_text("tensor", "bf16_gemm_wgmma_s3.json");
  auto replace = [&](const std::string& from, const std::string& to) {
    std::size_t at = narrow.find(from);
    ASSERT_NE(at, std::string::npos) << from;
    narrow.replace(at, from.size(), to);
  };
  replace("\"iname\": \"j\", \"inner_length\": 256", "\"iname\": \"j\", \"inner_length\": 64");
  replace("m64n256k16", "m64n64k16");
  replace("\"iname\": \"b_row\", \"inner_length\": 4", "\"iname\": \"b_row\", \"inner_length\": 16");
  std::vector<std::pair<std::string, Spec>> specs;
  specs.emplace_back("narrow wgmma s3", read_spec(narrow));
  specs.emplace_back("bf16_gemm_8warps_ring3", example("bf16_gemm_8warps_ring3.json"));
  specs.emplace_back("tf32_gemm_8warps_ring3", example("tf32_gemm_8warps_ring3.json"));
  for (const auto& [name, spec] : specs) {
    SCOPED_TRACE(name);
    if (name == "bf16_gemm_8warps_ring3") {  // the others' rings exceed the generic device's 64 KB offline
      std::string split_code = generate_code(spec.kernel, Target::OpenCL).source;
      testing::ScopedEnv off("LOOM_UNIFORM_FETCHES", nullptr);
      EXPECT_NE(split_code, generate_code(spec.kernel, Target::OpenCL).source);  // the split ran
    }
    for (const ParameterMap& sizes : std::vector<ParameterMap>{{{"m", 1}, {"n", 1}, {"l", 1}},
                                                               {{"m", 17}, {"n", 17}, {"l", 17}},
                                                               {{"m", 40}, {"n", 30}, {"l", 50}},
                                                               {{"m", 129}, {"n", 129}, {"l", 129}},
                                                               {{"m", 136}, {"n", 200}, {"l", 256}},
                                                               {{"m", 260}, {"n", 136}, {"l", 199}}}) {
      testing::expect_on_opencl(spec.kernel, spec.reference, sizes);
    }
  }
}

// The three-stage wgmma spec (the one timed) at the ragged sizes of the other GPU tests; the
// whole-tile copies run on the inner tiles, the guarded ones on the edges.
TEST(WholeTileFillsGpu, ThreeStageWgmmaSpecMatchesTheReferenceAtRaggedSizes) {
  SKIP_WITHOUT_CUDA();  // only where there is no GPU (wgmma needs sm_90a); PoCL runs the split above
  testing::ScopedEnv nvrtc("LOOM_CUDA_COMPILER", "nvrtc");
  testing::ScopedEnv split("LOOM_UNIFORM_FETCHES", "1");
  Spec spec = example("bf16_gemm_wgmma_s3.json");
  for (const ParameterMap& sizes : std::vector<ParameterMap>{{{"m", 1}, {"n", 1}, {"l", 1}},
                                                             {{"m", 17}, {"n", 17}, {"l", 17}},
                                                             {{"m", 129}, {"n", 129}, {"l", 129}},
                                                             {{"m", 1000}, {"n", 1000}, {"l", 1000}},
                                                             {{"m", 3000}, {"n", 5000}, {"l", 700}}}) {
    testing::expect_matches_reference(spec.kernel, spec.reference, sizes, CheckOptions{.target = Target::CUDA});
  }
}

// The default split of the 4-stage BF16 and the TF32 specs at the ragged sizes: the edge copies
// take the misaligned arrays' whole tiles too (17, 129: rows not on 16 bytes), the whole-tile copies
// the inner tiles of aligned ones (1000, 3000 x 5000 x 700).
TEST(WholeTileFillsGpu, DefaultSplitMatchesTheReferenceAtRaggedSizes) {
  SKIP_WITHOUT_CUDA();  // only where there is no GPU (wgmma needs sm_90a); the code's shape is tested above
  testing::ScopedEnv nvrtc("LOOM_CUDA_COMPILER", "nvrtc");
  testing::ScopedEnv unset("LOOM_UNIFORM_FETCHES", nullptr);
  for (const char* file : {"bf16_gemm_wgmma.json", "tf32_gemm_wgmma.json"}) {
    SCOPED_TRACE(file);
    Spec spec = example(file);
    for (const ParameterMap& sizes : std::vector<ParameterMap>{{{"m", 1}, {"n", 1}, {"l", 1}},
                                                               {{"m", 17}, {"n", 17}, {"l", 17}},
                                                               {{"m", 129}, {"n", 129}, {"l", 129}},
                                                               {{"m", 1000}, {"n", 1000}, {"l", 1000}},
                                                               {{"m", 3000}, {"n", 5000}, {"l", 700}}}) {
      testing::expect_matches_reference(spec.kernel, spec.reference, sizes, CheckOptions{.target = Target::CUDA});
    }
  }
}

}  // namespace
}  // namespace loom
