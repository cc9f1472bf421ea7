// duplicate_inames: copies executed against the untransformed kernel (one iname, related inames
// of one domain, reduction inames, dependent domains), naming and tags, a duplication that would
// break a recurrence, and refusals.
#include <gtest/gtest.h>

#include "loom/loom.hpp"
#include "test_helpers.hpp"
#include "test_kernels.hpp"

namespace loom {
namespace {

using testing::error_message;
using testing::expect_matches_reference;

LoopKernel fill_then_use() {
  return make_kernel({"{[i]: 0<=i<n}"},
                     "b[i] = 2*a[i] {id=fill}\n"
                     "c[i] = b[i] + 1 {id=use, dep=fill}",
                     {array_arg("a, b, c", DType::Float32, {"n"})}, {.name = "fill_use"});
}

TEST(DuplicateInames, GivesTheMatchedInstructionsALoopOfTheirOwn) {
  LoopKernel reference = fill_then_use();
  LoopKernel duplicated = duplicate_inames(reference, {"i"}, {.within = "id:use"});
  EXPECT_EQ(duplicated.domains[0].inames, (std::vector<std::string>{"i", "i_0"}));
  EXPECT_EQ(duplicated.find_instruction("fill")->within_inames, (std::set<std::string>{"i"}));
  EXPECT_EQ(duplicated.find_instruction("use")->within_inames, (std::set<std::string>{"i_0"}));
  EXPECT_NE(instructions_text(duplicated).find("c[i_0] = b[i_0] + 1"), std::string::npos)
      << instructions_text(duplicated);
  std::string source = generate_code(duplicated, Target::C).source;
  EXPECT_NE(source.find("for (int32_t i = 0; i < n; ++i)"), std::string::npos) << source;
  EXPECT_NE(source.find("for (int32_t i_0 = 0; i_0 < n; ++i_0)"), std::string::npos) << source;
  for (int64_t n : {0, 1, 9, 23}) expect_matches_reference(duplicated, reference, {{"n", n}});
  // `iname:i` still selects the instruction that now runs in the copy.
  LoopKernel split = split_iname(duplicated, "i_0", 4, {.within = "iname:i"});
  EXPECT_EQ(split.find_instruction("use")->within_inames,
            (std::set<std::string>{"i_0_outer", "i_0_inner"}));
}

// Transform fuzzer, seed 74000228: t is written once per k and read by the reduction over k in
// the same iteration. Duplicating k for the reduction alone would put it after every write of t
// (each max would read the last k's value); the check every transform runs on temporaries'
// loops (check_temporaries_stay_in_their_readers_loops) refuses it, as it refuses it for a
// reader outside a reduction. Duplicating k for both instructions keeps them together and matches.
TEST(DuplicateInames, RefusesSeparatingAReductionFromTheValuesItReadsPerIteration) {
  LoopKernel reference = make_kernel({"{[i,k]: 0<=i<n and 0<=k<m}"},
                                     "<float32> t = a[i, k]*y[k] {id=w}\nout[i] = max(k, t) {id=r, dep=w}",
                                     {array_arg("a", DType::Float32, {"n", "m"}), array_arg("y", DType::Float32, {"m"}),
                                      array_arg("out", DType::Float32, {"n"})});
  std::string message = error_message<LegalityError>([&] { duplicate_inames(reference, {"k"}, {.within = "id:r"}); });
  // The dependence model reads inside reductions once per step (analysis/reduction_terms.hpp): the
  // step at k_0 = 0 would read t after the write of k = 1.
  EXPECT_NE(message.find("duplicate_inames: instruction 'w' must follow 'r' (anti dependence through 't'), but the new "
                         "loop order runs them the other way round: r[i=0, k_0=0] reads t before w[i=0, k=1] overwrites it"),
            std::string::npos)
      << message;
  LoopKernel both = duplicate_inames(reference, {"k"}, {.within = "id:r or id:w"});
  for (int64_t m : {1, 3, 8}) expect_matches_reference(both, reference, {{"n", 2}, {"m", m}});
}

// The same read through a substitution rule (reduction_arg_to_subst_rule moves the reduction's
// argument into one; the fuzzer's seed 74000228 did so): the rule's read of t is the reduction's.
// duplicate_inames and split_iname of k for the reduction alone were accepted (split_iname, and
// duplicate_inames before its own special case) and every max read the last k's value.
TEST(DuplicateInames, RefusesSeparatingAReductionFromAValueItReadsThroughARule) {
  LoopKernel reference = make_kernel({"{[i,k]: 0<=i<n and 0<=k<m}"},
                                     "<float32> t = a[i, k]*y[k] {id=w}\nout[i] = max(k, t) {id=r, dep=w}",
                                     {array_arg("a", DType::Float32, {"n", "m"}), array_arg("y", DType::Float32, {"m"}),
                                      array_arg("out", DType::Float32, {"n"})});
  LoopKernel through_rule = reduction_arg_to_subst_rule(reference, {"k"});
  std::string refusal = "instruction 'w' must follow 'r' (anti dependence through 't')";
  std::string duplicated = error_message<LegalityError>([&] { duplicate_inames(through_rule, {"k"}, {.within = "id:r"}); });
  EXPECT_NE(duplicated.find("duplicate_inames: " + refusal), std::string::npos) << duplicated;
  std::string split = error_message<LegalityError>([&] { split_iname(through_rule, "k", 2, {.within = "id:r"}); });
  EXPECT_NE(split.find("split_iname: " + refusal), std::string::npos) << split;
  // Kept together, they match.
  LoopKernel both = duplicate_inames(through_rule, {"k"});
  LoopKernel split_both = split_iname(through_rule, "k", 2);
  for (int64_t m : {1, 3, 8}) {
    expect_matches_reference(both, reference, {{"n", 2}, {"m", m}});
    expect_matches_reference(split_both, reference, {{"n", 2}, {"m", m}});
  }
}

// The same with an array (g[0], written once per k): the dependence check models a read inside a
// reduction as one read per instance of the reducing instruction, without k, so moving the
// reduction into a loop of its own changed no pair it sees, and every max read the last k's value
// (found while writing the rule case above). The temporaries' loops check covers arrays read
// inside reductions too.
TEST(DuplicateInames, RefusesSeparatingAReductionFromAnArrayElementWrittenPerIteration) {
  LoopKernel reference = make_kernel({"{[i,k]: 0<=i<n and 0<=k<m}"},
                                     "g[0] = a[i, k]*y[k] {id=w}\nout[i] = max(k, g[0]) {id=r, dep=w}",
                                     {array_arg("a", DType::Float32, {"n", "m"}), array_arg("y", DType::Float32, {"m"}),
                                      array_arg("g", DType::Float32, {"1"}), array_arg("out", DType::Float32, {"n"})});
  std::string refusal = "instruction 'w' must follow 'r' (anti dependence through 'g')";
  std::string duplicated = error_message<LegalityError>([&] { duplicate_inames(reference, {"k"}, {.within = "id:r"}); });
  EXPECT_NE(duplicated.find("duplicate_inames: " + refusal), std::string::npos) << duplicated;
  std::string split = error_message<LegalityError>([&] { split_iname(reference, "k", 2, {.within = "id:r"}); });
  EXPECT_NE(split.find("split_iname: " + refusal), std::string::npos) << split;
  LoopKernel both = duplicate_inames(reference, {"k"});
  LoopKernel split_both = split_iname(reference, "k", 2);
  for (int64_t m : {1, 3, 8}) {
    expect_matches_reference(both, reference, {{"n", 2}, {"m", m}});
    expect_matches_reference(split_both, reference, {{"n", 2}, {"m", m}});
  }
}

TEST(DuplicateInames, NamesAndTags) {
  LoopKernel reference = fill_then_use();
  LoopKernel named = duplicate_inames(reference, {"i"}, {.within = "id:use", .new_inames = {"k"}});
  EXPECT_EQ(named.find_instruction("use")->within_inames, (std::set<std::string>{"k"}));
  LoopKernel suffixed = duplicate_inames(reference, {"i"}, {.within = "id:use", .suffix = "_use"});
  EXPECT_EQ(suffixed.find_instruction("use")->within_inames, (std::set<std::string>{"i_use"}));
  // The default name skips names in use.
  LoopKernel taken = make_kernel(
      {"{[i, i_0]: 0<=i<n and 0<=i_0<2}"}, "out[i_0, i] = a[i] {id=x}",
      {array_arg("a", DType::Float32, {"n"}), array_arg("out", DType::Float32, {"2", "n"})});
  EXPECT_EQ(duplicate_inames(taken, {"i"}).find_instruction("x")->within_inames,
            (std::set<std::string>{"i_0", "i_1"}));
  // Tags may be keyed by the copy (loom) or by the original iname (loopy).
  LoopKernel by_copy =
      duplicate_inames(reference, {"i"}, {.within = "id:use", .tags = {{"i_0", "l.0"}}});
  LoopKernel by_original =
      duplicate_inames(reference, {"i"}, {.within = "id:use", .tags = {{"i", "l.0"}}});
  EXPECT_EQ(by_copy.tag_of("i_0"), (InameTag{InameTag::Kind::Local, 0}));
  EXPECT_EQ(by_original.tag_of("i_0"), (InameTag{InameTag::Kind::Local, 0}));
  EXPECT_EQ(by_original.tag_of("i").kind, InameTag::Kind::Sequential)
      << "the original keeps its own tag";
  for (int64_t n : {1, 16, 17}) expect_matches_reference(by_original, reference, {{"n", n}});
}

TEST(DuplicateInames, RelatedInamesOfOneDomainKeepTheirRelation) {
  // Copying i and j of a triangle must give j_0 <= i_0; a copy of j bounded by i (or by
  // nothing) would write outside the triangle and the comparison would see it.
  LoopKernel reference = make_kernel({"{[i,j]: 0<=i<n and 0<=j<=i}"},
                                     "lower[i, j] = a[i, j] {id=x}\n"
                                     "twice[i, j] = 2*a[i, j] {id=y}",
                                     {array_arg("a, lower, twice", DType::Float32, {"n", "n"})});
  LoopKernel duplicated = duplicate_inames(reference, {"i", "j"}, {.within = "id:y"});
  EXPECT_EQ(duplicated.domains[0].inames, (std::vector<std::string>{"i", "i_0", "j", "j_0"}));
  EXPECT_EQ(duplicated.find_instruction("y")->within_inames, (std::set<std::string>{"i_0", "j_0"}));
  for (int64_t n : {0, 1, 6, 11}) expect_matches_reference(duplicated, reference, {{"n", n}});
}

TEST(DuplicateInames, ReductionInameAndDependentDomain) {
  LoopKernel sums = make_kernel(
      {"{[i,k]: 0<=i<n and 0<=k<m}"},
      "c[i] = sum(k, a[i, k]) {id=s1}\n"
      "d[i] = sum(k, b[i, k]) {id=s2}",
      {array_arg("a, b", DType::Float32, {"n", "m"}), array_arg("c, d", DType::Float32, {"n"})});
  LoopKernel duplicated = duplicate_inames(sums, {"k"}, {.within = "id:s2"});
  EXPECT_NE(instructions_text(duplicated).find("sum(k_0, b[i, k_0])"), std::string::npos)
      << instructions_text(duplicated);
  for (auto [n, m] : {std::pair{1, 1}, {5, 3}, {7, 13}}) {
    expect_matches_reference(duplicated, sums, {{"n", n}, {"m", m}});
  }
  // j's domain is bounded by i: copying both gives j_0 a domain bounded by i_0.
  LoopKernel triangle = test_kernels::two_domains();
  LoopKernel both = duplicate_inames(triangle, {"i", "j"}, {.new_inames = {"r", "c"}});
  EXPECT_EQ(both.domains[1].inames, (std::vector<std::string>{"j", "c"}));
  EXPECT_NE(instructions_text(both).find("out[r] = sum(c, a[c])"), std::string::npos)
      << instructions_text(both);
  for (int64_t n : {0, 1, 7, 13}) expect_matches_reference(both, triangle, {{"n", n}});
}

TEST(DuplicateInames, RefusesToSplitARecurrence) {
  // x[i] reads c[i], written by y[i-1]: the two must stay in one loop.
  LoopKernel reference =
      make_kernel({"{[i]: 0<=i<n}"},
                  "b[i] = c[i] + 1 {id=x, dep=*}\n"
                  "c[i+1] = 2*b[i] {id=y, dep=x}",
                  {array_arg("b", DType::Float32, {"n"}), array_arg("c", DType::Float32, {"n+1"})});
  std::string message =
      error_message<LegalityError>([&] { duplicate_inames(reference, {"i"}, {.within = "id:y"}); });
  EXPECT_NE(message.find(
                "duplicate_inames: instruction 'x' must follow 'y' (flow dependence through 'c')"),
            std::string::npos)
      << message;
  LoopKernel together = duplicate_inames(reference, {"i"});  // both move: still one loop
  for (int64_t n : {0, 1, 9}) expect_matches_reference(together, reference, {{"n", n}});
  LoopKernel forced = duplicate_inames(reference, {"i"}, {.within = "id:y", .unchecked = true});
  EXPECT_FALSE(check_against_reference(forced, reference, {{"n", 9}}).passed)
      << "the refused copy is really wrong";
}

TEST(DuplicateInames, Refusals) {
  LoopKernel kernel = fill_then_use();
  auto refusal = [&](const std::vector<std::string>& inames, const DuplicateOptions& options) {
    return error_message<Error>([&] { duplicate_inames(kernel, inames, options); });
  };
  std::string unknown = refusal({"q"}, {});
  EXPECT_NE(unknown.find("duplicate_inames: unknown iname 'q'"), std::string::npos) << unknown;
  std::string length = refusal({"i"}, {.new_inames = {"k", "l"}});
  EXPECT_NE(length.find("duplicate_inames: new_inames (k, l) must name one copy per iname (i)"),
            std::string::npos)
      << length;
  std::string exists = refusal({"i"}, {.new_inames = {"a"}});
  EXPECT_NE(exists.find("duplicate_inames: the new iname 'a' is already used in the kernel"),
            std::string::npos)
      << exists;
  std::string invalid = refusal({"i"}, {.new_inames = {"k-1"}});
  EXPECT_NE(invalid.find("duplicate_inames: 'k-1' is not a valid iname"), std::string::npos)
      << invalid;
  std::string twice = refusal({"i", "i"}, {});
  EXPECT_NE(twice.find("iname 'i' is listed twice"), std::string::npos) << twice;
  std::string tag_key = refusal({"i"}, {.tags = {{"z", "l.0"}}});
  EXPECT_NE(tag_key.find(
                "duplicate_inames: tags name 'z', which is neither a duplicated iname nor a copy"),
            std::string::npos)
      << tag_key;
  std::string bad_tag = refusal({"i"}, {.tags = {{"i", "l.9"}}});
  EXPECT_NE(bad_tag.find("duplicate_inames: unknown iname tag 'l.9'"), std::string::npos)
      << bad_tag;
  std::string nothing = refusal({"i"}, {.within = "id:nothing*"});
  EXPECT_NE(
      nothing.find("duplicate_inames: within='id:nothing*' matches no instruction that uses 'i'"),
      std::string::npos)
      << nothing;
  std::string bounded =
      error_message<Error>([&] { duplicate_inames(test_kernels::two_domains(), {"i"}); });
  EXPECT_NE(bounded.find("duplicate_inames: instruction 'insn' also uses iname 'j', whose domain "
                         "is bounded by 'i', "
                         "so it cannot use a copy of 'i'; duplicate 'j' as well"),
            std::string::npos)
      << bounded;
}

}  // namespace
}  // namespace loom
