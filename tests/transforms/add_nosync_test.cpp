// add_nosync: entries only where a dependency path joins source and sink (unless force), in both
// directions with bidirectional, results unchanged; refusals including the call that adds nothing.
#include <gtest/gtest.h>

#include "loom/loom.hpp"
#include "test_helpers.hpp"

namespace loom {
namespace {

using testing::error_message;
using testing::expect_matches_reference;

LoopKernel chain_and_bystander() {
  return make_kernel({"{[i]: 0<=i<n}"},
                     "b[i] = 2*a[i] {id=double}\n"
                     "c[i] = b[i] + 1 {id=inc, dep=double}\n"
                     "d[i] = 3*c[i] {id=triple, dep=inc}\n"
                     "e[i] = a[i] - 1 {id=other}",
                     {array_arg("a, b, c, d, e", DType::Float32, {"n"})});
}

// (id, scope) pairs of an instruction's no_sync_with, for comparison.
std::set<std::pair<std::string, SyncScope>> entries(const LoopKernel& kernel,
                                                    const std::string& id) {
  std::set<std::pair<std::string, SyncScope>> out;
  for (const NoSyncWith& entry : kernel.find_instruction(id)->no_sync_with)
    out.emplace(entry.instruction_match, entry.scope);
  return out;
}

TEST(AddNosync, OnlySinksThatDependOnTheSource) {
  LoopKernel kernel = chain_and_bystander();
  LoopKernel result = add_nosync(kernel, "local", "id:double", "id:inc or id:triple or id:other");
  using Entries = std::set<std::pair<std::string, SyncScope>>;
  EXPECT_EQ(entries(result, "inc"), (Entries{{"double", SyncScope::Local}}));
  EXPECT_EQ(entries(result, "triple"), (Entries{{"double", SyncScope::Local}}))
      << "a transitive dependency counts";
  EXPECT_TRUE(entries(result, "other").empty()) << "no dependency path, no entry";
  EXPECT_TRUE(entries(result, "double").empty()) << "not bidirectional";
  EXPECT_NE(instructions_text(result).find("nosync=double@local"), std::string::npos)
      << instructions_text(result);
  for (int64_t n : {0, 1, 12}) expect_matches_reference(result, kernel, {{"n", n}});
  // Applying it again adds no duplicate.
  LoopKernel twice = add_nosync(result, "local", "id:double", "id:inc");
  EXPECT_EQ(twice.find_instruction("inc")->no_sync_with.size(), 1u);
}

TEST(AddNosync, BidirectionalAndForce) {
  LoopKernel kernel = chain_and_bystander();
  using Entries = std::set<std::pair<std::string, SyncScope>>;
  LoopKernel both = add_nosync(kernel, "global", "double", "triple", {.bidirectional = true});
  EXPECT_EQ(entries(both, "triple"), (Entries{{"double", SyncScope::Global}}));
  EXPECT_EQ(entries(both, "double"), (Entries{{"triple", SyncScope::Global}}));
  EXPECT_TRUE(entries(both, "inc").empty());
  LoopKernel forced = add_nosync(kernel, "any", "id:other", "id:double", {.force = true});
  EXPECT_EQ(entries(forced, "double"), (Entries{{"other", SyncScope::Any}}));
  expect_matches_reference(forced, kernel, {{"n", 7}});
}

TEST(AddNosync, Refusals) {
  LoopKernel kernel = chain_and_bystander();
  std::string scope = error_message<Error>([&] { add_nosync(kernel, "warp", "double", "inc"); });
  EXPECT_NE(scope.find("add_nosync: unknown scope 'warp': expected local, global or any"),
            std::string::npos)
      << scope;
  std::string source = error_message<Error>([&] { add_nosync(kernel, "local", "id:nope", "inc"); });
  EXPECT_NE(source.find("add_nosync: source 'id:nope' matches no instruction"), std::string::npos)
      << source;
  std::string sink =
      error_message<Error>([&] { add_nosync(kernel, "local", "double", "tag:none"); });
  EXPECT_NE(sink.find("add_nosync: sink 'tag:none' matches no instruction"), std::string::npos)
      << sink;
  std::string nothing =
      error_message<Error>([&] { add_nosync(kernel, "local", "id:other", "id:double"); });
  EXPECT_NE(
      nothing.find(
          "add_nosync: no nosync entries were added: no sink (double) depends on a source (other)"),
      std::string::npos)
      << nothing;
  EXPECT_NE(nothing.find("pass force=true"), std::string::npos) << nothing;
  // Dependencies run one way: the source depending on the sink adds nothing either.
  std::string reversed =
      error_message<Error>([&] { add_nosync(kernel, "local", "id:triple", "id:double"); });
  EXPECT_NE(reversed.find("no nosync entries were added"), std::string::npos) << reversed;
  // empty_ok accepts both an empty side and a call that adds nothing.
  LoopKernel unchanged = add_nosync(kernel, "local", "id:other", "id:double", {.empty_ok = true});
  EXPECT_TRUE(unchanged.find_instruction("double")->no_sync_with.empty());
  LoopKernel empty_side = add_nosync(kernel, "local", "id:nope", "id:double", {.empty_ok = true});
  EXPECT_EQ(instructions_text(empty_side), instructions_text(kernel));
}

TEST(AddNosync, ThroughTheRegistry) {
  LoopKernel kernel = chain_and_bystander();
  LoopKernel result = apply_transform(kernel, {"add_nosync",
                                               {{"scope", std::string("global")},
                                                {"source", std::string("id:double")},
                                                {"sink", std::string("id:inc")},
                                                {"bidirectional", true}}});
  EXPECT_EQ(result.find_instruction("inc")->no_sync_with.size(), 1u);
  EXPECT_EQ(result.find_instruction("double")->no_sync_with.size(), 1u);
  EXPECT_EQ(
      result.applied_transforms.back().call,
      "add_nosync(scope=\"global\", source=\"id:double\", sink=\"id:inc\", bidirectional=true)");
  std::string bad_scope = error_message<Error>([&] {
    apply_transform(kernel, {"add_nosync",
                             {{"scope", std::string("warp")},
                              {"source", std::string("double")},
                              {"sink", std::string("inc")}}});
  });
  EXPECT_NE(bad_scope.find("add_nosync: parameter 'scope' must be one of the listed strings"),
            std::string::npos)
      << bad_scope;
}

}  // namespace
}  // namespace loom
