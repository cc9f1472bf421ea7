// wgmma tiles (issue 29: tensorize's m64n<N>k16 / m64n<N>k8 shapes, Hopper's warpgroup MMA,
// codegen/tensor_cores.cpp). The spec of examples/tensor/bf16_gemm_wgmma.json (two warpgroups of
// 128 work-items, each sharing a 64 x 256 tile, operands in 128-byte-swizzled cp.async rings) and
// a 64-column variant run as loops on PoCL in CI; its CUDA code is checked for the instructions and
// their order and compiled by NVRTC for sm_90a offline; every refusal's message is asserted; the
// *Gpu tests run it on the GPU (skipped without a driver) at ragged sizes, with a deliberately
// wrong accumulator mapping that must fail the check.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

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

std::string example_text(const std::string& file) { return testing::example_file_text("tensor", file); }

std::string wgmma_text() { return example_text("bf16_gemm_wgmma.json"); }

// The spec with 64-column tiles (m64n64k16): a's fetch as before, b's 64 x 64 tile one column block.
std::string narrow_text() { return testing::with_64_column_tiles(wgmma_text()); }

// The generated CUDA for `text`, or the message code generation refuses it with.
std::string cuda_refusal(const std::string& text) {
  Spec spec = read_spec(text);
  return error_message<Error>([&] { generate_code(spec.kernel, Target::CUDA); });
}

ParameterMap cube(int64_t size) { return {{"m", size}, {"n", size}, {"l", size}}; }
using Sizes = std::vector<ParameterMap>;

TEST(TensorizeWgmma, MarksTheInstructionWithTheWarpgroupShape) {
  Spec spec = read_spec(wgmma_text());
  bool found = false;
  for (const Instruction& instruction : spec.kernel.instructions) {
    if (instruction.tags.count("tensorize_m64n256k16") == 0) continue;
    found = true;
    EXPECT_EQ(instruction.tags.count("tensorize_wgmma"), 1u);
  }
  EXPECT_TRUE(found);
}

// As loops on PoCL: the swizzled rings, the zero-filled k tiles, the edges of m and n.
TEST(TensorizeWgmmaOpenCL, NarrowSpecMatchesOnPocl) {
  REQUIRE_OPENCL();
  Spec spec = read_spec(narrow_text());
  for (const ParameterMap& sizes : Sizes{cube(1), cube(17), {{"m", 129}, {"n", 200}, {"l", 70}}}) {
    testing::expect_on_opencl(spec.kernel, spec.reference, sizes);
  }
}

// The 256-column example itself: its 64 x 256 accumulator tile is 64 KB of private memory a
// work-item, 16 MB for the group of 256, more than a default 8 MB thread stack, where PoCL keeps
// private arrays; it crashed the process with SIGSEGV until loom raised the default stack of the
// threads PoCL creates (opencl_device.cpp, give_pocl_workers_room_for_private_arrays).
TEST(TensorizeWgmmaOpenCL, WideSpecWithItsLargePrivateTileMatchesOnPocl) {
  REQUIRE_OPENCL();
  Spec spec = read_spec(wgmma_text());
  for (const ParameterMap& sizes : Sizes{cube(17), {{"m", 129}, {"n", 300}, {"l", 70}}}) {
    testing::expect_on_opencl(spec.kernel, spec.reference, sizes);
  }
}

