// pipeline_fetch (issue 15): a fetch into a local tile software-pipelined through registers by one
// iteration of the k loop. The pipelined tiled matmuls run on OpenCL (PoCL) against their
// untransformed kernels at sizes that do and do not divide the tiles (the last tile, a single
// tile, a partial one); the code's shape (loads of the next tile before the products, stores after
// them, barriers around the stores) and every refusal's message are asserted.
#include <gtest/gtest.h>

#include "device_helpers.hpp"
#include "loom/loom.hpp"
#include "test_helpers.hpp"
#include "test_kernels.hpp"

namespace loom {
namespace {

using testing::count;
using testing::error_message;
using testing::expect_on_opencl;
using testing::kernels_of;

using test_kernels::matmul;

// loopy's 16x16 tiled matmul: a and b prefetched per k tile.
LoopKernel tiled_matmul() {
  LoopKernel kernel = split_iname(matmul(), "i", 16, {.outer_tag = "g.0", .inner_tag = "l.1"});
  kernel = split_iname(kernel, "j", 16, {.outer_tag = "g.1", .inner_tag = "l.0"});
  kernel = split_iname(kernel, "k", 16);
  std::vector<std::string> outer{"i_outer", "j_outer", "k_outer"};
  kernel = add_prefetch(kernel, "a", {.sweep_inames = {"k_inner", "i_inner"}, .default_tag = "l.auto", .fetch_outer_inames = outer});
  return add_prefetch(kernel, "b", {.sweep_inames = {"j_inner", "k_inner"}, .default_tag = "l.auto", .fetch_outer_inames = outer});
}

LoopKernel pipelined(const LoopKernel& kernel) {
  return pipeline_fetch(pipeline_fetch(kernel, "a_fetch_rule", "k_outer"), "b_fetch_rule", "k_outer");
}

TEST(PipelineFetchTest, TheFetchBecomesAFirstTileALoadAndAStore) {
  LoopKernel kernel = pipeline_fetch(tiled_matmul(), "a_fetch_rule", "k_outer");
  EXPECT_EQ(kernel.find_instruction("a_fetch_rule"), nullptr);
  const Instruction* first = kernel.find_instruction("a_fetch_rule_first");
  const Instruction* load = kernel.find_instruction("a_fetch_rule_load");
  const Instruction* store = kernel.find_instruction("a_fetch_rule_store");
  ASSERT_NE(first, nullptr);
  ASSERT_NE(load, nullptr);
  ASSERT_NE(store, nullptr);
  EXPECT_EQ(first->within_inames.count("k_outer"), 0u);
  EXPECT_EQ(load->within_inames.count("k_outer"), 1u);
  EXPECT_EQ(to_string(load->assignees.front()), "a_fetch_next");
  EXPECT_NE(to_string(load->expression).find("16*(k_outer + 1)"), std::string::npos) << to_string(load->expression);
  EXPECT_EQ(to_string(store->expression), "a_fetch_next");
  EXPECT_EQ(store->depends_on.count("a_fetch_rule_load"), 1u);
  EXPECT_EQ(store->depends_on.count("insn"), 1u);
  const Instruction* product = kernel.find_instruction("insn");
  EXPECT_EQ(product->depends_on.count("a_fetch_rule_first"), 1u);
  EXPECT_EQ(product->depends_on.count("a_fetch_rule_load"), 1u);
  const Temporary* registers = kernel.find_temporary("a_fetch_next");
  ASSERT_NE(registers, nullptr);
  EXPECT_EQ(registers->address_space, AddressSpace::Private);
}

// In the k loop: the next tile's loads, the products, a barrier, the stores (and the barrier at
// the top of the loop before the next products); the first tile before the loop.
TEST(PipelineFetchTest, LoadsComeBeforeTheProductsAndStoresAfterThem) {
  std::string source = kernels_of(generate_code(pipelined(tiled_matmul()), Target::OpenCL).source);
  std::size_t loop = source.find("for (int32_t k_outer");
  ASSERT_NE(loop, std::string::npos) << source;
  EXPECT_LT(source.find("a_fetch["), loop) << source;  // the first tile
  std::size_t load = source.find("a_fetch_next = ", loop);
  std::size_t product = source.find("for (int32_t k_inner", loop);
  std::size_t store = source.find("= a_fetch_next;", loop);
  ASSERT_NE(load, std::string::npos) << source;
  ASSERT_NE(product, std::string::npos) << source;
  ASSERT_NE(store, std::string::npos) << source;
  EXPECT_LT(load, product) << source;
  EXPECT_LT(product, store) << source;
  std::size_t barrier_before_stores = source.rfind("barrier(CLK_LOCAL_MEM_FENCE)", store);
  EXPECT_GT(barrier_before_stores, product) << source;
  EXPECT_EQ(count(source.substr(loop), "barrier(CLK_LOCAL_MEM_FENCE)"), 2) << source;
}

TEST(PipelineFetchOpenCL, PipelinedTiledMatmulMatchesTheReference) {
  REQUIRE_OPENCL();
  for (int64_t n : {1, 15, 16, 17, 48, 50}) expect_on_opencl(pipelined(tiled_matmul()), matmul(), {{"n", n}});
}

// A k tile wider than the fetch's l.0 axis: each work-item copies two elements per row in an
// ilp loop, so the next tile's registers form an array, each copy guarded where the next tile
// is partial. (Executed under oclgrind by CliTest.GeneratedOpenCLStaysInBoundsUnderOclgrind:
// PoCL 3.1 corrupts its heap running it, docs/decisions.md "Pipelined fetches".)
TEST(PipelineFetchTest, TileWiderThanTheWorkGroupUsesSeveralRegisters) {
  LoopKernel kernel = split_iname(matmul(), "i", 8, {.outer_tag = "g.0", .inner_tag = "l.1"});
  kernel = split_iname(kernel, "j", 8, {.outer_tag = "g.1", .inner_tag = "l.0"});
  kernel = split_iname(kernel, "k", 16, {.slabs = {0, 1}});
  std::vector<std::string> outer{"i_outer", "j_outer", "k_outer"};
  kernel = add_prefetch(kernel, "a", {.sweep_inames = {"k_inner", "i_inner"}, .default_tag = "l.auto", .fetch_outer_inames = outer});
  kernel = add_prefetch(kernel, "b", {.sweep_inames = {"j_inner", "k_inner"}, .default_tag = "l.auto", .fetch_outer_inames = outer});
  std::string source = kernels_of(generate_code(pipelined(kernel), Target::OpenCL).source);
  EXPECT_NE(source.find("float a_fetch_next[2] = {0};"), std::string::npos) << source;
  EXPECT_NE(source.find("if (n >= a_dim_1_inner + 16 * k_outer + 25)"), std::string::npos) << source;
}

TEST(PipelineFetchTest, RegistryCallMatchesTheTypedCall) {
  LoopKernel typed = pipeline_fetch(tiled_matmul(), "a_fetch_rule", "k_outer", {.register_name = "next_a"});
  LoopKernel named = apply_transform(tiled_matmul(), {"pipeline_fetch",
                                                      {{"fetch", std::string("id:a_fetch_rule")},
                                                       {"loop", std::string("k_outer")},
                                                       {"register_name", std::string("next_a")}}});
  EXPECT_EQ(to_string(named), to_string(typed));
  EXPECT_NE(named.find_temporary("next_a"), nullptr);
}

TEST(PipelineFetchTest, RefusalsNameWhatIsWrong) {
  LoopKernel kernel = tiled_matmul();
  auto refused = [&](const LoopKernel& input, const std::string& fetch, const std::string& loop) {
    return error_message<Error>([&] { pipeline_fetch(input, fetch, loop); });
  };
  std::string message = refused(kernel, "a_fetch", "k_outer");
  EXPECT_NE(message.find("fetch 'a_fetch' matches no instruction"), std::string::npos) << message;
  message = refused(kernel, "id:*_fetch_rule", "k_outer");
  EXPECT_NE(message.find("matches 2 instructions (b_fetch_rule, a_fetch_rule)"), std::string::npos) << message;
  message = refused(kernel, "a_fetch_rule", "k_outr");
  EXPECT_NE(message.find("unknown iname 'k_outr'"), std::string::npos) << message;
  message = refused(kernel, "a_fetch_rule", "i_outer");
  EXPECT_NE(message.find("loop 'i_outer' is tagged g.0"), std::string::npos) << message;
  message = refused(kernel, "insn", "k_outer");
  EXPECT_NE(message.find("writes 'c', which is not a local temporary"), std::string::npos) << message;
  message = refused(kernel, "a_fetch_rule", "k_inner");
  EXPECT_NE(message.find("fetch 'a_fetch_rule' does not run in loop 'k_inner'"), std::string::npos) << message;
  // A private fetch: nothing for pipelining to hide.
  LoopKernel split = split_iname(matmul(), "k", 4);
  LoopKernel private_fetch = add_prefetch(split, "a", {.sweep_inames = {"k_inner"}, .fetch_outer_inames = std::vector<std::string>{"i", "j", "k_outer"}, .temporary_address_space = AddressSpace::Private});
  message = refused(private_fetch, "a_fetch_rule", "k_outer");
  EXPECT_NE(message.find("writes 'a_fetch', which is not a local temporary"), std::string::npos) << message;
}

// The loop must start at a constant: the first tile is fetched at that value before it.
TEST(PipelineFetchTest, ALoopStartingAtAParameterIsRefused) {
  LoopKernel kernel = make_kernel({"{[i,k]: 0<=i<n and m<=k<n}"}, "out[i] = sum(k, a[k])",
                                  {array_arg("a, out", DType::Float32, {"n"}), value_arg("n"), value_arg("m")},
                                  {.name = "shifted", .assumptions = "m >= 0"});
  kernel = split_iname(kernel, "i", 16, {.outer_tag = "g.0", .inner_tag = "l.0"});
  kernel = split_iname(kernel, "k", 16);
  kernel = add_prefetch(kernel, "a", {.sweep_inames = {"k_inner"}, .default_tag = "l.auto", .fetch_outer_inames = std::vector<std::string>{"i_outer", "k_outer"}});
  std::string message = error_message<Error>([&] { pipeline_fetch(kernel, "a_fetch_rule", "k_outer"); });
  EXPECT_NE(message.find("loop 'k_outer' does not start at a constant (it starts at"), std::string::npos) << message;
}

// ---- stages: a ring of tiles ------------------------------------------------------------------

LoopKernel ringed(const LoopKernel& kernel, int64_t stages, bool async) {
  PipelineFetchOptions options{.stages = stages, .async = async};
  return pipeline_fetch(pipeline_fetch(kernel, "a_fetch_rule", "k_outer", options), "b_fetch_rule", "k_outer", options);
}

// Three tiles: iterations 0 and 1 fetched before the loop into tiles 0 and 1 (the second where
// iteration 1 runs), iteration ko fetches ko + 2 into tile (ko + 2) % 3 and reads tile ko % 3; no
// registers; the tile gets a ring axis whose stride is the tile's size rounded up to 16 bytes.
TEST(PipelineFetchTest, ARingOfTilesFetchesAheadWithoutRegisters) {
  LoopKernel kernel = pipeline_fetch(tiled_matmul(), "a_fetch_rule", "k_outer", {.stages = 3, .async = true});
  const Instruction* first = kernel.find_instruction("a_fetch_rule_first");
  const Instruction* second = kernel.find_instruction("a_fetch_rule_first_1");
  const Instruction* load = kernel.find_instruction("a_fetch_rule_load");
  ASSERT_NE(first, nullptr);
  ASSERT_NE(second, nullptr);
  ASSERT_NE(load, nullptr);
  EXPECT_EQ(kernel.find_instruction("a_fetch_rule_store"), nullptr);
  EXPECT_EQ(kernel.find_temporary("a_fetch_next"), nullptr);
  EXPECT_EQ(first->within_inames.count("k_outer"), 0u);
  EXPECT_EQ(to_string(first->assignees.front()).rfind("a_fetch[0, ", 0), 0u) << to_string(first->assignees.front());
  EXPECT_EQ(to_string(second->assignees.front()).rfind("a_fetch[1, ", 0), 0u) << to_string(second->assignees.front());
  EXPECT_NE(to_string(second->expression).find("a_dim_1 + 16*1]"), std::string::npos) << to_string(second->expression);
  EXPECT_FALSE(second->predicates.empty());  // only where iteration 1 runs
  EXPECT_EQ(to_string(load->assignees.front()).rfind("a_fetch[(k_outer + 2) % 3, ", 0), 0u) << to_string(load->assignees.front());
  EXPECT_NE(to_string(load->expression).find("16*(k_outer + 2)"), std::string::npos) << to_string(load->expression);
  EXPECT_EQ(load->tags.count("pipeline_fetch_async_stages_3"), 1u);
  EXPECT_EQ(first->tags.count("pipeline_fetch_async_stages_3"), 0u);  // ordinary copies before the loop
  // Its readers are ordinary loads, which are done at the barrier: the fill runs S - 1 ahead.
  EXPECT_EQ(load->tags.count("pipeline_fetch_ahead_2_of_3"), 1u);
  const Instruction* product = kernel.find_instruction("insn");
  EXPECT_NE(to_string(product->expression).find("a_fetch[k_outer % 3, "), std::string::npos) << to_string(product->expression);
  for (const char* id : {"a_fetch_rule_first", "a_fetch_rule_first_1", "a_fetch_rule_load"}) {
    EXPECT_EQ(product->depends_on.count(id), 1u) << id;
  }
  const Temporary* ring = kernel.find_temporary("a_fetch");
  ASSERT_NE(ring, nullptr);
  ASSERT_EQ(ring->shape.size(), 3u);
  EXPECT_EQ(to_string(ring->shape.front()), "3");
  std::vector<std::string> expected_tags{"stride:256", "stride:16", "stride:1"};
  EXPECT_EQ(ring->dim_tags, expected_tags);
}

// Tiles of 3 x 5 floats (15 elements) in a ring of two.
LoopKernel odd_tile_ring() {
  LoopKernel kernel = split_iname(matmul(), "i", 3, {.outer_tag = "g.0", .inner_tag = "l.1"});
  kernel = split_iname(kernel, "j", 4, {.outer_tag = "g.1", .inner_tag = "l.0"});
  kernel = split_iname(kernel, "k", 5);
  std::vector<std::string> outer{"i_outer", "j_outer", "k_outer"};
  kernel = add_prefetch(kernel, "a", {.sweep_inames = {"k_inner", "i_inner"}, .default_tag = "l.auto", .fetch_outer_inames = outer});
  return pipeline_fetch(kernel, "a_fetch_rule", "k_outer", {.stages = 2});
}

// Each tile of the ring starts every 16 elements (16 bytes hold 4 floats; the tile spans 15).
TEST(PipelineFetchTest, EachTileOfTheRingStartsOn16Bytes) {
  LoopKernel kernel = odd_tile_ring();
  const Temporary* ring = kernel.find_temporary("a_fetch");
  ASSERT_NE(ring, nullptr);
  std::vector<std::string> expected_tags{"stride:16", "stride:5", "stride:1"};
  EXPECT_EQ(ring->dim_tags, expected_tags);
}

// One barrier an iteration (between a tile's readers and its next fill, which also separates
// every fill from its readers S - 1 iterations later); the fills of the next iterations before
// the products.
TEST(PipelineFetchTest, ARingNeedsOneBarrierAnIteration) {
  for (int64_t stages : {2, 3}) {
    std::string source = kernels_of(generate_code(ringed(tiled_matmul(), stages, false), Target::OpenCL).source);
    std::size_t loop = source.find("for (int32_t k_outer");
    ASSERT_NE(loop, std::string::npos) << source;
    std::size_t fill = source.find("a_fetch[", loop);
    std::size_t product = source.find("for (int32_t k_inner", loop);
    EXPECT_LT(fill, product) << source;
    EXPECT_EQ(count(source.substr(loop), "barrier(CLK_LOCAL_MEM_FENCE)"), 1) << source;
  }
}

// Rings of 2 and 3 tiles, with and without async (which changes nothing off CUDA), at sizes with
// fewer k tiles than stages (1, 15, 16), one more (17) and several (48, 50).
TEST(PipelineFetchOpenCL, RingsOfTilesMatchTheReference) {
  REQUIRE_OPENCL();
  for (int64_t stages : {2, 3}) {
    for (bool async : {false, true}) {
      for (int64_t n : {1, 15, 16, 17, 33, 48, 50}) expect_on_opencl(ringed(tiled_matmul(), stages, async), matmul(), {{"n", n}});
    }
  }
  for (int64_t n : {1, 7, 11}) expect_on_opencl(odd_tile_ring(), matmul(), {{"n", n}});
}

TEST(PipelineFetchTest, RingRegistryCallMatchesTheTypedCall) {
  LoopKernel typed = pipeline_fetch(tiled_matmul(), "a_fetch_rule", "k_outer", {.stages = 3, .async = true});
  LoopKernel named = apply_transform(tiled_matmul(), {"pipeline_fetch",
                                                      {{"fetch", std::string("id:a_fetch_rule")},
                                                       {"loop", std::string("k_outer")},
                                                       {"stages", int64_t{3}},
                                                       {"async", true}}});
  EXPECT_EQ(to_string(named), to_string(typed));
}

TEST(PipelineFetchTest, RingRefusalsNameWhatIsWrong) {
  auto refused = [&](const PipelineFetchOptions& options) {
    return error_message<Error>([&] { pipeline_fetch(tiled_matmul(), "a_fetch_rule", "k_outer", options); });
  };
  std::string message = refused({.stages = 1});
  EXPECT_NE(message.find("pipeline_fetch: stages is 1; give 2 or more tiles for a ring"), std::string::npos) << message;
  message = refused({.stages = -2});
  EXPECT_NE(message.find("stages is -2"), std::string::npos) << message;
  message = refused({.async = true});
  EXPECT_NE(message.find("async needs a ring of tiles (stages 2 or more)"), std::string::npos) << message;
  message = refused({.register_name = "next", .stages = 2});
  EXPECT_NE(message.find("a ring of tiles (stages) has no registers to name"), std::string::npos) << message;
}

// ---- stages with registers: a ring of tiles filled through registers ---------------------------

// The registry's `registers` flag (not in PipelineFetchOptions: see pipeline_fetch.cpp).
LoopKernel ringed_through_registers(const LoopKernel& kernel, int64_t stages) {
  LoopKernel result = kernel;
  for (const char* fetch : {"a_fetch_rule", "b_fetch_rule"}) {
    result = apply_transform(result, {"pipeline_fetch",
                                      {{"fetch", std::string("id:") + fetch},
                                       {"loop", std::string("k_outer")},
                                       {"stages", stages},
                                       {"registers", true}}});
  }
  return result;
}

// Two tiles: iteration 0 fetched before the loop into tile 0; iteration ko loads ko + 1 into
// registers before the products (which read tile ko % 2) and stores them into tile (ko + 1) % 2
// after the products. One barrier an iteration (the register pipeline has two, around its store).
TEST(PipelineFetchTest, ARingFilledThroughRegistersStoresIntoTheOtherTileAfterTheProducts) {
  LoopKernel kernel = ringed_through_registers(tiled_matmul(), 2);
  const Instruction* load = kernel.find_instruction("a_fetch_rule_load");
  const Instruction* store = kernel.find_instruction("a_fetch_rule_store");
  ASSERT_NE(load, nullptr);
  ASSERT_NE(store, nullptr);
  ASSERT_NE(kernel.find_instruction("a_fetch_rule_first"), nullptr);
  EXPECT_EQ(to_string(load->assignees.front()).rfind("a_fetch_next", 0), 0u) << to_string(load->assignees.front());
  EXPECT_NE(to_string(load->expression).find("16*(k_outer + 1)"), std::string::npos) << to_string(load->expression);
  EXPECT_EQ(to_string(store->assignees.front()).rfind("a_fetch[(k_outer + 1) % 2, ", 0), 0u) << to_string(store->assignees.front());
  EXPECT_EQ(store->depends_on.count("insn"), 1u);
  const Instruction* product = kernel.find_instruction("insn");
  EXPECT_NE(to_string(product->expression).find("a_fetch[k_outer % 2, "), std::string::npos) << to_string(product->expression);
  EXPECT_EQ(product->depends_on.count("a_fetch_rule_load"), 1u);
  EXPECT_EQ(product->depends_on.count("a_fetch_rule_store"), 0u);
  ASSERT_NE(kernel.find_temporary("a_fetch_next"), nullptr);
  EXPECT_EQ(to_string(kernel.find_temporary("a_fetch")->shape.front()), "2");

  std::string source = kernels_of(generate_code(kernel, Target::OpenCL).source);
  std::size_t loop = source.find("for (int32_t k_outer");
  ASSERT_NE(loop, std::string::npos) << source;
  std::size_t load_at = source.find("a_fetch_next", loop);
  std::size_t product_at = source.find("for (int32_t k_inner", loop);
  std::size_t store_at = source.find("= a_fetch_next", loop);
  EXPECT_LT(load_at, product_at) << source;
  EXPECT_LT(product_at, store_at) << source;
  EXPECT_EQ(count(source.substr(loop), "barrier(CLK_LOCAL_MEM_FENCE)"), 1) << source;
  std::string two_barriers = kernels_of(generate_code(pipelined(tiled_matmul()), Target::OpenCL).source);
  EXPECT_EQ(count(two_barriers.substr(two_barriers.find("for (int32_t k_outer")), "barrier(CLK_LOCAL_MEM_FENCE)"), 2)
      << two_barriers;
}

// Rings of 2 and 3 tiles filled through registers at sizes with fewer k tiles than stages (1, 15,
// 16), one more (17) and several (33, 48, 50); the product is the reference's.
TEST(PipelineFetchOpenCL, RingsFilledThroughRegistersMatchTheReference) {
  REQUIRE_OPENCL();
  for (int64_t stages : {2, 3}) {
    for (int64_t n : {1, 15, 16, 17, 33, 48, 50}) {
      expect_on_opencl(ringed_through_registers(tiled_matmul(), stages), matmul(), {{"n", n}});
    }
  }
}

// register_name names the registers of a ring filled through them (refused for a plain ring).
TEST(PipelineFetchTest, ARingFilledThroughRegistersTakesTheRegistersName) {
  LoopKernel kernel = apply_transform(tiled_matmul(), {"pipeline_fetch",
                                                       {{"fetch", std::string("id:a_fetch_rule")},
                                                        {"loop", std::string("k_outer")},
                                                        {"stages", int64_t{2}},
                                                        {"registers", true},
                                                        {"register_name", std::string("a_ahead")}}});
  ASSERT_NE(kernel.find_temporary("a_ahead"), nullptr);
  EXPECT_EQ(kernel.find_temporary("a_fetch_next"), nullptr);
  const Instruction* store = kernel.find_instruction("a_fetch_rule_store");
  ASSERT_NE(store, nullptr);
  EXPECT_EQ(to_string(store->expression).rfind("a_ahead", 0), 0u) << to_string(store->expression);
}

TEST(PipelineFetchTest, RegistersRefusalsNameWhatIsWrong) {
  auto refused = [&](int64_t stages, bool async) {
    return error_message<Error>([&] {
      apply_transform(tiled_matmul(), {"pipeline_fetch",
                                       {{"fetch", std::string("id:a_fetch_rule")},
                                        {"loop", std::string("k_outer")},
                                        {"stages", stages},
                                        {"async", async},
                                        {"registers", true}}});
    });
  };
  std::string message = refused(0, false);
  EXPECT_NE(message.find("pipeline_fetch: registers fills a ring of tiles through registers; give stages 2 or more"),
            std::string::npos)
      << message;
  message = refused(2, true);
  EXPECT_NE(message.find("pipeline_fetch: registers and async exclude each other"), std::string::npos) << message;
}

}  // namespace
}  // namespace loom
