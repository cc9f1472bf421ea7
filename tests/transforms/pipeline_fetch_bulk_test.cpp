// pipeline_fetch's bulk fills (issue 29, tma18: Hopper's bulk tensor copies, TMA, for the wgmma
// GEMM's rings; src/analysis/bulk_copies.hpp, codegen/bulk_fills.hpp). The bulk spec
// (examples/tensor/bf16_gemm_wgmma_bulk.json, and its 64-column variant) runs as ordinary copies
// on PoCL in CI; its CUDA code is checked for the mbarrier protocol and compiled by NVRTC for
// sm_90a offline; every refusal's message is asserted; the *Gpu tests run it on the GPU (skipped
// without a driver) at ragged sizes whose rows are on 16 bytes (the bulk copies, with the
// cp.async fallback refused) and at sizes whose rows are not (the fallback).
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "analysis/bulk_copies.hpp"
#include "analysis/preprocess.hpp"
#include "codegen/bulk_fills.hpp"
#include "device_helpers.hpp"
#include "example_files.hpp"
#include "loom/loom.hpp"
#include "runtime/cuda_driver.hpp"
#include "runtime/launch_only_kernel.hpp"
#include "runtime/scoped_env.hpp"
#include "spec/spec_cache.hpp"
#include "test_helpers.hpp"
#include "wgmma_gpu_checks.hpp"