// The k loop of the CUDA code: per k tile, the ring's cp.async wait, the proxy fence and the
// barrier, then one wgmma.fence, the four k steps' wgmmas by descriptor, the commit, the ring's
// refills, the wait; the tiles 1024-byte aligned; NVRTC compiles it for sm_90a.
TEST(TensorizeWgmma, TilesBecomeOrderedWgmmasThatCompileForSm90a) {
  Spec spec = read_spec(wgmma_text());
  std::string source = generate_code(spec.kernel, Target::CUDA).source;
  std::string kernels = testing::kernels_of(source);
  std::size_t loop = kernels.find("for (int32_t k_outer");
  ASSERT_NE(loop, std::string::npos) << kernels;
  std::size_t stores = kernels.find(" c[", loop);
  ASSERT_NE(stores, std::string::npos) << kernels;
  std::string body = kernels.substr(loop, stores - loop);
  EXPECT_EQ(testing::count(body, "loom_wgmma_m64n256k16_bf16_t01("), 4) << body;
  EXPECT_EQ(testing::count(body, "loom_wgmma_fence()"), 1) << body;
  EXPECT_EQ(testing::count(body, "loom_wgmma_commit()"), 1) << body;
  EXPECT_EQ(testing::count(body, "loom_wgmma_wait()"), 1) << body;
  EXPECT_LT(body.find("loom_wgmma_fence()"), body.find("loom_wgmma_m64n256k16_bf16_t01(")) << body;
  EXPECT_GT(body.find("loom_wgmma_commit()"), body.rfind("loom_wgmma_m64n256k16_bf16_t01(")) << body;
  // The ring's refills (cp.async into slot (k_outer + 2) % 4) are issued between the commit and the
  // wait, while the tensor cores work on slot k_outer % 4. The wait in the loop keeps this tile's
  // group in flight (wait_group 1); the one after the loop waits for all.
  EXPECT_EQ(testing::count(body, "loom_wgmma_wait_1()"), 1) << body;
  std::size_t commit = body.find("loom_wgmma_commit()"), wait = body.find("loom_wgmma_wait_1()");
  std::size_t refill = body.find("loom_cp_async_16(b_fetch", commit);
  EXPECT_LT(refill, wait) << body;
  EXPECT_EQ(body.find("loom_cp_async_16(", body.find("__syncthreads()")), body.find("loom_cp_async_16(", commit)) << body;
  std::size_t barrier = body.find("__syncthreads()");
  ASSERT_NE(barrier, std::string::npos) << body;
  std::size_t fence = body.rfind("loom_fence_proxy_async()", barrier);
  ASSERT_NE(fence, std::string::npos) << body;
  EXPECT_GT(fence, body.rfind("loom_cp_async_wait_", barrier)) << body;
  EXPECT_NE(kernels.find("__align__(1024) unsigned char loom_dynamic_shared"), std::string::npos) << kernels;
  EXPECT_NE(source.find("wgmma.mma_async.sync.aligned.m64n256k16.f32.bf16.bf16"), std::string::npos);
  EXPECT_NE(source.find("fence.proxy.async.shared::cta"), std::string::npos);
  LOOM_EXPECT_COMPILES_TO_SM90_CUBIN(source, spec.kernel.name);
}

std::string spec_with_stages(const std::string& text, int stages) {
  std::string with = text;
  for (const char* fetch : {"a_fetch_rule", "b_fetch_rule"}) {
    std::string call = std::string("{\"op\": \"pipeline_fetch\", \"fetch\": \"") + fetch + "\", \"loop\": \"k_outer\", \"stages\": ";
    std::size_t at = with.find(call);
    EXPECT_NE(at, std::string::npos) << call;
    if (at == std::string::npos) return with;
    at += call.size();
    with.replace(at, with.find(',', at) - at, std::to_string(stages));
  }
  return with;
}

// The text of the CUDA kernel's full-group k loop from the loop to the stores of c, split at the
// loop's end (the first statement after it: the wait that ends every group).
struct KLoop {
  std::string before, loop, after;
};
KLoop k_loop_of(const std::string& spec_text) {
  Spec spec = read_spec(spec_text);
  std::string kernels = testing::kernels_of(generate_code(spec.kernel, Target::CUDA).source);
  std::size_t loop = kernels.find("for (int32_t k_outer");
  std::size_t stores = kernels.find(" c[", loop);
  EXPECT_NE(stores, std::string::npos) << kernels;
  std::string body = kernels.substr(loop, stores - loop);
  std::size_t end = body.find("loom_wgmma_wait()");
  if (end == std::string::npos) return {kernels.substr(0, loop), body, ""};
  return {kernels.substr(0, loop), body.substr(0, end), body.substr(end)};
}

