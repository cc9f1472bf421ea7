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
  EXPECT_NE(source.find("float a_fetch_next[2];"), std::string::npos) << source;
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

}  // namespace
}  // namespace loom
