// The CUDA lowering of tensorized tiles (issue 29, codegen/tensor_cores.cpp). The GEMM spec of
// examples/tensor/bf16_gemm.json (warps of 32 lanes sharing each 16x8 tile) is checked as loops on
// C and PoCL in CI, its CUDA code compiled by NVRTC for sm_90 offline, and run on the GPU by the
// *Gpu tests (skipped without a driver), including a deliberately wrong fragment mapping that must
// fail the check.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <functional>
#include <fstream>
#include <sstream>

#include "codegen/cast.hpp"
#include "codegen/tensor_cores.hpp"
#include "device_helpers.hpp"
#include "example_files.hpp"
#include "loom/loom.hpp"
#include "runtime/cuda_driver.hpp"
#include "runtime/scoped_env.hpp"
#include "test_helpers.hpp"

namespace loom {
namespace {

using testing::error_message;

std::string example_text(const std::string& file) { return testing::example_file_text("tensor", file); }

std::string replaced(std::string text, const std::string& from, const std::string& to) {
  for (std::size_t at = text.find(from); at != std::string::npos; at = text.find(from, at + to.size())) {
    text.replace(at, from.size(), to);
  }
  return text;
}

// The spec's transforms up to tensorize, without the local tiles and their fetches: the C target
// runs work-items one after another and so cannot run a kernel whose work-items share local
// memory across barriers (DESIGN.md §5); the same tile schedule runs there with global operands.
std::string without_staging(std::string text) {
  std::size_t from = text.find("    {\"op\": \"add_prefetch\"");
  std::size_t to = text.find("\n  ],\n  \"test\"");
  text.erase(from, to - from);
  text.erase(text.rfind(',', from), 1);
  return text;
}

// The BF16 GEMM spec, or its float16 variant, or its TF32 variant (float32 operands, k tiles of 8).
Spec gemm_spec(const std::string& type = "bfloat16", bool staged = true, const std::string& file = "bf16_gemm.json") {
  std::string text = example_text(file);
  if (!staged) text = without_staging(text);
  if (type == "float16") text = replaced(text, "bfloat16", "float16");
  if (type == "tf32") {
    text = replaced(text, "\"bfloat16\"", "\"float32\"");
    text = replaced(text, "\"k1\", \"inner_length\": 16", "\"k1\", \"inner_length\": 8");
    text = replaced(text, "\"shape\": \"m16n8k16\"", "\"shape\": \"m16n8k8\", \"allow_tf32\": true");
  }
  return read_spec(text);
}

// The spec with both local tiles stored row-contiguous: a_fetch i-contiguous, b_fetch
// j-contiguous (as b itself is), rows padded to 136 elements (a multiple of 8: 16-byte rows).
std::string transposed_tiles(std::string text) {
  text = replaced(text, "\"a_fetch\", \"dim_tags\": \"stride:40, stride:1\"", "\"a_fetch\", \"dim_tags\": \"stride:1, stride:136\"");
  return replaced(text, "\"b_fetch\", \"dim_tags\": \"stride:1, stride:40\"", "\"b_fetch\", \"dim_tags\": \"stride:136, stride:1\"");
}

using Sizes = std::vector<ParameterMap>;
ParameterMap cube(int64_t size) { return {{"m", size}, {"n", size}, {"l", size}}; }

TEST(TensorizeCuda, GemmScheduleRunsAsLoopsOnC) {
  for (const char* type : {"bfloat16", "tf32"}) {
    Spec spec = gemm_spec(type, false);
    EXPECT_EQ(spec.kernel.find_instruction("mm")->tags.count("tensorize_i_i_tile"), 1u);
    for (const ParameterMap& sizes : Sizes{cube(1), cube(17), {{"m", 129}, {"n", 200}, {"l", 70}}}) {
      testing::expect_matches_reference(spec.kernel, spec.reference, sizes);
    }
  }
}

TEST(TensorizeCudaOpenCL, GemmSpecMatchesOnPocl) {
  REQUIRE_OPENCL();
  Spec spec = gemm_spec();
  EXPECT_EQ(spec.kernel.find_instruction("mm")->tags.count("tensorize_m16n8k16"), 1u);
  for (const ParameterMap& sizes : Sizes{cube(17), {{"m", 129}, {"n", 200}, {"l", 70}}}) {
    testing::expect_on_opencl(spec.kernel, spec.reference, sizes);
  }
}

// The fastest schedule (64x64 warp tiles, pipelined fetches, a j-contiguous b tile read by
// ldmatrix .trans on CUDA) as loops on PoCL.
TEST(TensorizeCudaOpenCL, Warp64PipelinedSpecWithAJContiguousBTileMatchesOnPocl) {
  REQUIRE_OPENCL();
  Spec spec = gemm_spec("bfloat16", true, "bf16_gemm_warp64_pipelined_bj.json");
  // One partial group on each axis, two k tiles (the second partial): seconds on PoCL.
  testing::expect_on_opencl(spec.kernel, spec.reference, {{"m", 65}, {"n", 72}, {"l", 40}});
}

// The same schedule with the b tile fetched in 16-byte copies (vec lanes of 8 along its rows,
// consecutive lanes on consecutive copies of a row, pipelined through registers): loops on PoCL.
TEST(TensorizeCudaOpenCL, SixteenByteFetchCopySpecMatchesOnPocl) {
  REQUIRE_OPENCL();
  Spec spec = gemm_spec("bfloat16", true, "bf16_gemm_warp64_pipelined_copy16.json");
  testing::expect_on_opencl(spec.kernel, spec.reference, {{"m", 65}, {"n", 72}, {"l", 40}});
}

// On CUDA each work-item's 8 lanes of the b fetch are one 16-byte copy in the full-tile k loop: 4
// into the registers for the next k tile, 4 from the registers into the tile, each beside its
// lanes for misaligned rows and the k edge; the registers are 16-byte aligned and hold a copy's
// lanes consecutively (pipeline_fetch keeps the vec iname innermost). The a fetch keeps its
// 2-byte copies (no vec iname).
TEST(TensorizeCuda, SixteenByteFetchCopiesInTheFullTileLoop) {
  Spec spec = gemm_spec("bfloat16", true, "bf16_gemm_warp64_pipelined_copy16.json");
  std::string source = generate_code(spec.kernel, Target::CUDA).source;
  std::string kernels = testing::kernels_of(source);
  EXPECT_NE(kernels.find("loom_bfloat16 a_fetch_next[32] __align__(16);"), std::string::npos) << kernels;
  EXPECT_NE(kernels.find("loom_bfloat16 b_fetch_next[32] __align__(16);"), std::string::npos) << kernels;
  std::size_t first = kernels.find("for (int32_t k_outer");
  std::size_t second = kernels.find("for (int32_t k_outer", first + 1);
  ASSERT_NE(second, std::string::npos) << kernels;
  std::string loop = kernels.substr(first, second - first);
  EXPECT_EQ(testing::count(loop, "loom_copy_16(b_fetch_next"), 4) << loop;
  EXPECT_EQ(testing::count(loop, ", b_fetch_next"), 4) << loop;
  EXPECT_NE(loop.find("loom_copy_16(b_fetch_next + 24, b + "), std::string::npos) << loop;
  EXPECT_NE(loop.find("b_fetch_next[31] = b["), std::string::npos) << loop;
  EXPECT_EQ(testing::count(loop, "loom_copy_16(a_fetch_next"), 0) << loop;
  EXPECT_NE(loop.find("a_fetch_next[31] = a["), std::string::npos) << loop;
  LOOM_EXPECT_COMPILES_TO_SM90_CUBIN(source, spec.kernel.name);
}

// The ring of 3 tiles (pipeline_fetch stages with async): both tiles fetched in 16-byte copies
// (a's lanes on the same piece of 8 rows, b's on consecutive pieces of a row), as loops on PoCL,
// where async changes nothing. (The ring of 2 differs only in its stage count, which
// PipelineFetchOpenCL.RingsOfTilesMatchTheReference checks on small tiles; each spec costs about a
// CPU-minute on PoCL.) And
// bf16_gemm_warp64_copy16_bring3_async: a pipelined through registers, b in a ring of 3 (one
// fetch of each kind in one loop: two barriers an iteration).
TEST(TensorizeCudaOpenCL, AsyncRingSpecsMatchOnPocl) {
  REQUIRE_OPENCL();
  for (const char* file : {"bf16_gemm_warp64_ring3_async.json", "bf16_gemm_warp64_copy16_bring3_async.json"}) {
    Spec spec = gemm_spec("bfloat16", true, file);
    // Three k tiles (the last partial): every tile of the ring is filled and read once.
    testing::expect_on_opencl(spec.kernel, spec.reference, {{"m", 65}, {"n", 72}, {"l", 70}});
  }
}

// On CUDA the ring's fills in the k loop are cp.async (4 of a, 4 of b per work-item and k tile,
// each beside its lanes for misaligned rows and edge tiles), the fills before the loop ordinary
// 16-byte copies, and every barrier is preceded by the commit and the wait for all but the last
// S - 2 groups; the fragments still come from ldmatrix (the ring's tiles start on 16 bytes). The
// 3-tile ring (57 KB) lives in dynamic shared memory. NVRTC compiles both for sm_90.
TEST(TensorizeCuda, AsyncRingFillsAreCpAsyncWaitedForAtEachBarrier) {
  for (int stages : {2, 3}) {
    SCOPED_TRACE(stages);
    Spec spec = gemm_spec("bfloat16", true, "bf16_gemm_warp64_ring" + std::to_string(stages) + "_async.json");
    std::string source = generate_code(spec.kernel, Target::CUDA).source;
    std::string kernels = testing::kernels_of(source);
    std::string wait = "loom_cp_async_wait_" + std::to_string(stages - 2) + "()";
    EXPECT_EQ(testing::count(kernels, "__syncthreads()"), testing::count(kernels, wait)) << kernels;
    // The full groups' k loop, up to its stores of c.
    std::size_t first = kernels.find("for (int32_t k_outer");
    std::size_t stores = kernels.find(" c[", first);
    ASSERT_NE(stores, std::string::npos) << kernels;
    std::string prologue = kernels.substr(0, first);
    std::string loop = kernels.substr(first, stores - first);
    EXPECT_EQ(testing::count(prologue, "loom_cp_async_16("), 0) << prologue;
    // The ring of 2 fills one tile before the loop in 16-byte copies; the ring of 3 fills two in
    // shared loops, lane by lane (once per group, not worth a wide copy).
    if (stages == 2) {
      EXPECT_GE(testing::count(prologue, "loom_copy_16(a_fetch"), 4) << prologue;
    }
    EXPECT_EQ(testing::count(loop, "loom_cp_async_16(a_fetch"), 4) << loop;
    EXPECT_EQ(testing::count(loop, "loom_cp_async_16(b_fetch"), 4) << loop;
    EXPECT_EQ(testing::count(loop, "loom_copy_16("), 0) << loop;
    EXPECT_EQ(testing::count(loop, "__syncthreads()"), 1) << loop;
    EXPECT_GE(testing::count(loop, "loom_ldsm_x4("), 4) << loop;
    EXPECT_NE(source.find("cp.async.cg.shared.global [%0], [%1], 16;"), std::string::npos);
    EXPECT_NE(source.find("cp.async.commit_group; cp.async.wait_group " + std::to_string(stages - 2) + ";"),
              std::string::npos);
    LOOM_EXPECT_COMPILES_TO_SM90_CUBIN(source, spec.kernel.name);
  }
}

// Eight warps of 64x32 (256 work-items, two groups an SM), both tiles in cp.async rings of 3,
// the k split round_up: the fetches zero-fill the tiles past l (`if(in range, a[..], 0)`), so the
// products read whole k tiles. As loops on PoCL, three k tiles, the last partial. The TF32 spec
// (element fragments) likewise; the float16 one differs from the bfloat16 one only in the type.
TEST(TensorizeCudaOpenCL, EightWarpRoundUpSpecsMatchOnPocl) {
  REQUIRE_OPENCL();
  for (const char* file : {"bf16_gemm_8warps_ring3.json", "tf32_gemm_8warps_ring3.json"}) {
    SCOPED_TRACE(file);
    Spec spec = read_spec(example_text(file));
    testing::expect_on_opencl(spec.kernel, spec.reference, {{"m", 65}, {"n", 72}, {"l", 70}});
  }
}

// On CUDA the round_up k split leaves the fragments without k-edge masks (the tiles are whole
// along k everywhere), and the zero-filling fetches are still 16-byte cp.async copies in the k
// loop (2 of a, 2 of b per work-item), their lanes for the edges writing the fill as a select of
// the 16-bit bits (no float round trip). NVRTC compiles it for sm_90.
TEST(TensorizeCuda, RoundUpKSplitReadsFragmentsWithoutMasks) {
  Spec spec = read_spec(example_text("bf16_gemm_8warps_ring3.json"));
  std::string source = generate_code(spec.kernel, Target::CUDA).source;
  std::string kernels = testing::kernels_of(source);
  std::size_t first = kernels.find("for (int32_t k_outer");
  std::size_t stores = kernels.find(" c[", first);
  ASSERT_NE(stores, std::string::npos) << kernels;
  std::string loop = kernels.substr(first, stores - first);
  EXPECT_EQ(testing::count(loop, "loom_mma_m16n8k16_bf16("), 32) << loop;
  EXPECT_EQ(testing::count(loop, "loom_ldsm_x4("), 8) << loop;
  EXPECT_EQ(testing::count(loop, "loom_ldsm_x2_trans("), 8) << loop;
  EXPECT_EQ(testing::count(loop, "] & "), 0) << loop;  // no fragment masks
  // Each copy twice: on the whole-tile side and the edge side of the ring fills' split (on by
  // default on CUDA, uniform_selects.hpp).
  EXPECT_EQ(testing::count(loop, "loom_cp_async_16(a_fetch"), 4) << loop;
  EXPECT_EQ(testing::count(loop, "loom_cp_async_16(b_fetch"), 4) << loop;
  EXPECT_EQ(testing::count(loop, "loom_float_to_bfloat16("), 0) << loop;
  EXPECT_NE(loop.find(" : 0;"), std::string::npos) << loop;  // the edge lanes' fill
  LOOM_EXPECT_COMPILES_TO_SM90_CUBIN(source, spec.kernel.name);
}

// A group of one warp whose tile instruction uses no local iname at all: its lanes read what
// other lanes fetched, so barriers go between (the barrier analysis once saw no work-item apart
// from another and left them out: wrong on PoCL, a race on CUDA).
TEST(TensorizeCudaOpenCL, AOneWarpGroupGetsItsBarriers) {
  REQUIRE_OPENCL();
  Spec spec = read_spec(example_text("bf16_matmul_tensorize.json"));
  for (const ParameterMap& sizes : Sizes{cube(17), {{"m", 129}, {"n", 33}, {"l", 70}}}) {
    testing::expect_on_opencl(spec.kernel, spec.reference, sizes);
  }
  std::string kernels = testing::kernels_of(generate_code(spec.kernel, Target::CUDA).source);
  EXPECT_GE(testing::count(kernels, "__syncthreads()"), 2) << kernels;
}

// The tile's loops are gone on CUDA: one mma.sync per tile instance, operands from the local
// tiles, and NVRTC compiles it for sm_90 (no GPU needed, only the toolkit's NVRTC).
TEST(TensorizeCuda, TilesBecomeMmaSyncAndCompileForSm90) {
  struct Case {
    const char* type;
    const char* instruction;
  };
  for (const Case& c : {Case{"bfloat16", "loom_mma_m16n8k16_bf16("}, Case{"float16", "loom_mma_m16n8k16_f16("},
                        Case{"tf32", "loom_mma_m16n8k8_tf32("}}) {
    Spec spec = gemm_spec(c.type);
    std::string source = generate_code(spec.kernel, Target::CUDA).source;
    std::string kernels = testing::kernels_of(source);
    EXPECT_NE(source.find("mma.sync.aligned."), std::string::npos) << c.type;
    EXPECT_NE(kernels.find(c.instruction), std::string::npos) << c.type;
    EXPECT_EQ(kernels.find("for (int32_t i_tile"), std::string::npos) << kernels;
    EXPECT_EQ(kernels.find("for (int32_t k_tile"), std::string::npos) << kernels;
    // 4 x 4 tiles per warp, each k step unrolled twice (k_step): 32 calls for the interior.
    std::string helper = std::string(c.type) == "tf32" ? "loom_mma_m16n8k8_tf32(" : "loom_mma_m16n8k16_";
    EXPECT_GE(testing::count(kernels, helper), 32) << c.type;
    if (std::string(c.type) == "float16") continue;  // bfloat16's code but for the type: not compiled again (CI time)
    LOOM_EXPECT_COMPILES_TO_SM90_CUBIN(source, spec.kernel.name);
  }
}

// ldmatrix reads a k-contiguous tile whose rows start on 16 bytes (row stride a multiple of 8
// elements): the full-tile k loop of the 64x32 warp tile loads each a fragment (4 rows of tiles x
// 2 k steps) with one x4 and each b fragment (4 columns x 2 k steps) with one x2, once, and its
// 32 mma share them (without the sharing: 32 of each, one per mma). A row stride of 36 (not a
// multiple of 8) keeps 32-bit words; TF32 keeps elements.
TEST(TensorizeCuda, FragmentsComeFromSharedLdmatrixLoads) {
  auto full_tile_loop = [](const Spec& spec) {
    std::string kernels = testing::kernels_of(generate_code(spec.kernel, Target::CUDA).source);
    std::size_t first = kernels.find("for (int32_t k_outer");
    std::size_t second = kernels.find("for (int32_t k_outer", first + 1);
    EXPECT_NE(second, std::string::npos) << kernels;
    return kernels.substr(first, second - first);
  };
  std::string loop = full_tile_loop(gemm_spec());
  EXPECT_EQ(testing::count(loop, "loom_mma_m16n8k16_bf16("), 32) << loop;
  EXPECT_EQ(testing::count(loop, "loom_ldsm_x4("), 8) << loop;
  EXPECT_EQ(testing::count(loop, "loom_ldsm_x2("), 8) << loop;
  EXPECT_EQ(testing::count(loop, "loom_mma_word("), 0) << loop;

  Spec unaligned = read_spec(replaced(example_text("bf16_gemm.json"), "\"stride:40, stride:1\"", "\"stride:36, stride:1\""));
  loop = full_tile_loop(unaligned);
  EXPECT_EQ(testing::count(loop, "loom_ldsm_x4("), 0) << loop;
  EXPECT_EQ(testing::count(loop, "loom_ldsm_x2("), 8) << loop;
  EXPECT_GT(testing::count(loop, "loom_mma_word(a_fetch"), 0) << loop;

  std::string tf32 = testing::kernels_of(generate_code(gemm_spec("tf32").kernel, Target::CUDA).source);
  EXPECT_EQ(tf32.find("loom_ldsm_"), std::string::npos);

  // The spec can keep 32-bit word loads (bf16_gemm_pipelined does: faster there).
  Spec words = read_spec(replaced(example_text("bf16_gemm.json"), "\"shape\": \"m16n8k16\"},",
                                  "\"shape\": \"m16n8k16\"},\n    {\"op\": \"tag_instructions\", \"new_tag\": "
                                  "\"tensorize_fragments_by_words\", \"within\": \"id:mm\"},"));
  loop = full_tile_loop(words);
  EXPECT_EQ(testing::count(loop, "loom_ldsm_"), 0) << loop;
  EXPECT_EQ(testing::count(loop, "loom_mma_word(a_fetch"), 32 * 4) << loop;  // the compiler shares them

  // Tiles stored row-contiguous (a's i, b's j) are read by ldmatrix .trans.
  loop = full_tile_loop(read_spec(transposed_tiles(example_text("bf16_gemm.json"))));
  EXPECT_EQ(testing::count(loop, "loom_ldsm_x4_trans("), 8) << loop;
  EXPECT_EQ(testing::count(loop, "loom_ldsm_x2_trans("), 8) << loop;
  EXPECT_EQ(testing::count(loop, "loom_mma_pack("), 0) << loop;
}

// share_fragment_loads loads a fragment once per run of consecutive tile updates, and never across
// another statement (a fetch store or a barrier may lie there): the update after the store loads
// again. Unscoped blocks (unrolled copies) belong to the run. Each update then reads the
// registers a declaration before it loaded.
TEST(TensorizeCuda, FragmentLoadsAreSharedOnlyWithinARunOfTileUpdates) {
  auto update = [](const std::string& address) {
    cast::ExprPtr fragment = cast::var("loom_frag_a", DType::UInt32);
    cast::ExprPtr load = cast::call("loom_ldsm_x4", {fragment, cast::var(address)}, DType::Int32);
    cast::ExprPtr mma = cast::call("loom_mma_m16n8k16_bf16", {cast::load("loom_frag_a", cast::int_const(3), DType::UInt32)},
                                   DType::Int32);
    return cast::scoped_block({cast::declare("loom_frag_a", DType::UInt32, 4),
                               cast::declare("loom_frag_a_done", DType::Int32, 0, load, true),
                               cast::declare("loom_mma_done", DType::Int32, 0, mma, true)});
  };
  cast::StmtPtr store = cast::assign(cast::load("a_fetch", cast::int_const(0), DType::BFloat16), cast::int_const(0));
  cast::StmtPtr body = cast::block({update("p"), cast::block({update("p"), update("q")}), cast::block({update("p")}), store,
                                    update("p")});
  cast::StmtPtr shared = codegen::share_fragment_loads(body);

  std::vector<std::string> loads, read, declared;
  std::function<void(const cast::Stmt&)> walk = [&](const cast::Stmt& stmt) {
    if (stmt.kind == cast::StmtKind::Declare && stmt.init && stmt.init->name == "loom_ldsm_x4") {
      loads.push_back(stmt.init->args[1]->name);
      declared.push_back(stmt.init->args[0]->name);
    }
    if (stmt.kind == cast::StmtKind::Declare && stmt.name == "loom_mma_done") {
      read.push_back(stmt.init->args[0]->name);
      EXPECT_NE(std::find(declared.begin(), declared.end(), read.back()), declared.end()) << read.back();
    }
    for (const cast::StmtPtr& child : stmt.body) walk(*child);
  };
  walk(*shared);
  EXPECT_EQ(loads, (std::vector<std::string>{"p", "q", "p"}));
  ASSERT_EQ(read.size(), 5u);
  EXPECT_EQ(read[0], read[1]);
  EXPECT_EQ(read[0], read[3]);
  EXPECT_NE(read[0], read[2]);
  EXPECT_NE(read[0], read[4]);  // after the store: its own load
}

// A tile is a warp's work: the lanes must share it.
TEST(TensorizeCuda, RefusesTilesThatAWarpCannotShare) {
  // No local axis at all: a work-group of one work-item.
  LoopKernel matmul = make_kernel({"{[i,j,k]: 0<=i<m and 0<=j<n and 0<=k<l}"}, "c[i, j] = sum(k, a[i, k]*b[k, j]) {id=mm}",
                                  {array_arg("a", DType::BFloat16, {"m", "l"}), array_arg("b", DType::BFloat16, {"l", "n"}),
                                   array_arg("c", DType::Float32, {"m", "n"})});
  LoopKernel tiled = split_iname(matmul, "i", 16, {.outer_tag = "g.0"});
  tiled = split_iname(tiled, "j", 8, {.outer_tag = "g.1"});
  tiled = split_iname(tiled, "k", 16);
  tiled = prioritize_loops(tiled, "k_outer, i_inner, j_inner, k_inner");
  LoopKernel lone = tensorize(tiled, "id:mm", {"i_inner", "j_inner", "k_inner"});
  std::string message = error_message<Error>([&] { generate_code(lone, Target::CUDA); });
  EXPECT_NE(message.find("tensorize (mm) on CUDA: the work-group has 1 work-items; a tile is a warp's work and needs "
                         "whole warps of 32"),
            std::string::npos)
      << message;
  // The k loop inside the tile's i and j loops: the accumulator has no copy per tile element.
  LoopKernel inside = prioritize_loops(split_iname(split_iname(split_iname(matmul, "i", 16, {.outer_tag = "g.0"}), "j", 8,
                                                                {.outer_tag = "g.1"}), "k", 16),
                                       "i_inner, j_inner, k_outer, k_inner");
  inside = tensorize(inside, "id:mm", {"i_inner", "j_inner", "k_inner"});
  message = error_message<Error>([&] { generate_code(inside, Target::CUDA); });
  EXPECT_NE(message.find("tensorize (mm) on CUDA: the accumulator 'acc_k_outer_k_inner' has no copy per value of "
                         "i_inner and j_inner; nest the tile's loops inside the reduction's"),
            std::string::npos)
      << message;
  // The spec's tile within an l.0 iname (its lanes would hold different tiles).
  std::string swapped = replaced(replaced(replaced(example_text("bf16_gemm.json"), "l.0", "l.X"), "l.1", "l.0"), "l.X", "l.1");
  Spec within_lanes = read_spec(swapped);
  message = error_message<Error>([&] { generate_code(within_lanes.kernel, Target::CUDA); });
  EXPECT_NE(message.find("tensorize (mm) on CUDA: it is within 'i_warp' (l.0), whose value changes inside a warp"),
            std::string::npos)
      << message;
}

// A condition on i, j and k together (k <= i + j) cannot be split between the fragments of a and
// b and the store's guard: refused rather than computed over the wrong triples.
TEST(TensorizeCuda, RefusesADomainThatTiesTheThreeTileInames) {
  LoopKernel kernel = make_kernel({"{[i,j,k]: 0<=i<m and 0<=j<n and 0<=k<l and k <= i + j}"},
                                  "c[i, j] = sum(k, a[i, k]*b[k, j]) {id=mm}",
                                  {array_arg("a", DType::BFloat16, {"m", "l"}), array_arg("b", DType::BFloat16, {"l", "n"}),
                                   array_arg("c", DType::Float32, {"m", "n"})});
  LoopKernel tiled = split_iname(kernel, "i", 16, {.outer_tag = "g.0"});
  tiled = split_iname(tiled, "j", 8, {.outer_tag = "g.1"});
  tiled = split_iname(tiled, "k", 16);
  tiled = tensorize(prioritize_loops(tiled, "k_outer, i_inner, j_inner, k_inner"), "id:mm", {"i_inner", "j_inner", "k_inner"});
  testing::expect_matches_reference(tiled, kernel, cube(20));  // as loops on C it is right
  std::string message = error_message<Error>([&] { generate_code(tiled, Target::CUDA); });
  EXPECT_NE(message.find("tensorize (mm) on CUDA: the tile's instances are not given by conditions on two of i_inner, "
                         "j_inner and k_inner at a time"),
            std::string::npos)
      << message;
}

// ---- on the GPU ---------------------------------------------------------------------------------

const Sizes kRagged = {cube(1), cube(17), cube(129), cube(1000), {{"m", 3000}, {"n", 5000}, {"l", 700}}};

// These tests compile with the suite's CUDA compiler ($LOOM_CUDA_COMPILER: NVRTC by default, the
// LLVM path in the gpu suite's LOOM_CUDA_COMPILER=llvm run, which lowers the same mma.sync and
// ldmatrix helpers: codegen/llvm_nvptx_tensor_cores.cpp), so both compilers' fragments are checked.

TEST(TensorizeGpu, Bf16GemmMatchesTheReferenceAtRaggedSizes) {
  SKIP_WITHOUT_CUDA();
  Spec spec = gemm_spec();
  for (const ParameterMap& sizes : kRagged) {
    testing::expect_matches_reference(spec.kernel, spec.reference, sizes, CheckOptions{.target = Target::CUDA});
  }
}

// ldmatrix .trans (row-contiguous tiles) and the plain ldmatrix of one operand with .trans of
// the other: the fragments must hold the same elements.
TEST(TensorizeGpu, TransposedTilesMatchTheReference) {
  SKIP_WITHOUT_CUDA();
  std::string both = transposed_tiles(example_text("bf16_gemm.json"));
  std::string b_only = replaced(example_text("bf16_gemm.json"), "\"b_fetch\", \"dim_tags\": \"stride:1, stride:40\"",
                                "\"b_fetch\", \"dim_tags\": \"stride:136, stride:1\"");
  for (const std::string& text : {both, b_only}) {
    Spec spec = read_spec(text);
    for (const ParameterMap& sizes : Sizes{cube(1), cube(17), cube(129), {{"m", 1000}, {"n", 300}, {"l", 700}}}) {
      testing::expect_matches_reference(spec.kernel, spec.reference, sizes, CheckOptions{.target = Target::CUDA});
    }
  }
}

// The tuned variants: fetches pipelined through registers (pipeline_fetch), k tiles of 64, warp
// tiles of 64x64, a j-contiguous b tile (ldmatrix .trans).
TEST(TensorizeGpu, PipelinedBf16GemmsMatchTheReference) {
  SKIP_WITHOUT_CUDA();
  for (const char* file : {"bf16_gemm_pipelined.json", "bf16_gemm_k64.json", "bf16_gemm_warp64_pipelined.json",
                           "bf16_gemm_warp64_pipelined_bj.json"}) {
    Spec spec = gemm_spec("bfloat16", true, file);
    for (const ParameterMap& sizes : Sizes{cube(1), cube(17), cube(129), {{"m", 1000}, {"n", 300}, {"l", 700}}}) {
      testing::expect_matches_reference(spec.kernel, spec.reference, sizes, CheckOptions{.target = Target::CUDA});
    }
  }
}

TEST(TensorizeGpu, Float16AndTf32GemmsMatchTheReference) {
  SKIP_WITHOUT_CUDA();
  for (const char* type : {"float16", "tf32"}) {
    Spec spec = gemm_spec(type);
    for (const ParameterMap& sizes : Sizes{cube(17), cube(129), {{"m", 1000}, {"n", 300}, {"l", 700}}}) {
      testing::expect_matches_reference(spec.kernel, spec.reference, sizes, CheckOptions{.target = Target::CUDA});
    }
  }
}

// 16-byte fetch copies: rows of b (n = 1000, 5000: every row on 16 bytes; n = 17, 129: none past
// the first) take both paths, ragged tiles (k past l, j past n) guard the last lanes.
TEST(TensorizeGpu, SixteenByteFetchCopiesMatchTheReferenceAtRaggedSizes) {
  SKIP_WITHOUT_CUDA();
  Spec spec = gemm_spec("bfloat16", true, "bf16_gemm_warp64_pipelined_copy16.json");
  for (const ParameterMap& sizes : kRagged) {
    testing::expect_matches_reference(spec.kernel, spec.reference, sizes, CheckOptions{.target = Target::CUDA});
  }
}

// The cp.async rings (NVRTC only: the LLVM path refuses async, LlvmNvptx.AsyncRingsAreRefusedByTheLlvmPath):
// misaligned rows of a and b (l or n not a multiple of 8) take the lanes, the edge tiles too,
// and k loops shorter than the ring (l = 1, 17) leave fills that never run.
TEST(TensorizeGpu, AsyncRingsMatchTheReferenceAtRaggedSizes) {
  SKIP_WITHOUT_CUDA();  // only where there is no GPU: the same specs run as loops on PoCL in CI
  testing::ScopedEnv nvrtc("LOOM_CUDA_COMPILER", "nvrtc");
  for (const char* file : {"bf16_gemm_warp64_ring2_async.json", "bf16_gemm_warp64_ring3_async.json",
                           "bf16_gemm_warp64_copy16_bring3_async.json"}) {
    Spec spec = gemm_spec("bfloat16", true, file);
    for (const ParameterMap& sizes : kRagged) {
      testing::expect_matches_reference(spec.kernel, spec.reference, sizes, CheckOptions{.target = Target::CUDA});
    }
  }
}

// The eight-warp round_up specs (zero-filled cp.async rings): misaligned rows (l = 17, 129, 1000,
// 700 for a; n = 17, 129 for b) take the fill's lanes, k loops shorter than the ring leave fills
// that never run, and edge tiles read the zeros past l, m and n.
TEST(TensorizeGpu, EightWarpRoundUpSpecsMatchTheReferenceAtRaggedSizes) {
  SKIP_WITHOUT_CUDA();  // only where there is no GPU: the same specs run as loops on PoCL in CI
  testing::ScopedEnv nvrtc("LOOM_CUDA_COMPILER", "nvrtc");
  for (const char* file : {"bf16_gemm_8warps_ring3.json", "f16_gemm_8warps_ring3.json", "tf32_gemm_8warps_ring3.json"}) {
    SCOPED_TRACE(file);
    Spec spec = read_spec(example_text(file));
    for (const ParameterMap& sizes : kRagged) {
      testing::expect_matches_reference(spec.kernel, spec.reference, sizes, CheckOptions{.target = Target::CUDA});
    }
  }
}

// The C fragment's rows g and g + 8 swapped (the test-only tag): every size must fail, so the
// checks above can see a wrong lane mapping.
TEST(TensorizeGpu, AWrongFragmentMappingFailsTheCheck) {
  SKIP_WITHOUT_CUDA();
  Spec spec = gemm_spec();
  LoopKernel wrong = spec.kernel;
  for (Instruction& instruction : wrong.instructions) {
    if (instruction.id == "mm") instruction.tags.insert("tensorize_test_wrong_rows");
  }
  for (const ParameterMap& sizes : Sizes{cube(1), cube(17), cube(129), cube(1000)}) {
    CheckResult result = check_against_reference(wrong, spec.reference, sizes, CheckOptions{.target = Target::CUDA});
    EXPECT_FALSE(result.passed) << result.report();
  }
}

}  // namespace
}  // namespace loom
