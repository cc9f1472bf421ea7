// remove_inames_from_insn: an idempotent instruction keeps its results, an update runs once
// instead of once per removed value (the intended new meaning, executed); refusals, including an
// iname the instruction still uses.
#include <gtest/gtest.h>

#include "device_helpers.hpp"
#include "loom/loom.hpp"
#include "test_helpers.hpp"

namespace loom {
namespace {

using testing::error_message;
using testing::expect_matches_reference;

LoopKernel copy_in_two_loops() {
  return make_kernel(
      {"{[i, j]: 0<=i<n and 0<=j<m}"},
      "out[i] = 2*a[i] {id=copy, inames=i:j}\n"
      "p[i, j] = a[i] + j {id=fill}",
      {array_arg("a, out", DType::Float32, {"n"}), array_arg("p", DType::Float32, {"n", "m"})});
}

TEST(RemoveInamesFromInsn, IdempotentInstructionKeepsItsResults) {
  LoopKernel kernel = copy_in_two_loops();
  LoopKernel result = remove_inames_from_insn(kernel, {"j"}, "id:copy");
  EXPECT_EQ(result.find_instruction("copy")->within_inames, (std::set<std::string>{"i"}));
  EXPECT_EQ(result.find_instruction("fill")->within_inames, (std::set<std::string>{"i", "j"}));
  EXPECT_NE(instructions_text(result).find("{id=copy, inames=i}"), std::string::npos)
      << instructions_text(result);
  for (auto [n, m] : {std::pair<int64_t, int64_t>{0, 3}, {5, 1}, {7, 4}}) {
    expect_matches_reference(result, kernel, {{"n", n}, {"m", m}});
  }
}

TEST(RemoveInamesFromInsn, AnUpdateRunsOnce) {
  LoopKernel kernel =
      make_kernel({"{[i, j]: 0<=i<n and 0<=j<m}"}, "out[i] = out[i] + 1 {id=bump, inames=i:j}",
                  {array_arg("out", DType::Int32, {"n"})});
  LoopKernel result = remove_inames_from_insn(kernel, {"j"}, "bump");
  // m stays an argument of the result (its domain still has j), so the intended kernel takes it
  // too.
  LoopKernel intended = make_kernel({"{[i]: 0<=i<n}"}, "out[i] = out[i] + 1",
                                    {array_arg("out", DType::Int32, {"n"}), value_arg("m")});
  expect_matches_reference(result, intended, {{"n", 6}, {"m", 5}});
  auto run = [](const LoopKernel& k) {
    Array out(DType::Int32, {3});
    for (int64_t i = 0; i < 3; ++i) out.set_int(i, 10 * i);
    compile(k)({{"out", out}, {"n", Scalar(int64_t{3})}, {"m", Scalar(int64_t{4})}});
    return out;
  };
  Array once = run(result), four_times = run(kernel);
  for (int64_t i = 0; i < 3; ++i) {
    EXPECT_EQ(once.get_int(i), 10 * i + 1) << i;
    EXPECT_EQ(four_times.get_int(i), 10 * i + 4) << i;
  }
}

TEST(RemoveInamesFromInsn, Refusals) {
  LoopKernel kernel = copy_in_two_loops();
  std::string uses = error_message<Error>([&] { remove_inames_from_insn(kernel, {"j"}, "fill"); });
  EXPECT_NE(uses.find("remove_inames_from_insn: instruction 'fill' still uses iname 'j' in its "
                      "expression, assignees "
                      "or predicates"),
            std::string::npos)
      << uses;
  LoopKernel removed = remove_inames_from_insn(kernel, {"j"}, "copy");
  std::string not_within =
      error_message<Error>([&] { remove_inames_from_insn(removed, {"j"}, "copy"); });
  EXPECT_NE(not_within.find(
                "remove_inames_from_insn: instruction 'copy' is not within j (its inames: i)"),
            std::string::npos)
      << not_within;
  std::string unknown =
      error_message<Error>([&] { remove_inames_from_insn(kernel, {"q"}, "copy"); });
  EXPECT_NE(unknown.find("remove_inames_from_insn: unknown iname 'q'"), std::string::npos)
      << unknown;
  std::string no_match =
      error_message<Error>([&] { remove_inames_from_insn(kernel, {"j"}, "tag:hot"); });
  EXPECT_NE(no_match.find("remove_inames_from_insn: insn_match 'tag:hot' matches no instruction"),
            std::string::npos)
      << no_match;
  LoopKernel nested =
      make_kernel({"{[i]: 0<=i<n}", "{[j]: 0<=j<=i}"}, "q[j] = 1 {id=tri, inames=i:j}",
                  {array_arg("q", DType::Float32, {"n"})});
  std::string bounded =
      error_message<Error>([&] { remove_inames_from_insn(nested, {"i"}, "tri"); });
  EXPECT_NE(bounded.find("remove_inames_from_insn: instruction 'tri' keeps iname 'j', whose domain "
                         "is bounded by 'i'"),
            std::string::npos)
      << bounded;
}

TEST(RemoveInamesFromInsn, ThroughTheRegistry) {
  LoopKernel kernel = copy_in_two_loops();
  LoopKernel result = apply_transform(
      kernel, {"remove_inames_from_insn",
               {{"inames", std::vector<std::string>{"j"}}, {"insn_match", std::string("copy")}}});
  EXPECT_EQ(result.find_instruction("copy")->within_inames, (std::set<std::string>{"i"}));
  EXPECT_EQ(result.applied_transforms.back().call,
            "remove_inames_from_insn(inames=[\"j\"], insn_match=\"copy\")");
  expect_matches_reference(result, kernel, {{"n", 4}, {"m", 3}});
}

// loopy's test_remove_inames_from_insn: after j's split onto l.0 the writer of `a` runs in i_inner
// and j_inner, both l.0, until remove_inames_from_insn takes i_inner away. That step cannot be
// generated (one axis, two inames), but it is no write race (the two inames are one hardware
// index, and a[j] is indexed by it) and its dependences wait for the transform that makes it
// generable; the result runs on PoCL and its spec's reference runs on C as plain loops.
TEST(RemoveInamesFromInsn, PassesThroughTwoInamesOnOneAxis_OpenCL) {
  LoopKernel kernel = make_kernel({"{[i, j]: 0<=i<10 and 0<=j<20}"},
                                  "for i\n  <> a[j] = 1 {id=a}\n  b[i] = a[2*i] {dep=a}\nend",
                                  {array_arg("b", DType::Int32, {"10"})});
  LoopKernel split = split_iname(kernel, "i", 2, {.inner_tag = "l.0"});
  split = split_iname(split, "j", 2, {.inner_tag = "l.0"});
  std::string both = error_message<Error>([&] { generate_code(split, Target::OpenCL); });
  EXPECT_NE(both.find("instruction 'a' runs within inames 'i_inner' and 'j_inner', both tagged l.0"), std::string::npos)
      << both;
  LoopKernel result = remove_inames_from_insn(split, {"i_inner"}, "id:a");
  std::string source = generate_code(result, Target::OpenCL).source;
  EXPECT_NE(source.find("__local int32_t a[20]"), std::string::npos) << source;
  EXPECT_NE(source.find("a[2 * j_outer + j_inner] = 1;"), std::string::npos) << source;

  Spec spec = read_spec(R"json({"loom": 1, "name": "t", "domains": "{[i, j]: 0<=i<10 and 0<=j<20}",
    "instructions": "for i\n  <> a[j] = 1 {id=a}\n  b[i] = a[2*i] {dep=a}\nend",
    "args": [{"name": "b", "dtype": "int32", "shape": [10]}],
    "transforms": [{"op": "split_iname", "iname": "i", "inner_length": 2, "inner_tag": "l.0"},
                   {"op": "split_iname", "iname": "j", "inner_length": 2, "inner_tag": "l.0"},
                   {"op": "remove_inames_from_insn", "inames": ["i_inner"], "insn_match": "id:a"}]})json");
  EXPECT_TRUE(spec.reference.iname_tags.empty()) << "the reference keeps hardware tags";
  REQUIRE_OPENCL();
  CheckOptions options;
  options.target = Target::OpenCL;
  expect_matches_reference(spec.kernel, spec.reference, {}, options);
  expect_matches_reference(result, kernel, {}, options);
  Array b(DType::Int32, {10});
  compile(result, Target::OpenCL)({{"b", b}});
  for (int64_t i = 0; i < 10; ++i) EXPECT_EQ(b.get_int(i), 1) << i;
}

}  // namespace
}  // namespace loom