// Slot reuse with asynchronous readers (decisions.md): wgmma reads its tiles after it issues, so a
// ring of S >= 4 read by wgmmas by descriptor is filled S - 2 tiles ahead (slot (k_outer - 2) % S,
// free once every warpgroup waited for that tile's group before this barrier), the loop waits with
// wgmma.wait_group 1 (one tile's group in flight over the next tile's copies, fence and barrier) and
// cp.async.wait_group S - 3, and wait_group 0 comes once after the loop, before the stores read the
// accumulators. 4 stages (the BF16 example) and 5 (the 64-column variant); NVRTC compiles both for
// sm_90a.
TEST(TensorizeWgmma, RingsReadByWgmmaAreFilledTwoTilesBehindWithOneGroupInFlight) {
  for (int stages : {4, 5}) {
    SCOPED_TRACE(stages);
    std::string text = spec_with_stages(stages == 4 ? wgmma_text() : narrow_text(), stages);
    std::string pin = stages == 4 ? "loom_wgmma_pin_128(" : "loom_wgmma_pin_32(";
    Spec spec = read_spec(text);
    std::string ahead = "pipeline_fetch_ahead_" + std::to_string(stages - 2) + "_of_" + std::to_string(stages);
    EXPECT_EQ(spec.kernel.find_instruction("a_fetch_rule_load")->tags.count(ahead), 1u);
    EXPECT_EQ(spec.kernel.find_instruction("b_fetch_rule_load")->tags.count(ahead), 1u);
    // S - 2 tiles before the loop.
    std::string last_first = "a_fetch_rule_first_" + std::to_string(stages - 3);
    EXPECT_NE(spec.kernel.find_instruction(last_first), nullptr) << last_first;
    EXPECT_EQ(spec.kernel.find_instruction("a_fetch_rule_first_" + std::to_string(stages - 2)), nullptr);
    KLoop k = k_loop_of(text);
    std::string refill_slot = "loom_mod_int32_t(k_outer + " + std::to_string(stages - 2) + ", " + std::to_string(stages) + ")";
    std::string old_slot = "loom_mod_int32_t(k_outer + " + std::to_string(stages - 1) + ", " + std::to_string(stages) + ")";
    EXPECT_GT(testing::count(k.loop, "loom_cp_async_16(a_fetch + (" + refill_slot), 0) << k.loop;
    EXPECT_GT(testing::count(k.loop, "loom_cp_async_16(b_fetch + (" + refill_slot), 0) << k.loop;
    EXPECT_EQ(testing::count(k.loop, old_slot), 0) << k.loop;
    EXPECT_EQ(testing::count(k.loop, "loom_cp_async_wait_" + std::to_string(stages - 3) + "()"), 1) << k.loop;
    EXPECT_EQ(testing::count(k.loop, "loom_wgmma_wait_1()"), 1) << k.loop;
    EXPECT_EQ(testing::count(k.loop, "loom_wgmma_wait()"), 0) << k.loop;
    EXPECT_GT(k.loop.find("loom_wgmma_wait_1()"), k.loop.rfind("loom_cp_async_16(")) << k.loop;
    EXPECT_GT(k.loop.find("loom_wgmma_wait_1()"), k.loop.find("loom_wgmma_commit()")) << k.loop;
    // After the loop: wait_group 0, then the pins, then the stores.
    EXPECT_EQ(testing::count(k.after, "loom_wgmma_wait()"), 1) << k.after;
    EXPECT_LT(k.after.find("loom_wgmma_wait()"), k.after.find(pin)) << k.after;
    EXPECT_EQ(testing::count(k.after, "loom_wgmma_m64n"), 0) << k.after;
    // Pinned after the zeroing, before the loop: one definition of the accumulators reaches the
    // pipeline (else ptxas may serialize the wgmmas: its C7515 note, seen with a 3-stage ring).
    EXPECT_GT(k.before.rfind(pin), k.before.rfind("= 0.0f;")) << k.before;
    std::string source = generate_code(spec.kernel, Target::CUDA).source;
    EXPECT_NE(source.find("wgmma.wait_group.sync.aligned 1;"), std::string::npos);
    LOOM_EXPECT_COMPILES_TO_SM90_CUBIN(source, spec.kernel.name);
  }
}

// A ring of 2 has no slot for a tile still being read, and one of 3 would keep its loads only one
// tile ahead (measured slower, decisions.md): both fill S - 1 ahead as before, and the loop waits
// for each tile's wgmmas (a comment in the loop says why). The 3-stage example is such a ring.
TEST(TensorizeWgmma, RingsOfTwoOrThreeWaitForEachTilesWgmmas) {
  for (int stages : {2, 3}) {
    SCOPED_TRACE(stages);
    std::string text = spec_with_stages(wgmma_text(), stages);
    Spec spec = read_spec(text);
    std::string ahead = "pipeline_fetch_ahead_" + std::to_string(stages - 1) + "_of_" + std::to_string(stages);
    EXPECT_EQ(spec.kernel.find_instruction("a_fetch_rule_load")->tags.count(ahead), 1u);
    KLoop k = k_loop_of(text);
    EXPECT_EQ(testing::count(k.loop, "loom_wgmma_wait_1()"), 0) << k.loop;
    EXPECT_EQ(testing::count(k.loop, "wgmma.wait_group 0 each tile: 'a_fetch' is refilled in a slot"), 1) << k.loop;
    EXPECT_EQ(testing::count(k.loop, "loom_cp_async_wait_" + std::to_string(stages - 2) + "()"), 1) << k.loop;
    EXPECT_NE(k.after.find("loom_wgmma_pin_128("), std::string::npos) << k.after;  // the loop's own wait
    EXPECT_EQ(testing::count(k.after, "loom_wgmma_wait()"), 1) << k.after;
  }
}

