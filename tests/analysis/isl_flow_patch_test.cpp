// loom's patch to the bundled isl (third_party/isl/patches/0001-flow-dependences-only.patch): a flow
// question asked for its dependences only gives the same dependences, in the same form, and leaves
// out the sinks with no source on the memory-based path (no must-source); with a must-source it
// changes nothing. Built only with the bundled isl (CMakeLists.txt leaves this file out under
// LOOM_BUNDLED_ISL=OFF: the system's isl has no such function, and loom asks it full questions).

#include <gtest/gtest.h>

#include <cstdlib>
#include <string>

#include <isl/cpp.h>
#include <isl/flow.h>

extern "C" isl_union_access_info* isl_union_access_info_set_dependences_only(
    isl_union_access_info* access, int dependences_only);

namespace {

std::string text(const isl::union_map& map) {
  char* printed = isl_union_map_to_str(map.get());
  std::string result = printed == nullptr ? "" : printed;
  free(printed);
  return result;
}

struct Question {
  isl::union_map sinks, must_sources, may_sources, schedule;
};

isl::union_flow ask(const Question& question, bool dependences_only) {
  isl::union_access_info info = isl::union_access_info(question.sinks)
                                    .set_must_source(question.must_sources)
                                    .set_may_source(question.may_sources)
                                    .set_schedule_map(question.schedule);
  if (dependences_only) {
    return isl::manage(
        isl_union_access_info_compute_flow(isl_union_access_info_set_dependences_only(info.release(), 1)));
  }
  return info.compute_flow();
}

class IslFlowPatch : public ::testing::Test {
 protected:
  isl_ctx* raw_ = isl_ctx_alloc();
  isl::ctx ctx_{raw_};
  ~IslFlowPatch() override { isl_ctx_free(raw_); }

  // Writes of a[i] for i < n, then of a[i+1] for i < n: the second overwrites all but a[0]; the
  // reads of a[j] for j <= n read some elements never written (the sinks with no source).
  isl::union_map writes() const {
    return isl::union_map(ctx_, "[n] -> { W1[i] -> a[i] : 0 <= i < n; W2[i] -> a[i + 1] : 0 <= i < n }");
  }
  isl::union_map reads() const { return isl::union_map(ctx_, "[n] -> { R[j] -> a[j] : 0 <= j <= n + 2 }"); }
  isl::union_map schedule() const {
    return isl::union_map(ctx_, "[n] -> { W1[i] -> [0, i]; W2[i] -> [1, i]; R[j] -> [2, j] }");
  }
};

TEST_F(IslFlowPatch, AMemoryBasedQuestionGivesTheSameDependencesInTheSameFormWithoutTheSinksWithNoSource) {
  isl::union_map none(ctx_, "{ }");
  Question anti{writes(), none, reads(), schedule()};  // the reads run last: no dependence
  Question output{writes(), none, writes(), schedule()};
  Question reads_of_any_write{reads(), none, writes(), schedule()};
  for (const Question& question : {anti, output, reads_of_any_write}) {
    isl::union_flow full = ask(question, false);
    isl::union_flow marked = ask(question, true);
    EXPECT_EQ(text(full.may_dependence()), text(marked.may_dependence()));
    EXPECT_EQ(text(full.full_may_dependence()), text(marked.full_may_dependence()));
    EXPECT_TRUE(marked.may_no_source().is_empty());
    EXPECT_TRUE(marked.must_no_source().is_empty());
  }
  // Without the mark isl still computes them: the reads of a[n+1..n+2] (and a[0] before W1) have none.
  EXPECT_FALSE(ask(reads_of_any_write, false).may_no_source().is_empty());
}

TEST_F(IslFlowPatch, AQuestionWithAMustSourceIsUnchanged) {
  Question flow{reads(), writes(), isl::union_map(ctx_, "{ }"), schedule()};
  isl::union_flow full = ask(flow, false);
  isl::union_flow marked = ask(flow, true);
  EXPECT_EQ(text(full.may_dependence()), text(marked.may_dependence()));
  EXPECT_EQ(text(full.may_no_source()), text(marked.may_no_source()));
  EXPECT_EQ(text(full.must_no_source()), text(marked.must_no_source()));
  EXPECT_FALSE(marked.must_no_source().is_empty());
}

}  // namespace
