// rename_iname / rename_inames: plain renames (domains, dependent domains, reductions, tags,
// priorities), partial renames with `within`, loop merges that are legal and illegal, all
// executed against the untransformed kernel; and refusals.
#include <gtest/gtest.h>

#include "loom/loom.hpp"
#include "test_helpers.hpp"
#include "test_kernels.hpp"

namespace loom {
namespace {

using testing::error_message;
using testing::expect_matches_reference;

std::size_t count(const std::string& text, const std::string& pattern) {
  std::size_t n = 0;
  for (std::size_t at = text.find(pattern); at != std::string::npos;
       at = text.find(pattern, at + 1))
    ++n;
  return n;
}

// Two loops over equal ranges; `reader` reads b at `read_index` (in ii).
LoopKernel two_loops(const std::string& read_index) {
  return make_kernel({"{[i]: 0<=i<n}", "{[ii]: 0<=ii<n}"},
                     "b[i] = 2*a[i] {id=writer}\n"
                     "c[ii] = b[" +
                         read_index + "] + 1 {id=reader, dep=writer}",
                     {array_arg("a, b, c", DType::Float32, {"n"})}, {.name = "two_loops"});
}

TEST(RenameIname, RenamesEverywhere) {
  LoopKernel reference = test_kernels::vector_scale();
  LoopKernel renamed = rename_iname(reference, "i", "k");
  EXPECT_EQ(renamed.all_inames(), (std::vector<std::string>{"k"}));
  EXPECT_EQ(renamed.instructions[0].within_inames, (std::set<std::string>{"k"}));
  EXPECT_EQ(instructions_text(renamed).find("[i]"), std::string::npos)
      << instructions_text(renamed);
  ASSERT_FALSE(renamed.iname_rewrites.empty());
  EXPECT_EQ(renamed.iname_rewrites.back().relation, "i = k");
  std::string source = generate_code(renamed, Target::C).source;
  EXPECT_NE(source.find("for (int32_t k = 0; k < n; ++k)"), std::string::npos) << source;
  for (int64_t n : {0, 1, 17, 31}) expect_matches_reference(renamed, reference, {{"n", n}});
  // A `within` naming the old iname still finds the instruction.
  LoopKernel split = split_iname(renamed, "k", 4, {.within = "iname:i"});
  EXPECT_EQ(split.instructions[0].within_inames, (std::set<std::string>{"k_outer", "k_inner"}));
}

TEST(RenameIname, DependentDomainAndReductionIname) {
  // {[j]: 0<=j<=i}: renaming i must rename the bound of j's domain too.
  LoopKernel reference = test_kernels::two_domains();
  LoopKernel renamed = rename_iname(rename_iname(reference, "i", "row"), "j", "col");
  EXPECT_EQ(renamed.all_inames(), (std::vector<std::string>{"row", "col"}));
  EXPECT_EQ(renamed.domains[1].parameters, (std::vector<std::string>{"row"}));
  EXPECT_NE(instructions_text(renamed).find("sum(col, a[col])"), std::string::npos)
      << instructions_text(renamed);
  for (int64_t n : {0, 1, 7, 13}) expect_matches_reference(renamed, reference, {{"n", n}});
}

TEST(RenameIname, KeepsTagsAndPriorities) {
  LoopKernel matmul = test_kernels::matmul();
  LoopKernel prepared = prioritize_loops(tag_inames(matmul, "i:g.0"), "j, k");
  LoopKernel renamed = rename_iname(rename_iname(prepared, "i", "row"), "j", "col");
  EXPECT_EQ(renamed.tag_of("row"), (InameTag{InameTag::Kind::Group, 0}));
  EXPECT_EQ(renamed.iname_tags.count("i"), 0u);
  EXPECT_EQ(renamed.loop_priorities, (std::vector<std::vector<std::string>>{{"col", "k"}}));
  for (int64_t n : {1, 6, 11}) expect_matches_reference(renamed, matmul, {{"n", n}});
}

TEST(RenameIname, WithinRenamesOnlyTheMatchedInstructions) {
  LoopKernel reference =
      make_kernel({"{[i]: 0<=i<n}"},
                  "b[i] = 2*a[i] {id=fill}\n"
                  "c[i] = b[i] + 1 {id=use, dep=fill}",
                  {array_arg("a, b, c", DType::Float32, {"n"})}, {.name = "fill_use"});
  LoopKernel tagged = tag_inames(reference, "i:l.0");
  LoopKernel renamed = rename_iname(tagged, "i", "k", {.within = "id:use"});
  EXPECT_EQ(renamed.find_instruction("fill")->within_inames, (std::set<std::string>{"i"}));
  EXPECT_EQ(renamed.find_instruction("use")->within_inames, (std::set<std::string>{"k"}));
  EXPECT_EQ(renamed.domains.size(), 1u);
  EXPECT_EQ(renamed.domains[0].inames, (std::vector<std::string>{"i", "k"}));
  EXPECT_EQ(renamed.tag_of("k"), renamed.tag_of("i")) << "a renamed iname keeps its tag";
  for (int64_t n : {0, 1, 9, 23}) expect_matches_reference(renamed, reference, {{"n", n}});
}

TEST(RenameIname, LegalMergeFusesTheLoops) {
  LoopKernel reference = two_loops("ii");
  LoopKernel merged = rename_iname(reference, "ii", "i", {.existing_ok = true});
  EXPECT_EQ(merged.all_inames(), (std::vector<std::string>{"i"}));
  EXPECT_EQ(merged.domains.size(), 1u) << "ii's domain had no other iname: dropped";
  EXPECT_EQ(merged.find_instruction("reader")->within_inames, (std::set<std::string>{"i"}));
  std::string source = generate_code(merged, Target::C).source;
  std::string body = source.substr(source.find("void two_loops("));
  EXPECT_EQ(count(body, "for ("), 1u) << body;
  for (int64_t n : {0, 1, 8, 19}) expect_matches_reference(merged, reference, {{"n", n}});
}

TEST(RenameIname, IllegalMergeIsRefused) {
  // reader[ii] needs writer[n-1-ii]: in one fused loop it would run before that writer for
  // ii < (n-1)/2.
  LoopKernel reference = two_loops("n - 1 - ii");
  std::string message = error_message<LegalityError>(
      [&] { rename_iname(reference, "ii", "i", {.existing_ok = true}); });
  EXPECT_NE(
      message.find(
          "rename_iname: instruction 'reader' must follow 'writer' (flow dependence through 'b')"),
      std::string::npos)
      << message;
  LoopKernel forced = rename_iname(reference, "ii", "i", {.existing_ok = true, .unchecked = true});
  EXPECT_FALSE(check_against_reference(forced, reference, {{"n", 9}}).passed)
      << "the refused merge is really wrong";
}

TEST(RenameIname, MergeWithinOneDomain) {
  LoopKernel reference = make_kernel({"{[i,j]: 0<=i,j<n}"},
                                     "b[i] = 2*a[i] {id=x}\n"
                                     "c[j] = 3*a[j] {id=y}",
                                     {array_arg("a, b, c", DType::Float32, {"n"})});
  LoopKernel merged = rename_iname(reference, "j", "i", {.existing_ok = true});
  ASSERT_EQ(merged.domains.size(), 1u);
  EXPECT_EQ(merged.domains[0].inames, (std::vector<std::string>{"i"}));
  for (int64_t n : {0, 1, 5, 13}) expect_matches_reference(merged, reference, {{"n", n}});
}

TEST(RenameIname, MergeWithinKeepsTheOldInameForOthers) {
  LoopKernel reference = make_kernel({"{[i]: 0<=i<n}", "{[ii]: 0<=ii<n}"},
                                     "b[i] = 2*a[i] {id=writer}\n"
                                     "c[ii] = b[ii] + 1 {id=reader, dep=writer}\n"
                                     "d[ii] = 3*a[ii] {id=other}",
                                     {array_arg("a, b, c, d", DType::Float32, {"n"})});
  LoopKernel merged =
      rename_iname(reference, "ii", "i", {.existing_ok = true, .within = "id:reader"});
  EXPECT_EQ(merged.all_inames(), (std::vector<std::string>{"i", "ii"}));
  EXPECT_EQ(merged.find_instruction("other")->within_inames, (std::set<std::string>{"ii"}));
  EXPECT_EQ(merged.find_instruction("reader")->within_inames, (std::set<std::string>{"i"}));
  for (int64_t n : {1, 7, 11}) expect_matches_reference(merged, reference, {{"n", n}});
}

TEST(RenameInames, MergesSeveralLoopsIntoANewOne) {
  LoopKernel reference =
      make_kernel({"{[i]: 0<=i<n}", "{[j]: 0<=j<n}", "{[k]: 0<=k<n}"},
                  "b[i] = 2*a[i] {id=x}\n"
                  "c[j] = b[j] + 1 {id=y, dep=x}\n"
                  "d[k] = c[k] * b[k] {id=z, dep=y}",
                  {array_arg("a, b, c, d", DType::Float32, {"n"})}, {.name = "three_loops"});
  LoopKernel merged = rename_inames(reference, {"i", "j", "k"}, "m");
  EXPECT_EQ(merged.all_inames(), (std::vector<std::string>{"m"}));
  for (const Instruction& instruction : merged.instructions) {
    EXPECT_EQ(instruction.within_inames, (std::set<std::string>{"m"})) << instruction.id;
  }
  std::string source = generate_code(merged, Target::C).source;
  EXPECT_EQ(count(source.substr(source.find("void three_loops(")), "for ("), 1u) << source;
  for (int64_t n : {0, 1, 6, 17}) expect_matches_reference(merged, reference, {{"n", n}});
  LoopKernel into_existing = rename_inames(reference, {"j", "k"}, "i", {.existing_ok = true});
  EXPECT_EQ(into_existing.all_inames(), (std::vector<std::string>{"i"}));
  for (int64_t n : {1, 6}) expect_matches_reference(into_existing, reference, {{"n", n}});
}

TEST(RenameIname, MergeRefusals) {
  LoopKernel shorter =
      make_kernel({"{[i]: 0<=i<n}", "{[j]: 0<=j<n-1}"}, "b[i] = 2*a[i]\nc[j] = a[j]",
                  {array_arg("a, b, c", DType::Float32, {"n"})});
  std::string differ =
      error_message<Error>([&] { rename_iname(shorter, "j", "i", {.existing_ok = true}); });
  EXPECT_NE(differ.find("rename_iname: cannot merge 'j' into 'i': their domains differ ("),
            std::string::npos)
      << differ;
  EXPECT_NE(differ.find("{ [j] :"), std::string::npos) << differ;
  EXPECT_NE(differ.find("{ [i] :"), std::string::npos) << differ;
  std::string several = error_message<Error>([&] { rename_inames(shorter, {"i", "j"}, "m"); });
  EXPECT_NE(several.find("rename_inames: cannot merge 'j' into 'm': their domains differ"),
            std::string::npos)
      << several;

  std::string both = error_message<Error>(
      [&] { rename_iname(test_kernels::matmul(), "k", "j", {.existing_ok = true}); });
  EXPECT_NE(both.find("cannot merge 'k' into 'j': instruction 'insn' uses both"), std::string::npos)
      << both;

  LoopKernel bounding = make_kernel({"{[i]: 0<=i<n}", "{[j]: 0<=j<n}", "{[k]: 0<=k<=i}"},
                                    "b[i] = sum(k, a[k]) {id=x}\nc[j] = a[j] {id=y}",
                                    {array_arg("a, b, c", DType::Float32, {"n"})});
  std::string bound =
      error_message<Error>([&] { rename_iname(bounding, "i", "j", {.existing_ok = true}); });
  EXPECT_NE(bound.find("cannot merge 'i' into 'j': it bounds the domain of 'k'"), std::string::npos)
      << bound;
}

TEST(RenameIname, PartialRenameOfADomainBound) {
  LoopKernel reference = make_kernel({"{[i]: 0<=i<n}", "{[j]: 0<=j<=i}"},
                                     "b[i] = sum(j, a[j]) {id=s}\n"
                                     "c[i] = 2*a[i] {id=t}",
                                     {array_arg("a, b, c", DType::Float64, {"n"})});
  std::string message =
      error_message<Error>([&] { rename_iname(reference, "i", "r", {.within = "id:s"}); });
  EXPECT_NE(
      message.find(
          "rename_iname: instruction 's' also uses iname 'j', whose domain is bounded by 'i', so "
          "it "
          "cannot use a copy of 'i'; rename 'i' in every instruction that uses it (no within)"),
      std::string::npos)
      << message;
  LoopKernel renamed = rename_iname(reference, "i", "r", {.within = "id:t"});
  EXPECT_EQ(renamed.find_instruction("t")->within_inames, (std::set<std::string>{"r"}));
  for (int64_t n : {0, 1, 10}) expect_matches_reference(renamed, reference, {{"n", n}});
}

TEST(RenameIname, Refusals) {
  LoopKernel kernel = test_kernels::ordered_by_dep();
  std::string unknown = error_message<Error>([&] { rename_iname(kernel, "q", "k"); });
  EXPECT_NE(unknown.find("rename_iname: unknown iname 'q'"), std::string::npos) << unknown;
  std::string exists = error_message<Error>([&] { rename_iname(kernel, "ii", "i"); });
  EXPECT_NE(exists.find("rename_iname: iname 'i' already exists; pass existing_ok=true to merge "
                        "the loops into it"),
            std::string::npos)
      << exists;
  std::string argument =
      error_message<Error>([&] { rename_iname(kernel, "i", "a", {.existing_ok = true}); });
  EXPECT_NE(
      argument.find("rename_iname: the name 'a' is already used in the kernel (not as an iname)"),
      std::string::npos)
      << argument;
  std::string parameter = error_message<Error>([&] { rename_iname(kernel, "i", "n"); });
  EXPECT_NE(parameter.find("the name 'n' is already used"), std::string::npos) << parameter;
  std::string invalid = error_message<Error>([&] { rename_iname(kernel, "i", "2k"); });
  EXPECT_NE(invalid.find("rename_iname: '2k' is not a valid iname"), std::string::npos) << invalid;
  std::string itself =
      error_message<Error>([&] { rename_iname(kernel, "i", "i", {.existing_ok = true}); });
  EXPECT_NE(itself.find("iname 'i' would be renamed to itself"), std::string::npos) << itself;
  std::string nothing =
      error_message<Error>([&] { rename_iname(kernel, "i", "k", {.within = "id:reverse"}); });
  EXPECT_NE(nothing.find("within='id:reverse' matches no instruction that uses 'i'"),
            std::string::npos)
      << nothing;
  std::string twice = error_message<Error>([&] { rename_inames(kernel, {"i", "i"}, "k"); });
  EXPECT_NE(twice.find("rename_inames: iname 'i' is listed twice"), std::string::npos) << twice;
}

}  // namespace
}  // namespace loom
