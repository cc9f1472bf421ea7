// remove_instructions: dependencies propagated transitively (asserted sets), the intended new
// results executed, the result as the new reference for later checks, and refusals.
#include <gtest/gtest.h>

#include "analysis/dependences.hpp"
#include "loom/loom.hpp"
#include "test_helpers.hpp"

namespace loom {
namespace {

using testing::error_message;
using testing::expect_matches_reference;

// load and side feed mix, mix feeds scale, scale feeds store.
LoopKernel diamond_chain() {
  return make_kernel({"{[i]: 0<=i<n}"},
                     "<float32> t = a[i] {id=load}\n"
                     "<float32> u = 2*a[i] {id=side}\n"
                     "t = t + u {id=mix, dep=load:side}\n"
                     "t = 2*t {id=scale, dep=mix}\n"
                     "out[i] = t + 1 {id=store, dep=scale}",
                     {array_arg("a, out", DType::Float32, {"n"})});
}

TEST(RemoveInstructions, DependenciesGoThroughRemovedInstructionsTransitively) {
  LoopKernel kernel = diamond_chain();
  LoopKernel one = remove_instructions(kernel, "id:scale");
  EXPECT_EQ(one.find_instruction("store")->depends_on, (std::set<std::string>{"mix"}));
  LoopKernel two = remove_instructions(kernel, "id:mix or id:scale");
  ASSERT_EQ(two.instructions.size(), 3u);
  EXPECT_EQ(two.find_instruction("store")->depends_on, (std::set<std::string>{"load", "side"}));
  EXPECT_TRUE(two.find_instruction("load")->depends_on.empty());
  EXPECT_EQ(two.find_instruction("mix"), nullptr);
  EXPECT_EQ(two.find_instruction("scale"), nullptr);
}

TEST(RemoveInstructions, ComputesTheKernelWithoutThem) {
  LoopKernel kernel = diamond_chain();
  LoopKernel removed = remove_instructions(kernel, "id:mix or id:scale");
  LoopKernel intended = make_kernel({"{[i]: 0<=i<n}"}, "out[i] = a[i] + 1",
                                    {array_arg("a, out", DType::Float32, {"n"})});
  for (int64_t n : {0, 1, 23}) expect_matches_reference(removed, intended, {{"n", n}});
  EXPECT_FALSE(check_against_reference(removed, kernel, {{"n", 5}}).passed)
      << "the meaning did change";
  // Values computed here: out = a + 1 (the original computes 2*(a + 2a) + 1).
  Array a(DType::Float32, {4}), out(DType::Float32, {4});
  for (int64_t i = 0; i < 4; ++i) a.set_double(i, 0.5 * static_cast<double>(i) - 1);
  compile(removed)({{"a", a}, {"out", out}, {"n", Scalar(int64_t{4})}});
  for (int64_t i = 0; i < 4; ++i) EXPECT_DOUBLE_EQ(out.get_double(i), a.get_double(i) + 1) << i;
}

TEST(RemoveInstructions, TheResultIsTheNewReference) {
  // Removing the overwrite w makes r read what v wrote: a flow dependence the old kernel did
  // not have, which later transforms are checked against.
  LoopKernel kernel = make_kernel({"{[i]: 0<=i<n}"},
                                  "<float32> x = a[i] {id=v}\n"
                                  "x = 2*a[i] {id=w, dep=v}\n"
                                  "out[i] = x {id=r, dep=w}",
                                  {array_arg("a, out", DType::Float32, {"n"})});
  auto has_flow = [](const LoopKernel& k, const std::string& source, const std::string& sink) {
    auto graph = dependences_of(k);  // kept alive: the loop below walks its vector
    for (const Dependence& dependence : graph->dependences) {
      if (dependence.kind == DependenceKind::Flow && dependence.source == source &&
          dependence.sink == sink && !dependence.relation.is_empty())
        return true;
    }
    return false;
  };
  ASSERT_FALSE(has_flow(kernel, "v", "r"));
  LoopKernel removed = remove_instructions(kernel, "w");
  EXPECT_EQ(removed.find_instruction("r")->depends_on, (std::set<std::string>{"v"}));
  EXPECT_TRUE(has_flow(removed, "v", "r"));
  EXPECT_TRUE(removed.verified);
  LoopKernel split = split_iname(removed, "i", 4, {.inner_tag = "unr"});
  expect_matches_reference(split, removed, {{"n", 10}});
}

TEST(RemoveInstructions, NosyncEntriesNamingRemovedInstructionsGo) {
  LoopKernel kernel = make_kernel(
      {"{[i]: 0<=i<n}"},
      "b[i] = 2*a[i] {id=double}\n"
      "c[i] = 3*a[i] {id=triple}\n"
      "d[i] = b[i] + c[i] {id=sum, dep=double:triple, nosync=double@local:triple@global}",
      {array_arg("a, b, c, d", DType::Float32, {"n"})});
  LoopKernel removed = remove_instructions(kernel, "double", /*unchecked=*/false);
  const Instruction* sum = removed.find_instruction("sum");
  ASSERT_EQ(sum->no_sync_with.size(), 1u);
  EXPECT_EQ(sum->no_sync_with[0].instruction_match, "triple");
  EXPECT_EQ(sum->no_sync_with[0].scope, SyncScope::Global);
  EXPECT_EQ(sum->depends_on, (std::set<std::string>{"triple"}));
}

TEST(RemoveInstructions, Refusals) {
  LoopKernel kernel = diamond_chain();
  std::string unknown = error_message<Error>([&] { remove_instructions(kernel, "scal"); });
  EXPECT_NE(unknown.find("remove_instructions: insn_ids 'scal' matches no instruction (did you "
                         "mean 'scale'?) (the "
                         "kernel's instructions: load, side, mix, scale, store)"),
            std::string::npos)
      << unknown;
  std::string every = error_message<Error>([&] { remove_instructions(kernel, "all"); });
  EXPECT_NE(every.find("remove_instructions: 'all' matches every instruction"), std::string::npos)
      << every;
  std::string orphan = error_message<Error>([&] { remove_instructions(kernel, "id:side"); });
  EXPECT_NE(orphan.find("remove_instructions: removing 'side' leaves temporary 'u' without a "
                        "writer, but instruction "
                        "'mix' still reads it"),
            std::string::npos)
      << orphan;
}

TEST(RemoveInstructions, ThroughTheRegistry) {
  LoopKernel kernel = diamond_chain();
  LoopKernel removed = apply_transform(
      kernel, {"remove_instructions", {{"insn_ids", std::string("id:mix or id:scale")}}});
  EXPECT_EQ(removed.find_instruction("store")->depends_on, (std::set<std::string>{"load", "side"}));
  EXPECT_EQ(removed.applied_transforms.back().call,
            "remove_instructions(insn_ids=\"id:mix or id:scale\")");
  LoopKernel intended = make_kernel({"{[i]: 0<=i<n}"}, "out[i] = a[i] + 1",
                                    {array_arg("a, out", DType::Float32, {"n"})});
  expect_matches_reference(removed, intended, {{"n", 9}});
}

}  // namespace
}  // namespace loom