// The ring filled S - 2 ahead, as loops on PoCL against the untransformed kernel: 4 and 5 stages
// of the 64-column variant, at one element, 17, below one k tile, a k tail, and 16 k tiles (the
// ring turns three times or more). (The C target refuses local tiles shared across barriers,
// DESIGN.md §5: the ring does not exist there.)
TEST(TensorizeWgmmaOpenCL, RingsFilledTwoTilesBehindMatchOnPocl) {
  REQUIRE_OPENCL();
  for (int stages : {4, 5}) {
    SCOPED_TRACE(stages);
    Spec spec = read_spec(spec_with_stages(narrow_text(), stages));
    for (const ParameterMap& sizes : Sizes{cube(1), cube(17), {{"m", 60}, {"n", 40}, {"l", 50}},
                                           {{"m", 129}, {"n", 70}, {"l", 200}}, {{"m", 70}, {"n", 65}, {"l", 1000}}}) {
      testing::expect_on_opencl(spec.kernel, spec.reference, sizes);
    }
  }
}

// The ring fills of the k loop (decisions.md, "the fill code of the wgmma GEMM"): the swizzled
// tiles' offsets are multiples of 8 elements and their starts on 1024 bytes, so no copy tests its
// shared address; a row of a or b is on 16 bytes where the array's start is and l (a) or n (b) is
// a multiple of 8, which is tested instead of each copy's global address.
TEST(TensorizeWgmma, RingFillsTestAlignmentOncePerArrayNotPerCopy) {
  // The per-copy form, without the whole-tile split (whole_tile_fills_test.cpp tests the split).
  testing::ScopedEnv unsplit("LOOM_UNIFORM_FETCHES", "0");
  Spec spec = read_spec(wgmma_text());
  std::string kernels = testing::kernels_of(generate_code(spec.kernel, Target::CUDA).source);
  std::size_t loop = kernels.find("for (int32_t k_outer");
  ASSERT_NE(loop, std::string::npos) << kernels;
  std::string body = kernels.substr(loop, kernels.find(" c[", loop) - loop);
  EXPECT_EQ(testing::count(body, "loom_cp_async_16("), 12) << body;
  EXPECT_EQ(testing::count(body, "loom_aligned_16(a_fetch"), 0) << body;
  EXPECT_EQ(testing::count(body, "loom_aligned_16(b_fetch"), 0) << body;
  EXPECT_EQ(testing::count(body, "loom_aligned_16(a +"), 0) << body;
  EXPECT_EQ(testing::count(body, "loom_aligned_16(b +"), 0) << body;
  EXPECT_EQ(testing::count(body, "(loom_aligned_16(a) && l % 8 == 0)"), 4) << body;
  EXPECT_EQ(testing::count(body, "(loom_aligned_16(b) && n % 8 == 0)"), 8) << body;
}

TEST(TensorizeWgmma, WgmmaCodeIsForSm90aOnly) {
  EXPECT_EQ(detail::architecture_for_source("wgmma.mma_async.sync.aligned", "sm_90"), "sm_90a");
  EXPECT_EQ(detail::architecture_for_source("mma.sync.aligned", "sm_90"), "sm_90");
  EXPECT_EQ(detail::architecture_for_source("mma.sync.aligned", "sm_80"), "sm_80");
  EXPECT_EQ(error_message<Error>([] { detail::architecture_for_source("wgmma.mma_async.sync.aligned", "sm_80"); }),
            "the kernel uses wgmma (a tensorize shape m64n<N>k16 or m64n<N>k8), which only sm_90a runs (Hopper: H100, "
            "H200); this device is sm_80 (tensorize with m16n8k16 or m16n8k8 for mma.sync instead)");
}

