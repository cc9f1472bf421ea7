// TF32 wgmma with the operands' roles exchanged (issue 29, tf32 pass; decisions.md): PTX has no
// transposed TF32 wgmma, so b (stored n-major) cannot be wgmma's shared B operand. The spec of
// examples/tensor/tf32_gemm_wgmma.json tensorizes with the inames [j_tile, i_tile, k_tile]
// (c^T = b^T a^T): b's tile, unswizzled and padded, is wgmma's A, loaded into registers (each
// work-item its four elements of the warp's m16n8k8 A fragment), a's swizzled k-major tile is B by
// descriptor. The tile runs as loops on C (operands read from global memory) and PoCL (a 64-row
// variant: the example's 64 x 256 accumulators a work-item crash PoCL); the CUDA code is checked
// for the fragment loads' place (before wgmma.fence) and compiled by NVRTC for sm_90a offline;
// refusals are asserted; the *Gpu tests run it at ragged sizes (skipped without a driver).
#include <gtest/gtest.h>

#include <cmath>

#include "device_helpers.hpp"
#include "example_files.hpp"
#include "loom/loom.hpp"
#include "runtime/cuda_driver.hpp"
#include "runtime/scoped_env.hpp"
#include "test_helpers.hpp"
#include "wgmma_gpu_checks.hpp"

