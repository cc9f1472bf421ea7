// A temporary a transform added (a prefetch's scalar or tile, a precomputed value) read inside a
// reduction: a later transform that gives the reduction's steps a loop over one of its inames
// apart from the loop its writer overwrites the value in is refused, naming the reader, the
// writer, the loop and the temporary (transform fuzzer, seed 112). The traced dependences do not
// cover storage transforms add, and the structural check (check_temporaries_stay_in_their_
// readers_loops) left reduction inames out: buffer_array's store between a private fetch and the
// product ran the fetch in a k_inner loop of its own and every term read the last k_inner's value
// (C and PoCL, accepted silently).
#include <gtest/gtest.h>

#include "device_helpers.hpp"
#include "loom/loom.hpp"
#include "test_helpers.hpp"

namespace loom {
namespace {

using testing::error_message;
using testing::expect_matches_reference;

LoopKernel row_products() {
  return make_kernel({"{[i,k]: 0<=i<n and 0<=k<m}"}, "out[i] = product(k, 1.0 + 0.01*a[i, k]) {id=prod}",
                     {array_arg("a", DType::Float32, {"n", "m"}), array_arg("out", DType::Float32, {"n"}),
                      value_arg("n"), value_arg("m")},
                     {.name = "row_products"});
}

// a's private scalar fetch within (i, k), k split by 2: the fetch and the product share k_inner.
LoopKernel fetched_and_split() {
  LoopKernel fetched = add_prefetch(row_products(), "a",
                                    {.sweep_inames = {}, .default_tag = std::nullopt,
                                     .temporary_address_space = AddressSpace::Private, .within = "id:prod"});
  return split_iname(fetched, "k", 2);
}

const std::vector<ParameterMap> kSizes = {ParameterMap{{"n", 3}, {"m", 11}}, ParameterMap{{"n", 1}, {"m", 1}},
                                          ParameterMap{{"n", 4}, {"m", 8}}};

// buffer_array's store runs in k_outer outside k_inner and the product waits for it, so the
// product's terms run in a second loop over k_inner after the fetch's: refused, naming the loop.
TEST(AddedTemporaries, BufferArraySplittingAPrivateFetchFromItsProductIsRefused) {
  LoopKernel split = fetched_and_split();
  std::string message = error_message<LegalityError>([&] {
    buffer_array(split, "a", {"k_inner"}, {.default_tag = std::nullopt});
  });
  EXPECT_NE(message.find("buffer_array: instruction 'prod' reads 'a_fetch', which 'a_fetch_rule' writes in a loop "
                         "over 'k_inner' that 'prod' does not run in (or runs in another loop over it)"),
            std::string::npos)
      << message;
  // Without the store nothing waits between them: one k_inner loop, the reference's values.
  LoopKernel unstored = buffer_array(split, "a", {"k_inner"}, {.store_expression = "False", .default_tag = std::nullopt});
  for (const ParameterMap& sizes : kSizes) expect_matches_reference(unstored, row_products(), sizes);
}

// The kernel the check refuses is wrong: applied unchecked, it does not match the reference.
TEST(AddedTemporaries, TheRefusedBufferArrayComputesWrongValues) {
  LoopKernel wrong = buffer_array(fetched_and_split(), "a", {"k_inner"}, {.default_tag = std::nullopt, .unchecked = true});
  CheckResult result = check_against_reference(wrong, row_products(), {{"n", 3}, {"m", 11}});
  EXPECT_FALSE(result.passed) << result.report();
}

// A local barrier between the fetch and the product within k_outer splits k_inner the same way.
TEST(AddedTemporaries, ABarrierBetweenAPrivateFetchAndItsProductIsRefused) {
  std::string message = error_message<LegalityError>([&] {
    add_barrier(fetched_and_split(), "id:a_fetch_rule", "id:prod",
                {.synchronization_kind = "local", .within_inames = {"i", "k_outer"}});
  });
  EXPECT_NE(message.find("add_barrier: instruction 'prod' reads 'a_fetch', which 'a_fetch_rule' writes in a loop "
                         "over 'k_inner'"),
            std::string::npos)
      << message;
}

// A precomputed private value (precompute of a rule) is storage a transform added too.
TEST(AddedTemporaries, BufferArraySplittingAPrivatePrecomputeFromItsProductIsRefused) {
  LoopKernel reference = make_kernel({"{[i,k]: 0<=i<n and 0<=k<m}"},
                                     "f(ii, kk) := 1.0 + 0.01*a[ii, kk]\nout[i] = product(k, f(i, k)) {id=prod}",
                                     {array_arg("a", DType::Float32, {"n", "m"}), array_arg("out", DType::Float32, {"n"}),
                                      value_arg("n"), value_arg("m")},
                                     {.name = "row_products_rule"});
  LoopKernel computed = precompute(reference, "f", {.temporary_address_space = AddressSpace::Private,
                                                    .compute_insn_id = std::string("fc")});
  LoopKernel split = split_iname(computed, "k", 2);
  std::string message = error_message<LegalityError>([&] {
    buffer_array(split, "a", {"k_inner"}, {.default_tag = std::nullopt});
  });
  EXPECT_NE(message.find("instruction 'prod' reads 'f_0', which 'fc' writes in a loop over 'k_inner'"), std::string::npos)
      << message;
  LoopKernel unstored = buffer_array(split, "a", {"k_inner"}, {.store_expression = "False", .default_tag = std::nullopt});
  for (const ParameterMap& sizes : kSizes) expect_matches_reference(unstored, reference, sizes);
}

// A local tile of x over k_inner, filled once per k_outer: a barrier in i alone between the fill
// and the sum runs the sum's k_outer loop after every fill, reading the last tile (main: wrong on
// C and PoCL). Refused naming k_outer; without the barrier it matches the reference.
TEST(AddedTemporaries, ABarrierSplittingALocalTilesFillFromItsSumsLoopIsRefused) {
  LoopKernel reference = make_kernel({"{[i,k]: 0<=i<n and 0<=k<m}"}, "out[i] = sum(k, a[i, k]*x[k]) {id=dot}",
                                     {array_arg("a", DType::Float32, {"n", "m"}), array_arg("x", DType::Float32, {"m"}),
                                      array_arg("out", DType::Float32, {"n"}), value_arg("n"), value_arg("m")},
                                     {.name = "row_dots"});
  LoopKernel fetched = add_prefetch(split_iname(reference, "k", 4), "x",
                                    {.sweep_inames = {"k_inner"}, .default_tag = std::nullopt,
                                     .fetch_outer_inames = std::vector<std::string>{"i", "k_outer"},
                                     .temporary_address_space = AddressSpace::Local, .within = "id:dot"});
  std::string message = error_message<LegalityError>([&] {
    add_barrier(fetched, "id:x_fetch_rule", "id:dot", {.synchronization_kind = "local", .within_inames = {"i"}});
  });
  EXPECT_NE(message.find("add_barrier: instruction 'dot' reads 'x_fetch', which 'x_fetch_rule' writes in a loop over "
                         "'k_outer'"),
            std::string::npos)
      << message;
  for (const ParameterMap& sizes : kSizes) expect_matches_reference(fetched, reference, sizes);
}

// On PoCL, with the rows on lanes (the scalar has one copy per work-item): refused the same way,
// and the stored-back variant without the split's second loop matches the reference.
TEST(AddedTemporariesOpenCL, PrivateFetchOnLanesSplitFromItsProductIsRefused) {
  SKIP_WITHOUT_OPENCL();
  LoopKernel lanes = split_iname(row_products(), "i", 4, {.outer_tag = "g.0", .inner_tag = "l.0"});
  LoopKernel fetched = add_prefetch(lanes, "a",
                                    {.sweep_inames = {}, .default_tag = std::nullopt,
                                     .temporary_address_space = AddressSpace::Private, .within = "id:prod"});
  LoopKernel split = split_iname(fetched, "k", 2);
  std::string message = error_message<LegalityError>([&] {
    buffer_array(split, "a", {"k_inner"}, {.default_tag = std::nullopt, .temporary_address_space = AddressSpace::Private});
  });
  EXPECT_NE(message.find("instruction 'prod' reads 'a_fetch', which 'a_fetch_rule' writes in a loop over 'k_inner'"),
            std::string::npos)
      << message;
  LoopKernel unstored = buffer_array(split, "a", {"k_inner"},
                                     {.store_expression = "False", .default_tag = std::nullopt,
                                      .temporary_address_space = AddressSpace::Private});
  for (const ParameterMap& sizes : {ParameterMap{{"n", 9}, {"m", 11}}, ParameterMap{{"n", 4}, {"m", 1}}})
    testing::expect_on_opencl(unstored, row_products(), sizes);
}

}  // namespace
}  // namespace loom