TEST(TensorizeWgmma, RefusesShapesAndTypesItHasNoInstructionFor) {
  EXPECT_EQ(error_message<Error>([] { read_spec(replaced(wgmma_text(), "m64n256k16", "m64n250k16")); }),
            "/transforms/6: tensorize: unknown shape 'm64n250k16' (m16n8k16 for float16 or bfloat16 operands, m16n8k8 for float32 "
            "operands as TF32; on sm_90a m64n<N>k16 and m64n<N>k8, N a multiple of 8 up to 256)");
  std::string k8 = replaced(wgmma_text(), "\"k1\", \"inner_length\": 16", "\"k1\", \"inner_length\": 8");
  EXPECT_EQ(error_message<Error>([&] { read_spec(replaced(k8, "m64n256k16", "m64n256k8")); }),
            "/transforms/6: tensorize(mm): the operands are bfloat16 and bfloat16; m64n256k8 multiplies float32 as TF32 (float16 "
            "and bfloat16: m64n256k16)");
}

TEST(TensorizeWgmma, RefusesOperandTilesWgmmaCannotRead) {
  std::string unswizzled = replaced(wgmma_text(), "\"stride:64, swizzle128\"", "\"stride:64, stride:1\"");
  EXPECT_EQ(cuda_refusal(unswizzled),
            "tensorize (mm) on CUDA: 'a_fetch' is not swizzled; wgmma reads tiles in the 128-byte swizzle "
            "(tag_array_axes with swizzle128 on the contiguous axis, e.g. \"stride:64, swizzle128\")");
  std::string padded = replaced(wgmma_text(), "\"stride:64, swizzle128\"", "\"stride:72, swizzle128\"");
  EXPECT_EQ(cuda_refusal(padded),
            "tensorize (mm) on CUDA: consecutive i_tile of the operand 'a_fetch[k_outer % 4, i_tile + 64*i_wg, "
            "k_tile + 16*k_step]' are 72 elements apart; a k-major wgmma operand has its rows 128 bytes (64 bfloat16) "
            "apart");
  std::string one_block = replaced(wgmma_text(), "\"stride:64, swizzle128:4096\"", "\"stride:64, swizzle128\"");
  EXPECT_NE(cuda_refusal(one_block).find("are wider than one 128-byte row; store 'b_fetch' in column blocks "
                                         "(swizzle128:N, N a multiple of 512)"),
            std::string::npos);
  std::string partial_k = replaced(wgmma_text(), ", \"tail_strategy\": \"round_up\"", "");
  EXPECT_NE(cuda_refusal(partial_k).find("the tile is partial along k_tile at the edge of the reduction; wgmma cannot "
                                         "mask its operands"),
            std::string::npos);
}

// Without the fetches the operands are global arrays, which wgmma cannot read by descriptor (the k
// split guarded: a round_up split would read past l).
TEST(TensorizeWgmma, RefusesOperandsOutsideSharedMemory) {
  std::string text = wgmma_text();
  std::size_t from = text.find("    {\"op\": \"add_prefetch\"");
  std::size_t to = text.find("\n  ],\n  \"test\"");
  text.erase(from, to - from);
  text.erase(text.rfind(',', from), 1);
  std::string message = cuda_refusal(replaced(text, ", \"tail_strategy\": \"round_up\"", ""));
  EXPECT_NE(message.find("is not in local memory; wgmma reads its operands from shared memory by descriptor "
                         "(add_prefetch it into a local tile)"),
            std::string::npos)
      << message;
}

// TF32 wgmma has no transposed form: b stored n-major (as b is) is refused.
TEST(TensorizeWgmma, RefusesATf32OperandStoredNMajor) {
  std::string text = replaced(wgmma_text(), "\"bfloat16\"", "\"float32\"");
  text = replaced(text, "\"iname\": \"k\", \"inner_length\": 64", "\"iname\": \"k\", \"inner_length\": 32");
  text = replaced(text, "\"k1\", \"inner_length\": 16", "\"k1\", \"inner_length\": 8");
  text = replaced(text, "\"shape\": \"m64n256k16\"", "\"shape\": \"m64n256k8\", \"allow_tf32\": true");
  text = replaced(text, "\"a_col\", \"inner_length\": 8", "\"a_col\", \"inner_length\": 4");
  text = replaced(text, "\"b_col\", \"inner_length\": 8", "\"b_col\", \"inner_length\": 4");
  text = replaced(text, "\"b_row\", \"inner_length\": 4", "\"b_row\", \"inner_length\": 2");
  text = replaced(text, "\"stride:64, swizzle128\"", "\"stride:32, swizzle128\"");
  text = replaced(text, "\"stride:64, swizzle128:4096\"", "\"stride:32, swizzle128:1024\"");
  EXPECT_NE(cuda_refusal(text).find("is stored j_tile-major; TF32 wgmma reads k-major operands only (PTX has no "
                                    "transposed TF32 form): store it with k_tile on the swizzled axis"),
            std::string::npos);
}