namespace loom {
namespace {

using testing::error_message;
using testing::replaced;

std::string tf32_text() { return testing::example_file_text("tensor", "tf32_gemm_wgmma.json"); }

// 64 rows of c a group (m64n64k8): a's tile 64 x 32, four 16-row passes of its fetch.
std::string narrow_text() {
  std::string text = replaced(tf32_text(), "\"iname\": \"i\", \"inner_length\": 256", "\"iname\": \"i\", \"inner_length\": 64");
  return replaced(text, "m64n256k8", "m64n64k8");
}

// The spec without its fetches: the operands are the global arrays, and k is split without
// round_up (that would read past l).
std::string unfetched_text(const std::string& text) {
  std::string result = text;
  std::size_t from = result.find("    {\"op\": \"add_prefetch\"");
  std::size_t to = result.find("\n  ],\n  \"test\"");
  result.erase(from, to - from);
  result.erase(result.rfind(',', from), 1);
  return replaced(result, ", \"tail_strategy\": \"round_up\"", "");
}

// The spec with b's fetch removed only (a still fetched into its swizzled tile).
std::string b_unfetched_text() {
  std::string text = tf32_text();
  std::size_t from = text.find("    {\"op\": \"add_prefetch\", \"var_name\": \"b\"");
  text.erase(from, text.find('\n', from) + 1 - from);
  for (const char* line : {"    {\"op\": \"split_iname\", \"iname\": \"b_col\"", "    {\"op\": \"split_iname\", \"iname\": \"b_row\"",
                           "    {\"op\": \"join_inames\", \"inames\": [\"b_row_inner\"",
                           "    {\"op\": \"split_iname\", \"iname\": \"b_row_outer\"",
                           "    {\"op\": \"tag_array_axes\", \"ary_names\": \"b_fetch\"",
                           "    {\"op\": \"pipeline_fetch\", \"fetch\": \"b_fetch_rule\""}) {
    std::size_t at = text.find(line);
    EXPECT_NE(at, std::string::npos) << line;
    text.erase(at, text.find('\n', at) + 1 - at);
  }
  text.erase(text.rfind(',', text.find("\n  ],\n  \"test\"")), 1);
  return text;
}

std::string cuda_refusal(const std::string& text) {
  Spec spec = read_spec(text);
  return error_message<Error>([&] { generate_code(spec.kernel, Target::CUDA); });
}

ParameterMap sizes(int64_t m, int64_t n, int64_t l) { return {{"m", m}, {"n", n}, {"l", l}}; }
using Sizes = std::vector<ParameterMap>;

// Ragged sizes: 1, primes, and sizes below one group's tile (256 or 64 rows, 128 columns, 32 k).
const Sizes kRaggedOffline = {sizes(1, 1, 1), sizes(17, 17, 17), sizes(129, 129, 129), sizes(60, 100, 20),
                              sizes(129, 200, 70)};

TEST(TensorizeWgmmaTf32, TheExampleIsTensorizedWithTheRolesExchanged) {
  Spec spec = read_spec(tf32_text());
  bool found = false;
  for (const Instruction& instruction : spec.kernel.instructions) {
    if (instruction.tags.count("tensorize_m64n256k8") == 0) continue;
    found = true;
    EXPECT_EQ(instruction.tags.count("tensorize_tf32"), 1u);
    EXPECT_EQ(instruction.tags.count("tensorize_wgmma"), 1u);
    EXPECT_EQ(instruction.tags.count("tensorize_i_j_tile"), 1u);  // wgmma's M: the columns of c
    EXPECT_EQ(instruction.tags.count("tensorize_j_i_tile"), 1u);
  }
  EXPECT_TRUE(found);
}

// As loops on C, reading the global arrays (the C target cannot run local tiles shared across
// barriers): the exchanged tile computes c, not c^T.
TEST(TensorizeWgmmaTf32, UnfetchedSpecMatchesOnC) {
  Spec spec = read_spec(unfetched_text(tf32_text()));
  for (const ParameterMap& at : kRaggedOffline) {
    SCOPED_TRACE(std::to_string(at.at("m")) + "x" + std::to_string(at.at("n")) + "x" + std::to_string(at.at("l")));
    testing::expect_matches_reference(spec.kernel, spec.reference, at);
  }
}

// As loops on PoCL, with the fetches: the swizzled k-major ring of a, the padded ring of b, the
// zero-filled k tiles, the edges of m and n.
TEST(TensorizeWgmmaTf32OpenCL, NarrowSpecMatchesOnPocl) {
  REQUIRE_OPENCL();
  Spec spec = read_spec(narrow_text());
  for (const ParameterMap& at : kRaggedOffline) {
    SCOPED_TRACE(std::to_string(at.at("m")) + "x" + std::to_string(at.at("n")) + "x" + std::to_string(at.at("l")));
    testing::expect_on_opencl(spec.kernel, spec.reference, at);
  }
}

// SPEC.md's rule with wgmma's TF32: u = 2^-10 (the stored float32 bits are read, which may be
// truncated), rtol = 2 u sqrt(K).
TEST(TensorizeWgmmaTf32, TheCheckAllowsTruncatedTf32) {
  Spec spec = read_spec(unfetched_text(tf32_text()));
  CheckResult result = check_against_reference(spec.kernel, spec.reference, sizes(3, 5, 70));
  ASSERT_TRUE(result.passed) << result.report();
  EXPECT_DOUBLE_EQ(result.outputs[0].rtol, 2 * 0x1p-10 * std::sqrt(70.0)) << result.report();
}

// The k loop of the CUDA code: the 16 elements of the four k steps' A fragments are loaded from
// b's tile before the one wgmma.fence, then four register-A wgmmas with a's descriptor, the commit,
// the refills, the wait; no cvt.rna (the tensor core reads the float32 bits); NVRTC compiles it for
// sm_90a.
TEST(TensorizeWgmmaTf32, BIsLoadedIntoRegistersBeforeTheFence) {
  Spec spec = read_spec(tf32_text());
  std::string source = generate_code(spec.kernel, Target::CUDA).source;
  std::string kernels = testing::kernels_of(source);
  std::size_t loop = kernels.find("for (int32_t k_outer");
  ASSERT_NE(loop, std::string::npos) << kernels;
  std::size_t stores = kernels.find(" c[", loop);
  ASSERT_NE(stores, std::string::npos) << kernels;
  std::string body = kernels.substr(loop, stores - loop);
  const std::string call = "loom_wgmma_m64n256k8_tf32_rs(";
  EXPECT_EQ(testing::count(body, call), 4) << body;
  EXPECT_EQ(testing::count(body, "loom_wgmma_fence()"), 1) << body;
  EXPECT_EQ(testing::count(body, "loom_wgmma_commit()"), 1) << body;
  EXPECT_EQ(testing::count(body, "loom_wgmma_wait()"), 1) << body;
  std::size_t fence = body.find("loom_wgmma_fence()");
  EXPECT_EQ(testing::count(body.substr(0, fence), "] = b_fetch["), 16) << body;
  EXPECT_EQ(testing::count(body.substr(fence), "= b_fetch["), 0) << body;  // no fragment load after the fence
  EXPECT_LT(fence, body.find(call)) << body;
  EXPECT_GT(body.find("loom_wgmma_commit()"), body.rfind(call)) << body;
  EXPECT_LT(body.find("loom_cp_async_16(a_fetch", body.find("loom_wgmma_commit()")), body.find("loom_wgmma_wait()")) << body;
  EXPECT_EQ(testing::count(kernels, "loom_mma_tf32("), 0) << kernels;
  EXPECT_NE(source.find("wgmma.mma_async.sync.aligned.m64n256k8.f32.tf32.tf32 {%0, %1, "), std::string::npos);
  EXPECT_NE(source.find("{%128, %129, %130, %131}, %132, p, 1, 1;"), std::string::npos);
  LOOM_EXPECT_COMPILES_TO_SM90_CUBIN(source, spec.kernel.name);
}

// b's tile is read by ld.shared into wgmma's register A, which ptxas would serialize if the next
// tile's fragment loads rewrote the registers while a group runs (seen offline: wait_group 1 gave
// one HGMMA between waits). So the reader is not asynchronous: both rings fill S - 1 ahead, as
// for mma.sync, and the loop waits for each tile's wgmmas, saying why.
TEST(TensorizeWgmmaTf32, RegisterOperandKeepsTheRingsAheadAndWaitsEachTile) {
  Spec spec = read_spec(tf32_text());
  for (const char* fill : {"a_fetch_rule_load", "b_fetch_rule_load"}) {
    EXPECT_EQ(spec.kernel.find_instruction(fill)->tags.count("pipeline_fetch_ahead_2_of_3"), 1u) << fill;
  }
  std::string kernels = testing::kernels_of(generate_code(spec.kernel, Target::CUDA).source);
  EXPECT_EQ(testing::count(kernels, "loom_wgmma_wait_1()"), 0) << kernels;
  EXPECT_NE(kernels.find("wgmma.wait_group 0 each tile: A comes from registers"), std::string::npos) << kernels;
}

// The register operand must come from a local tile (b read from global memory is refused), and
// whole k tiles hold for it as for a descriptor operand.
TEST(TensorizeWgmmaTf32, RefusesARegisterOperandOutsideSharedMemoryOrPartialAlongK) {
  EXPECT_EQ(cuda_refusal(replaced(b_unfetched_text(), ", \"tail_strategy\": \"round_up\"", "")),
            "tensorize (mm) on CUDA: the operand 'b[32*k_outer + (8*k_step + k_tile), 128*j_group + (64*j_wg + "
            "j_tile)]' is not in local memory; TF32 wgmma loads its A operand into registers from a local tile, or reads it by "
            "descriptor from a swizzled one (add_prefetch it into a local tile)");
  std::string partial_k = replaced(tf32_text(), ", \"tail_strategy\": \"round_up\"", "");
  EXPECT_NE(cuda_refusal(partial_k).find("the tile is partial along k_tile at the edge of the reduction; wgmma cannot "
                                         "mask its operands"),
            std::string::npos);
}

// A swizzled b tile is read by descriptor, which TF32 cannot do n-major; the inames in their
// usual order make b wgmma's B, which is refused the same way. Both messages say the way out.
TEST(TensorizeWgmmaTf32, RefusesBStoredNMajorWhereADescriptorReadsIt) {
  std::string swizzled = replaced(tf32_text(), "\"stride:136, stride:1\"", "\"stride:32, swizzle128:1024\"");
  std::string message = cuda_refusal(swizzled);
  EXPECT_NE(message.find("is stored j_tile-major; TF32 wgmma reads k-major operands only (PTX has no transposed TF32 "
                         "form): store it with k_tile on the swizzled axis, or make it wgmma's A (the first of "
                         "tensorize's inames: exchange them, c^T = b^T a^T) in an unswizzled tile, which TF32 wgmma "
                         "loads from registers"),
            std::string::npos)
      << message;
  std::string usual_order = replaced(tf32_text(), "[\"j_tile\", \"i_tile\", \"k_tile\"], \"shape\": \"m64n256k8\"",
                                     "[\"i_tile\", \"j_tile\", \"k_tile\"], \"shape\": \"m64n64k8\"");
  usual_order = replaced(usual_order, "\"iname\": \"i\", \"inner_length\": 256", "\"iname\": \"i\", \"inner_length\": 64");
  message = cuda_refusal(usual_order);
  EXPECT_NE(message.find("'b_fetch' is not swizzled; wgmma reads tiles in the 128-byte swizzle"), std::string::npos) << message;
  EXPECT_NE(message.find("with TF32: b_fetch as wgmma's A (the first of tensorize's inames) is loaded from registers, any layout"),
            std::string::npos)
      << message;
}

// ---- on the GPU ---------------------------------------------------------------------------------

const Sizes kRagged = {sizes(1, 1, 1), sizes(17, 17, 17), sizes(129, 129, 129), sizes(1000, 1000, 1000),
                       sizes(3000, 5000, 700)};

TEST(TensorizeWgmmaTf32Gpu, GemmsMatchTheReferenceAtRaggedSizes) {
  // Only where there is no GPU: wgmma needs sm_90a. Without one the tiles run as loops on C and
  // PoCL (UnfetchedSpecMatchesOnC, NarrowSpecMatchesOnPocl) and NVRTC compiles the code offline.
  SKIP_WITHOUT_CUDA();
  testing::expect_wgmma_specs_match_on_cuda({tf32_text(), narrow_text()}, kRagged);
}

// The accumulators' rows g and g + 8 swapped: with the roles exchanged these are columns of c;
// every size must fail.
TEST(TensorizeWgmmaTf32Gpu, AWrongAccumulatorMappingFailsTheCheck) {
  SKIP_WITHOUT_CUDA();  // only where there is no GPU: the accumulator mapping exists only in wgmma code
  testing::expect_wrong_accumulator_mapping_fails_on_cuda(
      tf32_text(), Sizes{sizes(17, 17, 17), sizes(129, 129, 129), sizes(1000, 1000, 1000)});
}

}  // namespace
}  // namespace loom