namespace loom {
namespace {

using testing::error_message;
using testing::replaced;
using testing::ScopedEnv;

std::string example_text(const std::string& file) { return testing::example_file_text("tensor", file); }

std::string bulk_text() { return example_text("bf16_gemm_wgmma_bulk.json"); }

// 64-column tiles (m64n64k16): b's 64 x 64 tile is one panel (as in tensorize_wgmma_test.cpp).
std::string narrow_bulk_text() { return testing::with_64_column_tiles(bulk_text()); }

ParameterMap sizes(int64_t m, int64_t n, int64_t l) { return {{"m", m}, {"n", n}, {"l", l}}; }
using Sizes = std::vector<ParameterMap>;

std::string transform_refusal(const std::string& text) {
  return error_message<Error>([&] { read_spec(text); });
}

TEST(PipelineFetchBulk, TagsTheRingsFillsWithTheRing) {
  Spec spec = read_spec(bulk_text());
  int bulk = 0;
  for (const Instruction& instruction : spec.kernel.instructions) {
    std::optional<BulkRing> ring = bulk_ring(instruction);
    if (!ring) continue;
    ++bulk;
    EXPECT_EQ(ring->stages, 4);
    EXPECT_EQ(ring->lowest, 0);
    EXPECT_EQ(ring->loop, "k_outer");
    for (const std::string& tag : instruction.tags) EXPECT_NE(tag.rfind("pipeline_fetch_async_stages_", 0), 0u) << tag;
    std::variant<BulkCopy, std::string> copy = bulk_copy_of(spec.kernel, instruction, true);
    ASSERT_TRUE(std::holds_alternative<BulkCopy>(copy)) << std::get<std::string>(copy);
    const BulkCopy& box = std::get<BulkCopy>(copy);
    if (box.array == "a") {
      EXPECT_EQ(box.box, (std::vector<int64_t>{128, 64}));
      EXPECT_EQ(box.panels, 1);
    } else {
      EXPECT_EQ(box.box, (std::vector<int64_t>{64, 256}));
      EXPECT_EQ(box.panels, 4);  // swizzle128:4096: four 64 x 64 panels, 8 KB apart
      EXPECT_EQ(box.panel_stride, 4096);
    }
  }
  EXPECT_EQ(bulk, 6);  // each ring: two first fills and the loop's
}

// The meaning is the ring's: ordinary copies on PoCL, the zero-filled k tiles, the edges of m and n.
TEST(PipelineFetchBulkOpenCL, NarrowBulkSpecMatchesOnPocl) {
  REQUIRE_OPENCL();
  Spec spec = read_spec(narrow_bulk_text());
  for (const ParameterMap& at : Sizes{sizes(1, 1, 1), sizes(17, 17, 17), sizes(129, 200, 70)}) {
    testing::expect_on_opencl(spec.kernel, spec.reference, at);
  }
}

// The CUDA code: barriers initialized once by work-item 0 and fenced; each fill one expect_tx and
// one cp.async.bulk.tensor.2d per panel by one work-item (a: one box, b: four); the readers wait
// on the slot's parity before the loop's barrier; no cp.async and no cp.async.wait_group; the
// tensor maps are __grid_constant__ parameters; NVRTC compiles it for sm_90a.
TEST(PipelineFetchBulk, FillsBecomeTensorCopiesOnMbarriers) {
  Spec spec = read_spec(bulk_text());
  GeneratedCode code = generate_code(spec.kernel, Target::CUDA);
  std::string source = code.source;
  std::string kernels = testing::kernels_of(source);
  EXPECT_NE(kernels.find("const __grid_constant__ loom_tensor_map loom_tmap_a_fetch"), std::string::npos) << kernels;
  EXPECT_NE(kernels.find("const __grid_constant__ loom_tensor_map loom_tmap_b_fetch"), std::string::npos) << kernels;
  EXPECT_NE(kernels.find("uint64_t *loom_bulk_bar_a_fetch"), std::string::npos) << kernels;  // in dynamic shared
  EXPECT_EQ(testing::count(kernels, "loom_bulk_init("), 8) << kernels;
  EXPECT_EQ(testing::count(kernels, "loom_bulk_init_fence()"), 1) << kernels;
  EXPECT_LT(kernels.find("loom_bulk_init_fence()"), kernels.find("loom_bulk_copy_2d(")) << kernels;
  EXPECT_EQ(testing::count(kernels, "loom_cp_async"), 0) << kernels;
  EXPECT_EQ(testing::count(kernels, "loom_copy_16("), 0) << kernels;
  std::size_t loop = kernels.find("for (int32_t k_outer");
  ASSERT_NE(loop, std::string::npos) << kernels;
  std::size_t stores = kernels.find(" c[", loop);
  ASSERT_NE(stores, std::string::npos) << kernels;
  std::string body = kernels.substr(loop, stores - loop);
  // One loop fill per ring: a's box and b's four panels, each ring one expect_tx.
  EXPECT_EQ(testing::count(body, "loom_bulk_expect("), 2) << body;
  EXPECT_EQ(testing::count(body, "loom_bulk_copy_2d(a_fetch"), 1) << body;
  EXPECT_EQ(testing::count(body, "loom_bulk_copy_2d(b_fetch"), 4) << body;
  EXPECT_EQ(testing::count(body, "loom_bulk_wait("), 2) << body;
  std::size_t barrier = body.find("__syncthreads()");
  ASSERT_NE(barrier, std::string::npos) << body;
  EXPECT_LT(body.find("loom_bulk_wait("), barrier) << body;
  EXPECT_LT(barrier, body.find("loom_wgmma_m64n256k16_bf16_t01(")) << body;
  EXPECT_LT(barrier, body.find("loom_bulk_copy_2d(")) << body;
  EXPECT_EQ(testing::count(body, "loom_wgmma_wait_1()"), 1) << body;
  EXPECT_NE(source.find("mbarrier.init.shared::cta.b64"), std::string::npos);
  EXPECT_NE(source.find("mbarrier.arrive.expect_tx"), std::string::npos);
  EXPECT_NE(source.find("mbarrier.try_wait.parity"), std::string::npos);
  EXPECT_NE(source.find("cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes"), std::string::npos);
  EXPECT_EQ(source.find("cp.async.wait_group"), std::string::npos);
  std::vector<codegen::TensorMapArgument> maps = codegen::tensor_maps_of_source(source, spec.kernel);  // what the runtime reads
  ASSERT_EQ(maps.size(), 2u);
  // In the parameters' order (a launch passing b's map for a's parameter would hang its readers).
  EXPECT_EQ(maps[0].name, "loom_tmap_a_fetch");
  EXPECT_EQ(maps[1].name, "loom_tmap_b_fetch");
  EXPECT_LT(kernels.find("loom_tensor_map loom_tmap_a_fetch"), kernels.find("loom_tensor_map loom_tmap_b_fetch"));
  for (const codegen::TensorMapArgument& map : maps) {
    EXPECT_TRUE(map.swizzle128);
    EXPECT_EQ(map.box.back(), 64);  // one 128-byte row of bf16 a box
    EXPECT_EQ(map.box.front(), map.array == "a" ? 128 : 64);
  }
  LOOM_EXPECT_COMPILES_TO_SM90_CUBIN(source, spec.kernel.name);
}

// The spec level of the compile cache launches kernels without instructions, from which neither
// the cp.async fallback nor (before the records) the tensor maps could be made: bulk kernels skip
// it, and the runtime reads the maps from the source, which a launch-only kernel's launch has.
TEST(PipelineFetchBulk, SkipsTheSpecLevelOfTheCacheAndRecordsItsMapsInTheSource) {
  Spec spec = read_spec(bulk_text());
  GeneratedCode code = generate_code(spec.kernel, Target::CUDA);
  EXPECT_FALSE(detail::cache_entry_of(spec.kernel, spec.reference, code).has_value());
  Spec ring = read_spec(example_text("bf16_gemm_wgmma.json"));
  EXPECT_TRUE(detail::cache_entry_of(ring.kernel, ring.reference, generate_code(ring.kernel, Target::CUDA)).has_value());
  LoopKernel launch_only = detail::launch_only_kernel(preprocess(spec.kernel));
  std::vector<codegen::TensorMapArgument> maps = codegen::tensor_maps_of_source(code.source, launch_only);
  ASSERT_EQ(maps.size(), 2u);
  EXPECT_EQ(maps[0].array, "a");
  EXPECT_EQ(maps[1].array, "b");
  EXPECT_EQ(maps[1].box, (std::vector<int64_t>{64, 64}));
  EXPECT_EQ(maps[1].dtype, DType::BFloat16);
}

TEST(PipelineFetchBulk, NarrowSpecCompilesForSm90a) {
  Spec spec = read_spec(narrow_bulk_text());
  std::string source = generate_code(spec.kernel, Target::CUDA).source;
  // 2 first fills and the loop's, in each of the two nests (groups whose a rows are all in m, and the others).
  EXPECT_EQ(testing::count(testing::kernels_of(source), "loom_bulk_copy_2d(b_fetch"), 6) << source;
  LOOM_EXPECT_COMPILES_TO_SM90_CUBIN(source, spec.kernel.name);
}

TEST(PipelineFetchBulk, RefusesBulkWithoutAsync) {
  std::string text = replaced(bulk_text(), "\"async\": true, \"bulk\": true", "\"bulk\": true");
  std::string message = transform_refusal(text);
  EXPECT_NE(message.find("bulk needs async"), std::string::npos) << message;
}

TEST(PipelineFetchBulk, RefusesATileTheCopyEngineCannotWrite) {
  // A plain row-major tile (no swizzle).
  std::string plain = replaced(bulk_text(), "\"dim_tags\": \"stride:64, swizzle128\"", "\"dim_tags\": \"stride:64, stride:1\"");
  std::string message = transform_refusal(plain);
  EXPECT_NE(message.find("fetch 'a_fetch_rule' cannot be filled by bulk tensor copies: tile 'a_fetch' is not swizzled"),
            std::string::npos)
      << message;
  // b's 256-column rows swizzled without column panels: a box row is 128 bytes.
  std::string wide = replaced(bulk_text(), "\"dim_tags\": \"stride:64, swizzle128:4096\"", "\"dim_tags\": \"stride:256, swizzle128\"");
  message = transform_refusal(wide);
  EXPECT_NE(message.find("fetch 'b_fetch_rule' cannot be filled by bulk tensor copies: tile 'b_fetch' has 256 elements "
                         "along its swizzled axis; a box's row is 128 bytes (64 elements) under the 128-byte swizzle, "
                         "and a wider tile needs column panels (swizzle128:N)"),
            std::string::npos)
      << message;
}

// A fetch whose value is not one element of a global array (here scaled), and one whose index is
// not affine: neither is a box the engine copies.
TEST(PipelineFetchBulk, RefusesAFetchThatIsNotABoxOfAGlobalArray) {
  Spec spec = read_spec(example_text("bf16_gemm_wgmma.json"));
  for (const Instruction& instruction : spec.kernel.instructions) {
    if (instruction.id != "a_fetch_rule_load") continue;
    Instruction doubled = instruction;
    doubled.expression = binary(BinaryOp::Multiply, int_literal(2), instruction.expression);
    std::variant<BulkCopy, std::string> copy = bulk_copy_of(spec.kernel, doubled, true);
    ASSERT_TRUE(std::holds_alternative<std::string>(copy));
    EXPECT_NE(std::get<std::string>(copy).find("not an element of a global array argument"), std::string::npos)
        << std::get<std::string>(copy);
    Instruction squared = instruction;
    squared.expression = map_expr(instruction.expression, [](const ExprPtr& node) -> ExprPtr {
      if (node->kind == ExprKind::Subscript && node->name == "a") {
        return subscript("a", {binary(BinaryOp::Multiply, node->operands[0], node->operands[0]), node->operands[1]});
      }
      return node;
    });
    copy = bulk_copy_of(spec.kernel, squared, true);
    ASSERT_TRUE(std::holds_alternative<std::string>(copy));
    EXPECT_NE(std::get<std::string>(copy).find("not affine"), std::string::npos) << std::get<std::string>(copy);
    // The zero fill's condition must be exactly "inside the array": here it leaves out row 0.
    Instruction narrower = instruction;
    narrower.expression = if_then_else(binary(BinaryOp::LogicalAnd, instruction.expression->operands[0],
                                              binary(BinaryOp::Greater, instruction.expression->operands[1]->operands[0],
                                                     int_literal(0))),
                                       instruction.expression->operands[1], int_literal(0));
    copy = bulk_copy_of(spec.kernel, narrower, true);
    ASSERT_TRUE(std::holds_alternative<std::string>(copy));
    EXPECT_NE(std::get<std::string>(copy).find("is not exactly 'inside the array'"), std::string::npos)
        << std::get<std::string>(copy);
    return;
  }
  FAIL() << "no a_fetch_rule_load";
}

// Sizes whose rows are on 16 bytes (n, l multiples of 8): the bulk copies run (the fallback is
// refused), ragged against every tile: m past 128, n past 256, k past 64.
const Sizes kAligned = {sizes(17, 24, 40), sizes(129, 200, 72), sizes(1000, 1000, 1000), sizes(3000, 5000, 712)};
// Rows not on 16 bytes: the launch runs the cp.async ring instead (same results).
const Sizes kUnaligned = {sizes(1, 1, 1), sizes(17, 17, 17), sizes(129, 129, 129), sizes(3000, 5000, 700),
                          sizes(129, 4093, 72)};

TEST(PipelineFetchBulkGpu, BulkFillsMatchTheReferenceAtRaggedSizes) {
  SKIP_WITHOUT_CUDA();  // only where there is no GPU: bulk copies need sm_90; PoCL runs the meaning in CI
  ScopedEnv no_fallback("LOOM_NO_BULK_FALLBACK", "1");
  testing::expect_wgmma_specs_match_on_cuda({bulk_text(), narrow_bulk_text()}, kAligned);
}

TEST(PipelineFetchBulkGpu, UnalignedRowsFallBackToTheCpAsyncRing) {
  SKIP_WITHOUT_CUDA();  // only where there is no GPU
  testing::expect_wgmma_specs_match_on_cuda({bulk_text()}, kUnaligned);
  ScopedEnv no_fallback("LOOM_NO_BULK_FALLBACK", "1");
  Spec spec = read_spec(bulk_text());
  ScopedEnv nvrtc("LOOM_CUDA_COMPILER", "nvrtc");
  std::string message = error_message<Error>([&] {
    check_against_reference(spec.kernel, spec.reference, sizes(17, 17, 17), CheckOptions{.target = Target::CUDA});
  });
  EXPECT_NE(message.find("LOOM_NO_BULK_FALLBACK=1 refuses the cp.async fallback"), std::string::npos) << message;
}

TEST(PipelineFetchBulkGpu, AWrongAccumulatorMappingFailsTheCheck) {
  SKIP_WITHOUT_CUDA();  // only where there is no GPU
  testing::expect_wrong_accumulator_mapping_fails_on_cuda(bulk_text(), Sizes{sizes(129, 200, 72)});
}

}  // namespace
}  // namespace loom