// Warps of 32 along l.0 (the fetches' lanes), the two warpgroups' i_wg along l.1: a warpgroup's 128
// work-items then span four values of i_wg, so they do not share one tile.
TEST(TensorizeWgmma, RefusesATileTheWarpgroupCannotShare) {
  std::string text = replaced(wgmma_text(),
                              "    {\"op\": \"split_iname\", \"iname\": \"a_row\", \"inner_length\": 16},\n"
                              "    {\"op\": \"join_inames\", \"inames\": [\"a_row_inner\", \"a_col_outer\"], \"new_iname\": \"a_lane\", \"tag\": \"l.0\"},\n"
                              "    {\"op\": \"split_iname\", \"iname\": \"a_row_outer\", \"inner_length\": 2, \"inner_tag\": \"l.1\", \"outer_tag\": \"unr\"},\n",
                              "    {\"op\": \"split_iname\", \"iname\": \"a_row\", \"inner_length\": 4},\n"
                              "    {\"op\": \"join_inames\", \"inames\": [\"a_row_inner\", \"a_col_outer\"], \"new_iname\": \"a_lane\", \"tag\": \"l.0\"},\n"
                              "    {\"op\": \"split_iname\", \"iname\": \"a_row_outer\", \"inner_length\": 2, \"inner_tag\": \"l.1\"},\n"
                              "    {\"op\": \"split_iname\", \"iname\": \"a_row_outer_outer\", \"inner_length\": 2, \"inner_tag\": \"l.2\", \"outer_tag\": \"unr\"},\n");
  text = replaced(text,
                  "    {\"op\": \"split_iname\", \"iname\": \"b_row\", \"inner_length\": 4},\n"
                  "    {\"op\": \"join_inames\", \"inames\": [\"b_row_inner\", \"b_col_outer\"], \"new_iname\": \"b_lane\", \"tag\": \"l.0\"},\n"
                  "    {\"op\": \"split_iname\", \"iname\": \"b_row_outer\", \"inner_length\": 2, \"inner_tag\": \"l.1\", \"outer_tag\": \"unr\"},\n",
                  "    {\"op\": \"tag_inames\", \"iname_to_tag\": {\"b_col_outer\": \"l.0\"}},\n"
                  "    {\"op\": \"split_iname\", \"iname\": \"b_row\", \"inner_length\": 2, \"inner_tag\": \"l.1\"},\n"
                  "    {\"op\": \"split_iname\", \"iname\": \"b_row_outer\", \"inner_length\": 2, \"inner_tag\": \"l.2\", \"outer_tag\": \"unr\"},\n");
  EXPECT_EQ(cuda_refusal(text),
            "tensorize (mm) on CUDA: it is within 'i_wg' (l.1), whose value changes inside a warpgroup; the 128 "
            "work-items of a warpgroup (4 consecutive warps) share one wgmma tile, so its local inames must be "
            "constant over 128 consecutive work-items");
}

// ---- on the GPU ---------------------------------------------------------------------------------

const Sizes kRagged = {cube(1), cube(17), cube(129), cube(1000), {{"m", 3000}, {"n", 5000}, {"l", 700}}};

// The BF16 spec, its 64-column variant, the FP16 spec (same schedule, float16 operands) and the
// 3-stage BF16 spec.
TEST(TensorizeWgmmaGpu, GemmsMatchTheReferenceAtRaggedSizes) {
  // Only where there is no GPU: wgmma needs sm_90a. Without one the tiles run as loops on PoCL
  // (TensorizeWgmmaOpenCL.NarrowSpecMatchesOnPocl) and NVRTC compiles the wgmma code offline.
  SKIP_WITHOUT_CUDA();
  testing::expect_wgmma_specs_match_on_cuda({wgmma_text(), narrow_text(), example_text("f16_gemm_wgmma.json"),
                                             example_text("bf16_gemm_wgmma_s3.json")},
                                            kRagged);
}

// The accumulators' rows g and g + 8 swapped: every size must fail.
TEST(TensorizeWgmmaGpu, AWrongAccumulatorMappingFailsTheCheck) {
  SKIP_WITHOUT_CUDA();  // only where there is no GPU: the accumulator mapping exists only in wgmma code
  testing::expect_wrong_accumulator_mapping_fails_on_cuda(wgmma_text(), Sizes{cube(17), cube(129), cube(1000)});
}

}  // namespace
}  // namespace loom
