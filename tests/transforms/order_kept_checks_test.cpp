// Checks a transform's kind cannot affect are skipped for it (issue 26, checks20): a renaming of an
// iname everywhere onto a fresh name, an unrolling tag on a sequential loop, a layout, a priority
// the loops' nesting already follows keep every order and every loop, so the dependence and
// temporaries'-loops checks (and, for a renaming, races and bounds) are not run again on a kernel
// that passed them; pipeline_fetch's copies of a fetch read and write what the fetch read and
// wrote, so their bounds are not checked again. Each test claims a false `verified` on a kernel
// that breaks the check, shows that the unverified run skips it and that LOOM_VERIFY_SKIPPED_CHECKS=1
// (ctest SkippedChecksVerified.transforms runs this file with it) catches the claim by name, and
// that the transforms that can change what the check reads (a merge, a parallel tag, a new order)
// still run it.
#include <gtest/gtest.h>

#include <optional>
#include <string>

#include "device_helpers.hpp"
#include "loom/loom.hpp"
#include "runtime/scoped_env.hpp"
#include "test_helpers.hpp"
#include "transforms/tail_support.hpp"

namespace loom {
namespace {

using loom::testing::ScopedEnv;
using testing::error_message;
using testing::expect_matches_reference;
using testing::expect_on_opencl;

// a[i, j] reads a[i - 1, j + 1]: i must stay the outer loop. prioritize_loops("j, i") breaks the
// recurrence; unchecked, and then claimed checked, the kernel is a false `verified`.
LoopKernel recurrence() {
  return make_kernel({"{[i,j]: 1<=i<n and 0<=j<n-1}"}, "a[i, j] = a[i - 1, j + 1] + 1",
                     {array_arg("a", DType::Float32, {"n", "n"})});
}

LoopKernel falsely_verified_interchange() {
  LoopKernel kernel = prioritize_loops(recurrence(), "j, i", /*unchecked=*/true);
  kernel.verified = true;  // the false claim
  return kernel;
}

std::string skipped_but_refuses(const std::string& transform, const std::string& reason) {
  return transform + ": the dependence check was skipped (" + reason + ") but refuses: LegalityError: " + transform +
         ": instruction 'insn' must follow 'insn'";
}

TEST(SkippedChecksOrderKept, ARenamingEverywhereIsNotCheckedAgainAndTheVerificationCatchesAFalseClaim) {
  LoopKernel before = falsely_verified_interchange();
  {
    ScopedEnv unverified("LOOM_VERIFY_SKIPPED_CHECKS", nullptr);
    LoopKernel renamed = rename_iname(before, "i", "row");
    EXPECT_TRUE(renamed.verified);
    EXPECT_NE(to_string(renamed).find("row"), std::string::npos);
  }
  ScopedEnv verify("LOOM_VERIFY_SKIPPED_CHECKS", "1");
  std::string message = error_message<InternalError>([&] { rename_iname(before, "i", "row"); });
  EXPECT_NE(message.find(skipped_but_refuses("rename_iname", "a renaming everywhere onto a fresh name")), std::string::npos)
      << message;
}

// A merge of two loops (existing_ok) reorders instances: it is checked as before.
TEST(SkippedChecksOrderKept, AMergeIsStillChecked) {
  LoopKernel two_loops = make_kernel({"{[i]: 0<=i<n}", "{[k]: 0<=k<n}"},
                                     "x[i] = 2*a[i] {id=w}\nout[k] = x[n - 1 - k] {id=r, dep=w}",
                                     {array_arg("a, x, out", DType::Float32, {"n"})});
  LoopKernel checked = tag_inames(two_loops, "i:unr");  // a checked kernel: the skips would apply
  ASSERT_TRUE(checked.verified);
  std::string refusal = error_message<LegalityError>([&] { rename_iname(checked, "k", "i", {.existing_ok = true}); });
  EXPECT_NE(refusal.find("rename_iname: instruction 'r' must follow 'w'"), std::string::npos) << refusal;
}

TEST(SkippedChecksOrderKept, AnUnrollingTagIsNotCheckedAgainAParallelTagIs) {
  LoopKernel before = falsely_verified_interchange();
  {
    ScopedEnv unverified("LOOM_VERIFY_SKIPPED_CHECKS", nullptr);
    EXPECT_NO_THROW(tag_inames(before, "j:unr"));
    EXPECT_NO_THROW(tag_inames(before, "j:unr_hint"));
    // A parallel tag changes what the checks read: the dependence check runs and refuses.
    std::string refusal = error_message<LegalityError>([&] { tag_inames(before, "i:l.0"); });
    EXPECT_NE(refusal.find("tag_inames"), std::string::npos) << refusal;
  }
  ScopedEnv verify("LOOM_VERIFY_SKIPPED_CHECKS", "1");
  std::string message = error_message<InternalError>([&] { tag_inames(before, "j:unr"); });
  EXPECT_NE(message.find(skipped_but_refuses("tag_inames", "an unrolling tag on a sequential loop")), std::string::npos)
      << message;
}

TEST(SkippedChecksOrderKept, APriorityTheNestingFollowsIsNotCheckedAgain) {
  LoopKernel before = falsely_verified_interchange();
  {
    ScopedEnv unverified("LOOM_VERIFY_SKIPPED_CHECKS", nullptr);
    EXPECT_NO_THROW(prioritize_loops(before, "j, i"));
  }
  ScopedEnv verify("LOOM_VERIFY_SKIPPED_CHECKS", "1");
  std::string message = error_message<InternalError>([&] { prioritize_loops(before, "j, i"); });
  EXPECT_NE(message.find(skipped_but_refuses("prioritize_loops", "a priority the loops' nesting already follows")),
            std::string::npos)
      << message;
}

TEST(SkippedChecksOrderKept, ALayoutIsNotCheckedAgain) {
  LoopKernel before = falsely_verified_interchange();
  {
    ScopedEnv unverified("LOOM_VERIFY_SKIPPED_CHECKS", nullptr);
    EXPECT_NO_THROW(tag_array_axes(before, "a", "f,f"));
  }
  ScopedEnv verify("LOOM_VERIFY_SKIPPED_CHECKS", "1");
  std::string message = error_message<InternalError>([&] { tag_array_axes(before, "a", "f,f"); });
  EXPECT_NE(message.find(skipped_but_refuses("tag_array_axes", "a layout: same instances, loops and logical accesses")),
            std::string::npos)
      << message;
}

// The kernels whose checks were skipped compute what their references compute (C and PoCL).
TEST(SkippedChecksOrderKept, RenamedUnrolledAndPrioritizedKernelsMatchTheReference) {
  LoopKernel kernel = split_iname(recurrence(), "j", 4);
  kernel = rename_iname(kernel, "j_inner", "lane");
  kernel = tag_inames(kernel, "lane:unr");
  kernel = prioritize_loops(kernel, "i, j_outer");
  for (int64_t n : {2, 13}) {
    expect_matches_reference(kernel, recurrence(), {{"n", n}});
    expect_on_opencl(kernel, recurrence(), {{"n", n}});
  }
}

// loopy's tiled matmul whose `a` fetch reads one column past the end (a[i, k + 1]), built unchecked
// and then claimed checked: pipeline_fetch's copies read what that fetch read (its instances are
// the product of the k tiles and the other inames' values: the copies are skipped).
LoopKernel falsely_verified_overrunning_fetch(const std::string& tail_strategy) {
  LoopKernel kernel = make_kernel({"{[i,j,k]: 0<=i,j,k<n}"}, "c[i, j] = sum(k, a[i, k + 1]*b[k, j])",
                                  {array_arg("a, b, c", DType::Float32, {"n", "n"})});
  TailOptions tail{tail_strategy, std::nullopt};
  kernel = split_iname(kernel, "i", 16, {.outer_tag = "g.0", .inner_tag = "l.1", .unchecked = true}, tail);
  kernel = split_iname(kernel, "j", 16, {.outer_tag = "g.1", .inner_tag = "l.0", .unchecked = true}, tail);
  kernel = split_iname(kernel, "k", 16, {.unchecked = true}, tail);
  kernel = add_prefetch(kernel, "a", {.sweep_inames = {"k_inner", "i_inner"}, .default_tag = "l.auto",
                                      .fetch_outer_inames = std::vector<std::string>{"i_outer", "j_outer", "k_outer"},
                                      .unchecked = true});
  kernel.verified = true;  // the false claim
  return kernel;
}

TEST(SkippedChecksPipelineCopies, TheCopiesOfAFetchAreNotBoundsCheckedAgainAndTheVerificationCatchesAFalseClaim) {
  LoopKernel before = falsely_verified_overrunning_fetch("round_up");
  for (int64_t stages : {0, 3}) {  // registers; a ring of three tiles
    PipelineFetchOptions options{.stages = stages};
    {
      ScopedEnv unverified("LOOM_VERIFY_SKIPPED_CHECKS", nullptr);
      EXPECT_NO_THROW(pipeline_fetch(before, "a_fetch_rule", "k_outer", options)) << stages;
    }
    ScopedEnv verify("LOOM_VERIFY_SKIPPED_CHECKS", "1");
    std::string message = error_message<InternalError>([&] { pipeline_fetch(before, "a_fetch_rule", "k_outer", options); });
    EXPECT_NE(message.find("pipeline_fetch: the bounds check without the"), std::string::npos) << stages << ": " << message;
    EXPECT_NE(message.find("the full check says LegalityError: pipeline_fetch: instruction 'a_fetch_rule_"),
              std::string::npos)
        << stages << ": " << message;
  }
}

}  // namespace
}  // namespace loom
