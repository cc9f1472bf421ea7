// remove_unused_inames: removal after duplication, listed inames, constraints that survive the
// projection, dropped domains, inames bounding other domains, and refusals.
#include <gtest/gtest.h>

#include "loom/loom.hpp"
#include "test_helpers.hpp"
#include "test_kernels.hpp"

namespace loom {
namespace {

using testing::error_message;
using testing::expect_matches_reference;

TEST(RemoveUnusedInames, RemovesTheOriginalOfADuplicate) {
  LoopKernel reference = test_kernels::vector_scale();
  LoopKernel duplicated = duplicate_inames(reference, {"i"});
  EXPECT_EQ(duplicated.all_inames(), (std::vector<std::string>{"i", "i_0"}));
  LoopKernel cleaned = remove_unused_inames(duplicated);
  EXPECT_EQ(cleaned.all_inames(), (std::vector<std::string>{"i_0"}));
  EXPECT_EQ(cleaned.domains[0].text.find("[i,"), std::string::npos) << cleaned.domains[0].text;
  for (int64_t n : {0, 1, 13, 31}) expect_matches_reference(cleaned, reference, {{"n", n}});
}

TEST(RemoveUnusedInames, ListedInamesTagsAndPriorities) {
  LoopKernel reference =
      make_kernel({"{[i,j,k]: 0<=i<n and 0<=j<n and 0<=k<4}"}, "out[i, j] = a[i, j] {id=copy}",
                  {array_arg("a, out", DType::Float32, {"n", "n"})});
  LoopKernel prepared = prioritize_loops(tag_inames(reference, "k:unr"), "k, j, i");
  LoopKernel cleaned = remove_unused_inames(prepared, {"k"});
  EXPECT_EQ(cleaned.all_inames(), (std::vector<std::string>{"i", "j"}));
  EXPECT_EQ(cleaned.iname_tags.count("k"), 0u);
  EXPECT_EQ(cleaned.loop_priorities, (std::vector<std::vector<std::string>>{{"j", "i"}}));
  std::string source = generate_code(cleaned, Target::C).source;
  EXPECT_LT(source.find("for (int32_t j"), source.find("for (int32_t i")) << source;
  for (int64_t n : {0, 1, 7}) expect_matches_reference(cleaned, reference, {{"n", n}});
  LoopKernel nothing = remove_unused_inames(cleaned);
  EXPECT_EQ(nothing.all_inames(), cleaned.all_inames()) << "nothing left to remove";
}

TEST(RemoveUnusedInames, ConstraintsSurviveAndEmptyDomainsGo) {
  // j is unused, but {[i,j]: ... 0<=j<m} runs nothing when m = 0: the projection keeps m >= 1.
  LoopKernel reference =
      make_kernel({"{[i,j]: 0<=i<n and 0<=j<m}", "{[k]: 0<=k<3}"}, "out[i] = 2*a[i] {id=x}",
                  {array_arg("a, out", DType::Float32, {"n"})});
  LoopKernel cleaned = remove_unused_inames(reference);
  EXPECT_EQ(cleaned.all_inames(), (std::vector<std::string>{"i"}));
  EXPECT_EQ(cleaned.domains.size(), 1u) << "k's domain had no other iname";
  EXPECT_NE(cleaned.domains[0].text.find("m > 0"), std::string::npos) << cleaned.domains[0].text;
  for (auto [n, m] : {std::pair{0, 1}, {1, 0}, {5, 2}, {11, 3}}) {
    expect_matches_reference(cleaned, reference, {{"n", n}, {"m", m}});
  }
}

TEST(RemoveUnusedInames, AnInameBoundingAnotherDomainIsUsed) {
  // No instruction runs in i, but i bounds j's domain.
  LoopKernel reference =
      make_kernel({"{[i]: 0<=i<n}", "{[j]: 0<=j<=i}", "{[k]: 0<=k<=j}"},
                  "out[i] = sum(j, a[j]) {id=x}", {array_arg("a, out", DType::Float64, {"n"})});
  LoopKernel cleaned = remove_unused_inames(reference);
  EXPECT_EQ(cleaned.all_inames(), (std::vector<std::string>{"i", "j"}))
      << "k goes, its bound j stays";
  for (int64_t n : {0, 1, 6}) expect_matches_reference(cleaned, reference, {{"n", n}});
  LoopKernel with_unused_chain =
      make_kernel({"{[i]: 0<=i<n}", "{[p]: 0<=p<n}", "{[q]: 0<=q<=p}"}, "out[i] = a[i] {id=x}",
                  {array_arg("a, out", DType::Float64, {"n"})});
  EXPECT_EQ(remove_unused_inames(with_unused_chain).all_inames(), (std::vector<std::string>{"i"}))
      << "p bounds only q, which goes too";
  std::string message =
      error_message<Error>([&] { remove_unused_inames(with_unused_chain, {"p"}); });
  EXPECT_NE(
      message.find("remove_unused_inames: iname 'p' is not unused: it bounds the domain of 'q'"),
      std::string::npos)
      << message;
}

TEST(RemoveUnusedInames, Refusals) {
  LoopKernel matmul = test_kernels::matmul();
  std::string used = error_message<Error>([&] { remove_unused_inames(matmul, {"k"}); });
  EXPECT_NE(used.find("remove_unused_inames: iname 'k' is not unused: instruction 'insn' uses it"),
            std::string::npos)
      << used;
  std::string unknown = error_message<Error>([&] { remove_unused_inames(matmul, {"q"}); });
  EXPECT_NE(unknown.find("remove_unused_inames: unknown iname 'q'"), std::string::npos) << unknown;
}

}  // namespace
}  // namespace loom
