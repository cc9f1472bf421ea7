// Checks a transform cannot affect are skipped (issue 26): split_iname checks write races only
// along the inames it tags; add_prefetch does not bounds-check its new tile's accesses (inside
// the tile by construction). The verdicts must equal the full check's: these tests show the
// restricted checks refuse with the full check's text, and that LOOM_VERIFY_SKIPPED_CHECKS=1
// (which ctest SkippedChecksVerified.transforms sets for every transform test) catches a
// restriction that would accept a race or an access outside an array.
#include <gtest/gtest.h>

#include <cstdlib>
#include <optional>
#include <set>
#include <string>

#include "analysis/accesses.hpp"
#include "analysis/checks.hpp"
#include "analysis/index_digits.hpp"
#include "analysis/dependences.hpp"
#include "ir/work_counters.hpp"
#include "runtime/scoped_env.hpp"
#include "loom/loom.hpp"
#include "test_helpers.hpp"
#include "transforms/transform_support.hpp"

namespace loom {
namespace {

using testing::error_message;
using testing::expect_matches_reference;

// out[i] is written by every j: a race along j once j (or a part of it) runs in parallel.
LoopKernel row_writer() {
  return make_kernel({"{[i,j]: 0<=i,j<n}"}, "out[i] = a[i, j]",
                     {array_arg("a", DType::Float32, {"n", "n"}), array_arg("out", DType::Float32, {"n"})});
}

using loom::testing::ScopedEnv;  // (ctest SkippedChecksVerified.transforms runs this file with the verification on)

TEST(SkippedChecks, SplitRefusesARaceAlongItsTaggedInameWithTheFullChecksText) {
  LoopKernel kernel = split_iname(row_writer(), "i", 4);  // checked: the next split's checks are restricted
  SplitOptions options;
  options.inner_tag = "l.0";
  std::string restricted = error_message<LegalityError>([&] { split_iname(kernel, "j", 8, options); });
  options.unchecked = true;
  LoopKernel racy = split_iname(kernel, "j", 8, options);
  std::string full = error_message<LegalityError>([&] { check_write_races(racy, "split_iname: "); });
  EXPECT_EQ(restricted, full);
  EXPECT_NE(restricted.find("write race: instruction 'insn' writes 'out' (global) within iname 'j_inner'"), std::string::npos)
      << restricted;
}

TEST(SkippedChecks, SplitTaggingARaceFreeInameIsAccepted) {
  LoopKernel kernel = split_iname(row_writer(), "j", 4);
  SplitOptions options;
  options.inner_tag = "l.0";
  LoopKernel split = split_iname(kernel, "i", 8, options);
  EXPECT_EQ(split.tag_of("i_inner"), (InameTag{InameTag::Kind::Local, 0}));
  EXPECT_NO_THROW(check_write_races(split));
}

// A restriction that leaves out the racing iname passes the race check (the check is trusted to
// be told the right inames; here only the dependence check, which runs after it, still refuses);
// the verification runs the full check as well and fails on the difference.
TEST(SkippedChecks, VerificationCatchesARestrictionThatWouldAcceptARace) {
  LoopKernel before = split_iname(row_writer(), "i", 4);
  ASSERT_TRUE(before.verified);
  LoopKernel racy = tag_inames(before, "j:l.0", /*unchecked=*/true);
  TransformCall call{"test_transform", {}};
  std::optional<ScopedEnv> unverified_run;
  unverified_run.emplace("LOOM_VERIFY_SKIPPED_CHECKS", nullptr);
  std::string unverified = error_message<LegalityError>([&] {
    finish_transform(before, racy, call, std::nullopt, false, CheckScope::Parallel, std::set<std::string>{"i_inner"});
  });
  EXPECT_NE(unverified.find("must follow 'insn' (output dependence through 'out')"), std::string::npos) << unverified;
  EXPECT_EQ(unverified.find("write race"), std::string::npos) << unverified;
  unverified_run.reset();
  ScopedEnv verify("LOOM_VERIFY_SKIPPED_CHECKS", "1");
  std::string message = error_message<InternalError>([&] {
    finish_transform(before, racy, call, std::nullopt, false, CheckScope::Parallel, std::set<std::string>{"i_inner"});
  });
  EXPECT_NE(message.find("the write-race check along 1 iname(s) says legal, the full check says LegalityError"),
            std::string::npos)
      << message;
  // Told the racing iname, both checks agree and the refusal is the full check's.
  std::string refusal = error_message<LegalityError>([&] {
    finish_transform(before, racy, call, std::nullopt, false, CheckScope::Parallel, std::set<std::string>{"j"});
  });
  EXPECT_NE(refusal.find("within iname 'j' (tagged l.0)"), std::string::npos) << refusal;
}

// out[i] = a[i + 1] reads one element past a's shape (n) at the last i.
LoopKernel reads_past_the_end() {
  return make_kernel({"{[i]: 0<=i<n}"}, "out[i] = a[i + 1]", {array_arg("a, out", DType::Float32, {"n"})});
}

// The reader now reads the tile (not checked); the copy's read of `a` is, and it is what overruns.
TEST(SkippedChecks, PrefetchStillChecksItsCopysReadOfTheArray) {
  SplitOptions split;
  split.outer_tag = "g.0";
  split.inner_tag = "l.0";
  split.unchecked = true;
  LoopKernel kernel = split_iname(reads_past_the_end(), "i", 16, split);
  PrefetchOptions options;
  options.sweep_inames = {"i_inner"};
  options.fetch_outer_inames = std::vector<std::string>{"i_outer"};
  options.default_tag = "l.auto";
  std::string message = error_message<LegalityError>([&] { add_prefetch(kernel, "a", options); });
  options.unchecked = true;
  LoopKernel fetched = add_prefetch(kernel, "a", options);
  // The full check refuses the same access (the instance isl samples may differ under
  // LOOM_VERIFY_ISL_MEMO, which hands one of the two runs recomputed relations).
  std::string full = error_message<LegalityError>([&] { check_bounds(fetched, "add_prefetch: "); });
  std::string refused = "add_prefetch: instruction 'a_fetch_rule' reads a[a_dim_0 + 16*i_outer + 1] outside the shape (n) of 'a'";
  EXPECT_EQ(message.substr(0, refused.size()), refused) << message;
  EXPECT_EQ(full.substr(0, refused.size()), refused) << full;
}

// Told that `a` is accessed inside its shape by construction, the bounds check passes a kernel
// that overruns it; the verification runs the full check as well and fails on the difference.
TEST(SkippedChecks, VerificationCatchesABoundsSkipThatWouldAcceptAnOverrun) {
  LoopKernel before = make_kernel({"{[i]: 0<=i<n}"}, "out[i] = a[i]", {array_arg("a, out", DType::Float32, {"n"})});
  LoopKernel overrun = reads_past_the_end();
  TransformCall call{"test_transform", {}};
  auto finish = [&](const std::set<std::string>& in_bounds) {
    finish_transform(before, overrun, call, std::nullopt, false, CheckScope::All, std::nullopt, in_bounds);
  };
  std::optional<ScopedEnv> unverified_run;
  unverified_run.emplace("LOOM_VERIFY_SKIPPED_CHECKS", nullptr);
  EXPECT_NO_THROW(finish({"a"}));
  unverified_run.reset();
  ScopedEnv verify("LOOM_VERIFY_SKIPPED_CHECKS", "1");
  std::string message = error_message<InternalError>([&] { finish({"a"}); });
  EXPECT_NE(message.find("the bounds check without the accesses of a says legal, the full check says LegalityError"),
            std::string::npos)
      << message;
  // Without the claim both checks agree and the refusal is the full check's.
  std::string refusal = error_message<LegalityError>([&] { finish({}); });
  EXPECT_NE(refusal.find("test_transform: instruction 'insn' reads a[i + 1] outside the shape (n) of 'a'"),
            std::string::npos)
      << refusal;
}

// A transform's result is checked only where it differs from the kernel it started from: an
// access with the fingerprint of one `before` passed with (same relation inputs, the very IslSets,
// same shape, same concurrent inames) is not checked again. `before` is claimed checked here
// although `a[i + 1]` overruns; add_prefetch of `b` leaves that read as it was, so the unverified
// run accepts it, and the verification (the full check beside the skipping one) catches the claim.
TEST(SkippedChecks, AnAccessATransformLeftAsItWasIsNotCheckedAgain) {
  SplitOptions split;
  split.outer_tag = "g.0";
  split.inner_tag = "l.0";
  split.unchecked = true;
  LoopKernel before = split_iname(make_kernel({"{[i]: 0<=i<n}"}, "out[i] = a[i + 1]*b[i]",
                                              {array_arg("a, b, out", DType::Float32, {"n"})}),
                                  "i", 16, split);
  EXPECT_TRUE(passed_accesses(before).bounds.empty());  // unchecked: nothing is known to pass
  before.verified = true;                               // the false claim
  EXPECT_EQ(passed_accesses(before).bounds.size(), 3u);  // out, a, b
  EXPECT_EQ(passed_accesses(before).races.size(), 1u);   // out, along i_outer and i_inner
  PrefetchOptions options;
  options.sweep_inames = {"i_inner"};
  options.fetch_outer_inames = std::vector<std::string>{"i_outer"};
  options.default_tag = "l.auto";
  std::optional<ScopedEnv> unverified_run;
  unverified_run.emplace("LOOM_VERIFY_SKIPPED_CHECKS", nullptr);
  LoopKernel fetched = add_prefetch(before, "b", options);
  EXPECT_NE(to_string(fetched).find("b_fetch"), std::string::npos);
  // The copy's read of `b` is new and checked: a prefetch of `a` (whose reader changes) is refused.
  std::string refusal = error_message<LegalityError>([&] { add_prefetch(before, "a", options); });
  EXPECT_NE(refusal.find("add_prefetch: instruction 'a_fetch_rule' reads a[a_dim_0 + 16*i_outer + 1] outside the shape (n)"),
            std::string::npos)
      << refusal;
  unverified_run.reset();
  ScopedEnv verify("LOOM_VERIFY_SKIPPED_CHECKS", "1");
  std::string message = error_message<InternalError>([&] { add_prefetch(before, "b", options); });
  EXPECT_NE(message.find("add_prefetch: the bounds check without the 3 access(es) the kernel before passed with says "
                         "legal, the full check says LegalityError: add_prefetch: instruction 'insn' reads a[16*i_outer + "
                         "i_inner + 1] outside the shape (n) of 'a'"),
            std::string::npos)
      << message;
}

// The same for a write race: `before` claims checked with out[0] written by every work-item;
// a transform that leaves the write as it was does not look again (only the dependence check,
// which runs after it, still refuses), one that changes what the race depends on (here the tag of
// an iname the write runs in) does.
TEST(SkippedChecks, AWriteLeftAsItWasIsNotRaceCheckedAgainAChangedOneIs) {
  SplitOptions split;
  split.inner_tag = "l.0";
  split.unchecked = true;
  LoopKernel before = split_iname(make_kernel({"{[i]: 0<=i<n}"}, "out[0] = a[i]\nc[i] = 2*a[i] {id=other}",
                                              {array_arg("a, c", DType::Float32, {"n"}), array_arg("out", DType::Float32, {"1"})}),
                                  "i", 16, split);
  before.verified = true;  // the false claim
  TransformCall call{"test_transform", {}};
  std::optional<ScopedEnv> unverified_run;
  unverified_run.emplace("LOOM_VERIFY_SKIPPED_CHECKS", nullptr);
  std::string unverified = error_message<LegalityError>([&] {
    finish_transform(before, before, call, std::nullopt, false, CheckScope::All);
  });
  EXPECT_NE(unverified.find("must follow 'insn' (output dependence through 'out')"), std::string::npos) << unverified;
  EXPECT_EQ(unverified.find("write race"), std::string::npos) << unverified;
  std::string refusal = error_message<LegalityError>([&] { tag_inames(before, "i_outer:g.0"); });
  EXPECT_NE(refusal.find("tag_inames: write race: instruction 'insn' writes 'out' (global)"), std::string::npos)
      << refusal;
  unverified_run.reset();
  ScopedEnv verify("LOOM_VERIFY_SKIPPED_CHECKS", "1");
  std::string message = error_message<InternalError>([&] {
    finish_transform(before, before, call, std::nullopt, false, CheckScope::All);
  });
  EXPECT_NE(message.find("test_transform: the write-race check without the 2 write(s) the kernel before passed with says "
                         "legal, the full check says LegalityError: test_transform: write race: instruction 'insn'"),
            std::string::npos)
      << message;
}

// compute_dependences builds no isl relation for a variable nothing reads back whose one writer
// writes each element once (issue 26): such a write has no output dependence. The verification
// runs isl's flow analysis too and would fail where it found one.
std::vector<std::string> dependence_kinds(const LoopKernel& kernel) {
  std::vector<std::string> kinds;
  auto data = dependences_of(kernel);
  for (const Dependence& dependence : data->dependences) {
    kinds.push_back(std::string(dependence_kind_name(dependence.kind)) + " " + dependence.variable + " " +
                    dependence.source + "->" + dependence.sink);
  }
  return kinds;
}

TEST(SkippedChecks, AWriteOfEachElementOnceHasNoOutputDependence) {
  LoopKernel transpose = make_kernel({"{[i,j]: 0<=i,j<n}"}, "b[j, i] = a[i, j]",
                                     {array_arg("a, b", DType::Float32, {"n", "n"})});
  for (const char* verify : {static_cast<const char*>(nullptr), "1"}) {
    ScopedEnv setting("LOOM_VERIFY_SKIPPED_CHECKS", verify);
    EXPECT_TRUE(dependence_kinds(transpose).empty());
  }
  // Not each element once: the same element for every j (an output dependence, a race along j),
  // the same index twice, a constant index. These are computed, and found.
  std::vector<std::string> output = {"output out insn->insn"};
  EXPECT_EQ(dependence_kinds(row_writer()), output);
  LoopKernel diagonal = make_kernel({"{[i,j]: 0<=i,j<n}"}, "b[i, i] = a[i, j]",
                                    {array_arg("a, b", DType::Float32, {"n", "n"})});
  EXPECT_EQ(dependence_kinds(diagonal), std::vector<std::string>{"output b insn->insn"});
  LoopKernel constant = make_kernel({"{[i]: 0<=i<n}"}, "b[0] = a[i]", {array_arg("a, b", DType::Float32, {"n"})});
  EXPECT_EQ(dependence_kinds(constant), std::vector<std::string>{"output b insn->insn"});
  std::string message = error_message<LegalityError>([&] { tag_inames(constant, "i:l.0"); });
  EXPECT_NE(message.find("'b'"), std::string::npos) << message;
  // A variable that is read back still gets its flow analysis.
  LoopKernel chain = make_kernel({"{[i]: 1<=i<n}"}, "a[i] = a[i - 1] + 1", {array_arg("a", DType::Float32, {"n"})});
  EXPECT_EQ(dependence_kinds(chain), std::vector<std::string>{"flow a insn->insn"});
}

// split_iname with a guard tail renames instances one to one and keeps the elements each access
// touches, so on a kernel not yet checked (the spec's first transform) a writer of each element
// once in `before` is not race-checked and `after`'s bounds are those of `before`, checked on
// before's simpler relations. A refusal still names `after`'s instances.
TEST(SkippedChecks, AFirstSplitRefusesAnOverrunInTheSplitInames) {
  SplitOptions options;
  options.outer_tag = "g.0";
  options.inner_tag = "l.0";
  std::string message = error_message<LegalityError>([&] { split_iname(reads_past_the_end(), "i", 16, options); });
  std::string refused = "split_iname: instruction 'insn' reads a[16*i_outer + i_inner + 1] outside the shape (n) of 'a'";
  EXPECT_EQ(message.substr(0, refused.size()), refused) << message;
  std::string race = error_message<LegalityError>([&] { split_iname(row_writer(), "j", 8, options); });
  EXPECT_NE(race.find("write race: instruction 'insn' writes 'out' (global) within iname 'j_"), std::string::npos) << race;
}

// Claimed falsely (`after` is no renaming of `before`: it writes out[0] from every work-item and
// reads past a's end), the one-to-one shortcuts pass it; the verification catches both.
TEST(SkippedChecks, VerificationCatchesAFalseOneToOneRenaming) {
  LoopKernel before = make_kernel({"{[i]: 0<=i<n}"}, "out[i] = a[i]", {array_arg("a, out", DType::Float32, {"n"})});
  ASSERT_FALSE(before.verified);
  TransformCall call{"test_transform", {}};
  for (const char* instruction : {"out[0] = a[i]", "out[i] = a[i + 1]"}) {
    LoopKernel after = tag_inames(make_kernel({"{[i]: 0<=i<n}"}, instruction, {array_arg("a, out", DType::Float32, {"n"})}),
                                  "i:l.0", /*unchecked=*/true);
    auto finish = [&] {
      finish_transform(before, after, call, std::nullopt, false, CheckScope::Parallel, std::set<std::string>{"i"});
    };
    std::optional<ScopedEnv> unverified_run;
    unverified_run.emplace("LOOM_VERIFY_SKIPPED_CHECKS", nullptr);
    EXPECT_NO_THROW(finish()) << instruction;
    unverified_run.reset();
    ScopedEnv verify("LOOM_VERIFY_SKIPPED_CHECKS", "1");
    std::string message = error_message<InternalError>(finish);
    std::string expected = instruction[4] == '0' ? "write race" : "outside the shape";
    EXPECT_NE(message.find(expected), std::string::npos) << message;
  }
}

// A write of each element once stays so through one-to-one renamings (split_iname's guard tail):
// the lineage records its relation, and no later split asks isl about its races. A row writer
// (every j writes out[i]) is asked, and refused.
TEST(SkippedChecks, AWriteOfEachElementOnceStaysRaceFreeThroughSplits) {
  ScopedEnv unverified("LOOM_VERIFY_SKIPPED_CHECKS", nullptr);
  LoopKernel copy = make_kernel({"{[i,j]: 0<=i,j<n}"}, "b[i, j] = a[i, j]", {array_arg("a, b", DType::Float32, {"n", "n"})});
  SplitOptions rows_on_groups, columns_on_items;
  rows_on_groups.outer_tag = "g.0";
  columns_on_items.inner_tag = "l.0";
  int asked = detail::race_questions_asked();
  LoopKernel rows = split_iname(copy, "i", 16, rows_on_groups);           // b[16*i_outer + i_inner, j]
  LoopKernel tiles = split_iname(rows, "j", 8, columns_on_items);         // ... j_inner on l.0
  LoopKernel parallel = tag_inames(split_iname(tiles, "i_inner", 4), "i_inner_inner:l.1");
  EXPECT_EQ(detail::race_questions_asked(), asked);
  expect_matches_reference(parallel, copy, {{"n", 37}});
  asked = detail::race_questions_asked();
  std::string race = error_message<LegalityError>([&] { split_iname(split_iname(row_writer(), "i", 16, rows_on_groups), "j", 8, columns_on_items); });
  EXPECT_NE(race.find("write race: instruction 'insn' writes 'out' (global) within iname 'j_inner'"), std::string::npos) << race;
  EXPECT_GT(detail::race_questions_asked(), asked);
}

// A concurrent iname that is an index of the write by itself (out[g, i] along g and i, written
// once per k) separates the elements of any two of its values: no race question for it. Along an
// iname that is not (out[0, i] along g) isl is asked, and the race refused as before.
TEST(SkippedChecks, AnInameIndexingTheWriteByItselfIsNotAskedAboutRaces) {
  ScopedEnv unverified("LOOM_VERIFY_SKIPPED_CHECKS", nullptr);
  std::vector<KernelArgument> args = {array_arg("a", DType::Float32, {"8", "16"}), array_arg("out", DType::Float32, {"4", "16"})};
  auto accumulate = [&](const std::string& write) {
    return tag_inames(make_kernel({"{[g, i, k]: 0<=g<4 and 0<=i<16 and 0<=k<8}"}, write + " = a[k, i] + g", args),
                      "g:g.0, i:l.0", /*unchecked=*/true);
  };
  int asked = detail::race_questions_asked();
  EXPECT_NO_THROW(check_write_races(accumulate("out[g, i]")));
  EXPECT_EQ(detail::race_questions_asked(), asked);
  std::string race = error_message<LegalityError>([&] { check_write_races(accumulate("out[0, i]")); });
  EXPECT_NE(race.find("within iname 'g' (tagged g.0)"), std::string::npos) << race;
  EXPECT_EQ(detail::race_questions_asked(), asked + 1);  // along g only: i indexes out[0, i]
}

// subscript_determines on writes of `t` over {[r, q, v, w]} (r < 4, q < 2, v < 8, w < 4), each
// iname on l.N or vec, beside isl's verdict: where it says the subscript determines an iname, the
// race check under LOOM_VERIFY_SKIPPED_CHECKS=1 (which asks isl too and fails where they differ)
// passes; where it cannot tell, isl decides, and a real race is still refused.
TEST(SkippedChecks, ASubscriptWhoseDigitsDetermineAnInameIsNotAskedAboutRaces) {
  struct Case {
    std::string write;
    std::set<std::string> determined;  // by the subscript
    bool races;                        // isl's verdict along some tagged iname
  };
  std::vector<Case> cases = {
      {"t[8*(2*r + q) + v, w]", {"r", "q", "v", "w"}, false},
      {"t[16*r + 8*q + v, w]", {"r", "q", "v", "w"}, false},
      {"t[16*r + 2*v + q, w]", {"r", "q", "v", "w"}, false},
      {"t[8*r + v, w + 4*q]", {"r", "q", "v", "w"}, false},
      {"t[8*(2*r + q) + w % 4 + 4*(v % 2), v // 2]", {"r", "q", "v", "w"}, false},
      {"t[8*(2*r + q) + (4*w + v) % 8, 4*((4*w + v) // 8)]", {}, true},  // digits of 4*w + v, not of v or w
      {"t[4*r + v, w]", {"w"}, true},                                      // v spans 8 > 4: r and v collide
      {"t[r + q, 2*v + w]", {}, true},                                     // w spans 4 > 2
      {"t[v % 4, v // 4 + 2*w]", {"v", "w"}, true},                        // r and q write one element
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.write);
    LoopKernel kernel = make_kernel({"{[r, q, v, w]: 0<=r<4 and 0<=q<2 and 0<=v<8 and 0<=w<4}"},
                                    c.write + " = a[r, q + v + w] {id=fill}",
                                    {array_arg("a, t", DType::Float32, {"64", "64"})});
    std::set<std::string> determined;
    for (const Access& access : instruction_accesses(kernel, *kernel.find_instruction("fill"))) {
      if (!access.is_write) continue;
      for (const char* iname : {"r", "q", "v", "w"}) {
        if (subscript_determines(kernel, access, iname)) determined.insert(iname);
      }
    }
    EXPECT_EQ(determined, c.determined);
    LoopKernel tagged = tag_inames(kernel, "r:l.2, q:l.1, v:l.0, w:vec", /*unchecked=*/true);
    ScopedEnv verified("LOOM_VERIFY_SKIPPED_CHECKS", "1");
    if (c.races) {
      std::string race = error_message<LegalityError>([&] { check_write_races(tagged); });
      EXPECT_NE(race.find("write race"), std::string::npos) << race;
    } else {
      EXPECT_NO_THROW(check_write_races(tagged));
    }
  }
}

// A transform's derived verdicts (PassedAccesses::race_free_along: pipeline_fetch's copies of a
// fetch, races_absent_along of the fetch) spare isl the copies' race questions; with
// LOOM_VERIFY_SKIPPED_CHECKS=1 isl is asked anyway and a wrong derivation is an internal error.
// A skewed write (`t[x + y, y]`, x on l.0) is race-free, but not by one index's digits.
TEST(SkippedChecks, WritesDerivedRaceFreeAreNotAskedAndAreVerified) {
  auto writer = [](const std::string& write) {
    LoopKernel kernel = make_kernel({"{[x, y]: 0<=x,y<4}"}, write + " = a[x, y] {id=fill}",
                                    {array_arg("a, t", DType::Float32, {"8", "8"})});
    return tag_inames(kernel, "x:l.0", /*unchecked=*/true);
  };
  LoopKernel skewed = writer("t[x + y, y]");
  const Instruction& fill = *skewed.find_instruction("fill");
  for (const Access& access : instruction_accesses(skewed, fill)) {
    if (access.is_write) {
      EXPECT_EQ(races_absent_along(skewed, fill, access), std::set<std::string>{"x"});
    }
  }
  PassedAccesses derived;
  derived.race_free_along["fill"] = {"x"};
  {
    ScopedEnv unverified("LOOM_VERIFY_SKIPPED_CHECKS", nullptr);
    int asked = detail::race_questions_asked();
    EXPECT_NO_THROW(check_write_races(writer("t[y + x, y]"), "", nullptr, &derived));
    EXPECT_EQ(detail::race_questions_asked(), asked);
  }
  ScopedEnv verified("LOOM_VERIFY_SKIPPED_CHECKS", "1");
  EXPECT_NO_THROW(check_write_races(writer("t[y + x, y]"), "", nullptr, &derived));
  std::string wrong = error_message<InternalError>([&] { check_write_races(writer("t[y, y]"), "", nullptr, &derived); });
  EXPECT_NE(wrong.find("was derived to write 't' without a race along 'x'"), std::string::npos) << wrong;
}

// flow_dependences_of (code generation's question whether a private value crosses a kernel
// split) gives compute_dependences' flow dependences of the one variable: the same pairs, and
// none of another variable's.
TEST(SkippedChecks, FlowDependencesOfOneVariableAreTheFullAnalysisOnes) {
  LoopKernel kernel = make_kernel({"{[i,k]: 0<=i<n and 0<=k<4}"},
                                  "<> t = a[i] {id=fill}\n"
                                  "<> s = 2*t {id=scale, dep=fill}\n"
                                  "b[i] = s + t {id=store, dep=scale}\n"
                                  "c[i, k] = b[i] * k {id=use, dep=store}",
                                  {array_arg("a, b", DType::Float32, {"n"}), array_arg("c", DType::Float32, {"n", "4"})});
  auto all = compute_dependences(kernel);
  for (const std::string variable : {"t", "s", "b", "c"}) {
    std::set<std::string> expected, found;
    for (const Dependence& dependence : all->dependences) {
      if (dependence.kind == DependenceKind::Flow && dependence.variable == variable)
        expected.insert(dependence.source + "->" + dependence.sink);
    }
    for (const Dependence& dependence : flow_dependences_of(kernel, variable)) {
      EXPECT_EQ(dependence.kind, DependenceKind::Flow);
      EXPECT_EQ(dependence.variable, variable);
      found.insert(dependence.source + "->" + dependence.sink);
    }
    EXPECT_EQ(found, expected) << variable;
  }
  std::vector<Dependence> of_t = flow_dependences_of(kernel, "t");
  ASSERT_EQ(of_t.size(), 2u);
  EXPECT_TRUE(flow_dependences_of(kernel, "c").empty());  // written, never read back
  EXPECT_TRUE(flow_dependences_of(kernel, "missing").empty());
}

}  // namespace
}  // namespace loom
