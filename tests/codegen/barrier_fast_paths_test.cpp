// Barrier placement's answers without isl (issue 26): a write of each element once paired with
// itself touches one element only from one instance, so no barrier and no isl question.
// ctest SkippedChecksVerified.transforms runs this file with LOOM_VERIFY_SKIPPED_CHECKS=1 too.
#include <gtest/gtest.h>

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "analysis/accesses.hpp"
#include "analysis/address_spaces.hpp"
#include "analysis/dependences.hpp"
#include "analysis/preprocess.hpp"
#include "codegen/barriers.hpp"
#include "codegen/hardware_axes.hpp"
#include "ir/work_counters.hpp"
#include "loom/loom.hpp"
#include "runtime/scoped_env.hpp"
#include "device_helpers.hpp"
#include "test_helpers.hpp"

namespace loom {
namespace {

using testing::ScopedEnv;
using testing::error_message;
using testing::expect_on_opencl;
using testing::kernels_of;
using testing::count;

// Rows of a tile, each copied by the work-items of l.0 in one step of the sequential k loop.
LoopKernel row_copy(const std::string& instruction) {
  return make_kernel({"{[k, i]: 0<=k<4 and 0<=i<16}"}, instruction, {array_arg("a, out", DType::Float32, {"4", "16"})},
                     {.name = "row_copy"});
}

std::vector<LoopKernel> row_copies_on_items(const LoopKernel& reference) {
  SplitOptions items;
  items.outer_tag = "unr";
  items.inner_tag = "l.0";
  return {tag_inames(reference, "i:l.0"), split_iname(reference, "i", 8, items)};
}

// Written each element once (out[k, i], and after a split out[k, 8*i_outer + i_inner], known from
// the lineage): the loop-carried pair of the write with itself asks isl nothing and no barrier is
// placed.
TEST(BarrierFastPaths, AWriteOfEachElementOnceIsNotAskedAboutItself) {
  ScopedEnv unverified("LOOM_VERIFY_SKIPPED_CHECKS", nullptr);
  for (const LoopKernel& kernel : row_copies_on_items(row_copy("out[k, i] = 2*a[k, i]"))) {
    int asked = detail::barrier_questions_asked();
    std::string source = kernels_of(generate_code(kernel, Target::OpenCL).source);
    EXPECT_EQ(detail::barrier_questions_asked(), asked) << source;
    EXPECT_EQ(count(source, "barrier("), 0) << source;
  }
}

// The same kernels compute what the untransformed one does (PoCL).
TEST(BarrierFastPathsOpenCL, AWriteOfEachElementOnceRunsWithoutBarriers) {
  REQUIRE_OPENCL();
  LoopKernel reference = row_copy("out[k, i] = 2*a[k, i]");
  for (const LoopKernel& kernel : row_copies_on_items(reference)) expect_on_opencl(kernel, reference, {});
}

// Every work-item of a row writes out[k] (a race the race check would refuse; here unchecked):
// the pair within one k iteration needs a barrier. Claimed falsely to write each element once,
// the fast path passes it; the verification asks isl and raises an internal error.
TEST(BarrierFastPaths, VerificationCatchesAFalseClaimOfOneWritePerElement) {
  LoopKernel kernel = resolve_address_spaces(preprocess(tag_inames(row_copy("out[k, 0] = a[k, i]"), "i:l.0", true), true));
  codegen::LaunchShape launch = codegen::launch_shape(kernel, {0});
  EXPECT_EQ(codegen::barrier_need(kernel, launch, 0, 0, {"k"}), codegen::BarrierNeed::GlobalMemory);
  auto claimed = std::make_shared<detail::DependenceData>(*dependences_of(kernel));
  for (const Access& access : instruction_accesses(kernel, kernel.instructions[0])) {
    if (access.is_write) claimed->writes_each_element_once.push_back(access_relation_key(kernel, access));
  }
  kernel.dependences = claimed;
  {
    ScopedEnv unverified("LOOM_VERIFY_SKIPPED_CHECKS", nullptr);
    EXPECT_EQ(codegen::barrier_need(kernel, launch, 0, 0, {"k"}), codegen::BarrierNeed::None);
  }
  ScopedEnv verify("LOOM_VERIFY_SKIPPED_CHECKS", "1");
  std::string message = error_message<InternalError>([&] { codegen::barrier_need(kernel, launch, 0, 0, {"k"}); });
  EXPECT_NE(message.find("taken to touch each element of 'out' on one work-item"), std::string::npos) << message;
}

// Pairs read off the subscripts (issue 26): `w` rewrites row k's elements in every k iteration
// (the same lane each time: its subscript's lane is a digit), `v` writes the same elements through
// a renamed lane iname (a whole/edge twin's shape), `z` writes another literal row. None asks isl
// or gets a barrier.
LoopKernel subscript_pairs() {
  return make_kernel({"{[k, i, j, q]: 0<=k<4 and 0<=i,j,q<16}"},
                     "out[0, i] = a[k, i] {id=w}\nout[0, j] = 2*out[0, j] {id=v, dep=w}\n"
                     "out[1, 15 - q] = a[k, q] {id=z, dep=v}",
                     {array_arg("a", DType::Float32, {"4", "16"}), array_arg("out", DType::Float32, {"2", "16"})},
                     {.name = "subscript_pairs"});
}

LoopKernel subscript_pairs_on_items() {
  return tag_inames(prioritize_loops(subscript_pairs(), "k"), "i:l.0, j:l.0, q:l.0");
}

TEST(BarrierFastPaths, PairsOfOneSubscriptUpToRenamedLanesAreNotAskedAboutEachOther) {
  ScopedEnv unverified("LOOM_VERIFY_SKIPPED_CHECKS", nullptr);
  int asked = detail::barrier_questions_asked();
  std::string source = kernels_of(generate_code(subscript_pairs_on_items(), Target::OpenCL).source);
  EXPECT_EQ(detail::barrier_questions_asked(), asked) << source;
  EXPECT_EQ(count(source, "barrier("), 0) << source;
}

TEST(BarrierFastPathsOpenCL, PairsOfOneSubscriptUpToRenamedLanesRunWithoutBarriers) {
  REQUIRE_OPENCL();
  expect_on_opencl(subscript_pairs_on_items(), subscript_pairs(), {});
}

// A read of another lane's element (`out[0, 15 - j]` after `out[0, i]`): not one subscript up to
// renaming, so isl is asked and the barrier stays.
TEST(BarrierFastPaths, AReadOfAnotherLanesElementIsStillAskedAndOrdered) {
  ScopedEnv unverified("LOOM_VERIFY_SKIPPED_CHECKS", nullptr);
  MakeKernelOptions options{.name = "lane_swap"};
  options.temporaries.push_back(Temporary{"t", DType::Float32, {int_literal(16)}, AddressSpace::Local});
  LoopKernel reference = make_kernel({"{[i, j]: 0<=i,j<16}"}, "t[i] = a[0, i] {id=w}\nout[0, j] = t[15 - j] {id=r, dep=w}",
                                     {array_arg("a, out", DType::Float32, {"4", "16"})}, options);
  LoopKernel kernel = tag_inames(reference, "i:l.0, j:l.0");
  int asked = detail::barrier_questions_asked();
  std::string source = kernels_of(generate_code(kernel, Target::OpenCL).source);
  EXPECT_GT(detail::barrier_questions_asked(), asked) << source;
  EXPECT_EQ(count(source, "barrier("), 1) << source;
}

}  // namespace
}  // namespace loom
