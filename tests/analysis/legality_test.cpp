// Each legality check with a legal and an illegal variant; the illegal one asserts the error
// type, the names and the instance in the message, and `unchecked` lets it through.
#include <gtest/gtest.h>

#include "analysis/checks.hpp"
#include "ir/work_counters.hpp"
#include "runtime/scoped_env.hpp"
#include "loom/loom.hpp"
#include "test_helpers.hpp"

namespace loom {
namespace {

using testing::error_message;
using testing::expect_matches_reference;

LoopKernel two_d(const char* instruction, std::vector<KernelArgument> args) {
  return make_kernel({"{[i,j]: 0<=i,j<n}"}, instruction, args, {.name = "knl"});
}

TEST(Legality, ParallelTagMustNotCrossADependence) {
  LoopKernel rows = two_d("a[i+1, j] = a[i, j] * 2 {id=rec}", {array_arg("a", DType::Float32, {"n+1", "n"})});
  LoopKernel legal = tag_inames(rows, "j:g.0");  // columns are independent
  expect_matches_reference(legal, rows, {{"n", 7}});
  std::string message = error_message<LegalityError>([&] { tag_inames(rows, "i:g.0"); });
  EXPECT_NE(message.find("tag_inames: instruction 'rec' must follow 'rec' (flow dependence through 'a'), but iname "
                         "'i' is tagged g.0 and the dependence crosses its iterations"),
            std::string::npos)
      << message;
  EXPECT_NE(message.find("rec[i=0, j=0] writes a before rec[i=1, j=0] reads it"), std::string::npos) << message;
  EXPECT_NO_THROW(tag_inames(rows, "i:g.0", /*unchecked=*/true));
}

// A read inside a reduction is a read of the instruction: its access relation kept no statement
// name once the reduction's iname was projected out, so PolyBench's atax (y[j] = sum(i,
// A[i,j]*tmp[i]) after tmp[i] = ... on g.0) read other work-groups' tmp with no barrier, and the
// OpenCL run was wrong in every element.
TEST(Legality, AReadInsideAReductionIsADependence) {
  LoopKernel atax = make_kernel({"{[i,j]: 0<=i<m and 0<=j<n}", "{[j2,i2]: 0<=j2<n and 0<=i2<m}"},
                                "tmp[i] = sum(j, A[i,j]*x[j]) {id=t}\ny[j2] = sum(i2, A[i2,j2]*tmp[i2]) {id=y, dep=t}",
                                {array_arg("A", DType::Float64, {"m", "n"}), array_arg("x, y", DType::Float64, {"n"}),
                                 array_arg("tmp", DType::Float64, {"m"})},
                                {.name = "atax"});
  std::string message = error_message<LegalityError>([&] { tag_inames(atax, "i:g.0, j2:g.0"); });
  EXPECT_NE(message.find("instruction 'y' must follow 't' (flow dependence through 'tmp')"), std::string::npos) << message;
  EXPECT_NE(message.find("a global barrier between them is missing"), std::string::npos) << message;
  // Each phase on its own grid, split at a global barrier, is legal and matches.
  LoopKernel split = add_barrier(atax, "id:t", "id:y", {.synchronization_kind = "global"});
  LoopKernel parallel = tag_inames(split, "i:g.0, j2:g.0");
  expect_matches_reference(parallel, atax, {{"m", 37}, {"n", 29}});
}

// A hardware axis is sized at launch: an iname bounded only by a value the kernel computes cannot
// be one (loopy's test_dependent_loop_bounds_3 refuses it too); its inner iname of constant length
// can. The refusal names the iname, the tag and the value.
TEST(Legality, AHardwareInameNeedsBoundsKnownAtLaunch) {
  LoopKernel rows = make_kernel({"{[i]: 0<=i<n}", "{[jj]: 0<=jj<row_len}"}, "<> row_len = lengths[i]\na[i, jj] = 1",
                                {array_arg("lengths", DType::Int32, {"n"}), array_arg("a", DType::Float32, {"n", "n"})},
                                {.name = "rows", .options = {.enforce_array_accesses_within_bounds = false}});
  SplitOptions grid;
  grid.outer_tag = "g.1";
  grid.inner_tag = "l.1";
  std::string message = error_message<LegalityError>([&] { split_iname(rows, "jj", 32, grid); });
  EXPECT_NE(message.find("iname 'jj_outer' is tagged g.1 but its bounds depend on 'row_len', which the kernel computes"),
            std::string::npos)
      << message;
  SplitOptions lanes;
  lanes.inner_tag = "l.0";
  EXPECT_NO_THROW(split_iname(rows, "jj", 32, lanes));
}

TEST(Legality, PrivateTemporariesArePrivatizedButRealFlowIsNot) {
  // t is private: each work-item has its own, so reusing it across i is fine...
  LoopKernel scratch = make_kernel({"{[i]: 0<=i<n}"}, "<float32> t = 2*a[i] {id=w}\nout[i] = t + 1 {id=r}",
                                   {array_arg("a, out", DType::Float32, {"n"})});
  expect_matches_reference(tag_inames(scratch, "i:l.0"), scratch, {{"n", 9}});
  // ...but an explicit accumulator carries a value from one j to the next.
  LoopKernel accumulate = make_kernel({"{[i,j]: 0<=i,j<n}"},
                                      "for i\n  <float32> acc = 0 {id=init}\n  for j\n"
                                      "    acc = acc + a[i, j] {id=update, dep=init}\n  end\n"
                                      "  out[i] = acc {id=store, dep=update}\nend",
                                      {array_arg("a", DType::Float32, {"n", "n"}), array_arg("out", DType::Float32, {"n"})});
  expect_matches_reference(tag_inames(accumulate, "i:g.0"), accumulate, {{"n", 6}});
  std::string message = error_message<LegalityError>([&] { tag_inames(accumulate, "j:l.0"); });
  EXPECT_NE(message.find("instruction 'update' must follow 'update' (flow dependence through 'acc')"), std::string::npos)
      << message;
}

// A private value read in another work-item or ilp lane than the one that wrote it (transform
// fuzzer, issue 24). `t = y[j]` read in (i, j): the reference used to nest i outside j, the
// write in a j loop of its own, so r read the last j's value and a split of j onto l.0 or ilp
// changed it. Loops now nest as loopy shares them (j outside i, w inside j's loop): r reads its
// own j's value, so the split is legal and matches. A reader that indexes by i only still runs in
// j (loopy's iname inference) and is refused as a write race.
TEST(Legality, PrivateCopiesCannotCarryAValueToAnotherLane) {
  std::vector<KernelArgument> args = {array_arg("y", DType::Float32, {"m"}), array_arg("b", DType::Float32, {"m", "m"}),
                                      array_arg("out", DType::Float32, {"n", "m"})};
  LoopKernel shared_loop = make_kernel({"{[i]: 0<=i<n}", "{[j]: 0<=j<m}"},
                                       "<float32> t = y[j] {id=w}\nout[i, j] = 3*t + b[j, i] {id=r, dep=w}", args,
                                       {.assumptions = "n >= 1 and m >= n"});
  for (int64_t m : {4, 9}) {
    expect_matches_reference(split_iname(shared_loop, "j", 4, {.inner_tag = "ilp"}), shared_loop, {{"n", 3}, {"m", m}});
  }
  LoopKernel last_value = make_kernel({"{[i]: 0<=i<n}", "{[j]: 0<=j<m}"},
                                      "<float32> t = y[j] {id=w}\nout[i, 0] = 3*t + b[0, i] {id=r, dep=w}", args,
                                      {.assumptions = "n >= 1 and m >= n"});
  // r reads t, which w writes within j: r runs in j too (loopy's iname inference), writing
  // out[i, 0] once per j, so a parallel j is a write race.
  for (const char* tag : {"ilp", "l.0"}) {
    std::string message = error_message<LegalityError>([&] { split_iname(last_value, "j", 4, {.inner_tag = tag}); });
    EXPECT_NE(message.find("write race: instruction 'r' writes 'out' (global) within iname 'j_inner' (tagged " +
                           std::string(tag) + ")"),
              std::string::npos)
        << message;
  }
  LoopKernel own_value = make_kernel({"{[i, j]: 0<=i<n and 0<=j<m}"},
                                     "<float32> t = y[j] + 0*i {id=w}\nout[i, j] = 3*t + b[j, i] {id=r, dep=w}", args,
                                     {.assumptions = "n >= 1 and m >= n"});
  for (int64_t m : {4, 9}) {
    expect_matches_reference(split_iname(own_value, "j", 4, {.inner_tag = "ilp"}), own_value, {{"n", 3}, {"m", m}});
  }
}

// A private scalar holds one value at a time: the anti and output dependences through it only
// keep other writes out of its values' live ranges. Interchanging the loops around a value
// written and read in the same iteration reverses some of them and is legal (loopy accepts it);
// an order that lets another write in between (an accumulator carried along j, or the reader
// moved into a loop of its own) is refused.
TEST(Legality, InterchangeAroundAPrivateScalarKeepsItsLiveRanges) {
  std::vector<KernelArgument> args = {array_arg("a, b", DType::Float32, {"n", "m"}), array_arg("o", DType::Float32, {"n"})};
  LoopKernel same_iteration = make_kernel({"{[i, j]: 0<=i<n and 0<=j<m}"},
                                          "<> t = 2*a[i, j] {id=w}\nb[i, j] = t*t + 1 {id=r, dep=w}", args);
  for (int64_t m : {1, 5}) {
    expect_matches_reference(prioritize_loops(same_iteration, "j, i"), same_iteration, {{"n", 4}, {"m", m}});
  }
  LoopKernel carried = make_kernel({"{[i, j]: 0<=i<n and 0<=j<m}"},
                                   "<> s = 0 {id=s0, inames=i}\ns = s + a[i, j] {id=s1, dep=s0}\no[i] = s {dep=s1}", args);
  std::string message = error_message<LegalityError>([&] { prioritize_loops(carried, "j, i"); });
  EXPECT_NE(message.find("anti dependence through 's'"), std::string::npos) << message;
  // r in a j loop of its own: every write of t runs before the first read.
  message = error_message<LegalityError>([&] { duplicate_inames(same_iteration, {"j"}, {.within = "id:r"}); });
  EXPECT_NE(message.find("through 't'"), std::string::npos) << message;
}

TEST(Legality, WriteRaces) {
  std::vector<KernelArgument> args = {array_arg("a", DType::Float32, {"n", "n"}), array_arg("out", DType::Float32, {"n"})};
  LoopKernel by_row = make_kernel({"{[i]: 0<=i<n}"}, "out[i] = a[i, 0]", args);
  EXPECT_NO_THROW(tag_inames(by_row, "i:l.0"));
  LoopKernel halves = make_kernel({"{[i]: 0<=i<n}"}, "out[i // 2] = a[i, 0]", args);
  std::string message = error_message<LegalityError>([&] { tag_inames(halves, "i:l.0"); });
  EXPECT_NE(message.find("tag_inames: write race: instruction 'insn' writes 'out' (global) within iname 'i' (tagged "
                         "l.0), and different values of 'i' write the same element"),
            std::string::npos)
      << message;
  EXPECT_NE(message.find("insn[i=0] and insn[i=1]"), std::string::npos) << message;
  EXPECT_NO_THROW(tag_inames(halves, "i:l.0", /*unchecked=*/true));
}

// The bounds check asks each side of each axis (issue 26): an access below 0 or at or past the
// extent on any axis is refused, naming that access; an axis with a non-affine extent is left
// to the launch; assumptions can make an access fit.
TEST(Legality, ArrayBoundsOnEverySideOfEveryAxis) {
  std::vector<KernelArgument> args = {array_arg("a, out", DType::Float32, {"n", "8"})};
  auto refusal = [&](const std::string& instruction) {
    LoopKernel kernel = make_kernel({"{[i,j]: 0<=i<n and 0<=j<8}"}, instruction, args);
    return error_message<LegalityError>([&] { check_kernel(kernel); });
  };
  LoopKernel inside = make_kernel({"{[i,j]: 0<=i<n and 0<=j<8}"}, "out[i, j] = a[n - 1 - i, 7 - j]", args);
  EXPECT_NO_THROW(check_kernel(inside));
  EXPECT_NE(refusal("out[i, j] = a[i - 1, j]").find("reads a[i - 1, j] outside the shape (n, 8) of 'a'"), std::string::npos);
  EXPECT_NE(refusal("out[i, j] = a[i + 1, j]").find("reads a[i + 1, j] outside the shape (n, 8) of 'a'"), std::string::npos);
  EXPECT_NE(refusal("out[i, j] = a[i, j - 8]").find("reads a[i, j - 8] outside the shape (n, 8) of 'a'"), std::string::npos);
  EXPECT_NE(refusal("out[i, j] = a[i, j + 1]").find("reads a[i, j + 1] outside the shape (n, 8) of 'a'"), std::string::npos);
  EXPECT_NE(refusal("out[i, 2*j] = a[i, j]").find("writes out[i, 2*j] outside the shape (n, 8) of 'out'"), std::string::npos);
  LoopKernel assumed = make_kernel({"{[i]: 0<=i<n}"}, "out[i] = a[i + 1]",
                                   {array_arg("a", DType::Float32, {"m"}), array_arg("out", DType::Float32, {"n"})},
                                   {.assumptions = "m >= n + 1"});
  EXPECT_NO_THROW(check_kernel(assumed));
  LoopKernel non_affine = make_kernel({"{[i]: 0<=i<n}"}, "out[i] = a[i + 1]",
                                      {array_arg("a", DType::Float32, {"n*n"}), array_arg("out", DType::Float32, {"n"})});
  EXPECT_NO_THROW(check_kernel(non_affine));  // n*n is checked at launch
}

// Indices that are plain inames whose whole ranges lie inside the shape are checked by those
// ranges, without an access relation (issue 26); anything else, and any range that reaches past an
// axis (guarded or not), gets the full check on the relation, with its message.
TEST(Legality, PlainInamesInsideTheShapeAreCheckedByTheirRanges) {
  loom::testing::ScopedEnv unverified("LOOM_VERIFY_SKIPPED_CHECKS", nullptr);  // it would build them too
  std::vector<KernelArgument> args = {array_arg("a, b, c", DType::Float32, {"n", "n"})};
  LoopKernel matmul = make_kernel({"{[i,j,k]: 0<=i,j,k<n}"}, "c[i, j] = sum(k, a[i, k]*b[k, j])", args);
  int built = detail::bounds_relations_checked();
  EXPECT_NO_THROW(check_kernel(matmul));
  EXPECT_EQ(detail::bounds_relations_checked(), built);
  LoopKernel wide = make_kernel({"{[i,j]: 0<=i<n and 0<=j<=n}"}, "c[i, j] = a[i, j]", args);
  std::string message = error_message<LegalityError>([&] { check_kernel(wide); });
  EXPECT_NE(message.find("writes c[i, j] outside the shape (n, n) of 'c'"), std::string::npos) << message;
  LoopKernel guarded = make_kernel({"{[i,j]: 0<=i<n and 0<=j<=n}"}, "c[i, j] = if(j < n, a[i, j], 0)",
                                   {array_arg("a", DType::Float32, {"n", "n"}), array_arg("c", DType::Float32, {"n", "n + 1"})});
  built = detail::bounds_relations_checked();
  EXPECT_NO_THROW(check_kernel(guarded));
  // c[i, j] by the ranges; a[i, j] on its relation (j reaches n, where the guard keeps it inside).
  EXPECT_EQ(detail::bounds_relations_checked(), built + 1);
}

TEST(Legality, ArrayBounds) {
  std::vector<KernelArgument> args = {array_arg("a, out", DType::Float32, {"n"})};
  LoopKernel inside = make_kernel({"{[i]: 0<=i<n}"}, "out[i] = a[n - 1 - i]", args);
  EXPECT_NO_THROW(generate_code(inside, Target::C));
  LoopKernel guarded = make_kernel({"{[i]: 0<=i<n}"}, "out[i] = if(i > 0, a[i - 1], 0)", args);
  EXPECT_NO_THROW(generate_code(guarded, Target::C)) << "a guarded access is checked under its guard";
  LoopKernel outside = make_kernel({"{[i]: 0<=i<n}"}, "out[i] = a[i + 1]", args);
  std::string message = error_message<LegalityError>([&] { generate_code(outside, Target::C); });
  EXPECT_NE(message.find("instruction 'insn' reads a[i + 1] outside the shape (n) of 'a'"), std::string::npos) << message;
  EXPECT_NE(message.find("accesses a["), std::string::npos) << message;
  std::string transformed = error_message<LegalityError>([&] { split_iname(outside, "i", 4); });
  EXPECT_NE(transformed.find("split_iname: instruction 'insn' reads"), std::string::npos) << transformed;
  EXPECT_NO_THROW(split_iname(outside, "i", 4, {.unchecked = true}));
  LoopKernel assumed = make_kernel({"{[i]: 0<=i<n}"}, "out[i] = a[i + 1]", {array_arg("a, out", DType::Float32, {"n + 1"})});
  EXPECT_NO_THROW(generate_code(assumed, Target::C));
}

// An integer condition holds where it is nonzero (loopy's test_access_check_with_conditionals):
// `x[i] if 0 else ...` never reads x, `a[i-1] if i else ...` reads it only for i != 0.
TEST(Legality, ArrayBoundsUnderIntegerConditions) {
  std::vector<KernelArgument> args = {array_arg("a", DType::Float32, {"n - 1"}), array_arg("x", DType::Float32, {"1"}),
                                      array_arg("out", DType::Float32, {"n"})};
  LoopKernel never = make_kernel({"{[i]: 0<=i<n}"}, "out[i] = x[i] if 0 else 2", args, {.assumptions = "n >= 1"});
  EXPECT_NO_THROW(generate_code(never, Target::C));
  LoopKernel nonzero = make_kernel({"{[i]: 0<=i<n}"}, "out[i] = a[i-1] if i else 3", args, {.assumptions = "n >= 1"});
  EXPECT_NO_THROW(generate_code(nonzero, Target::C));
  Array a(DType::Float32, {3}), x(DType::Float32, {1}), out(DType::Float32, {4});
  for (int k = 0; k < 3; ++k) a.set_double(k, 10 + k);
  compile(nonzero)({{"a", a}, {"x", x}, {"out", out}, {"n", Scalar(int64_t{4})}});
  EXPECT_EQ(out.get_double(0), 3);
  EXPECT_EQ(out.get_double(3), 12);
  LoopKernel always = make_kernel({"{[i]: 0<=i<n}"}, "out[i] = a[i-1] if i+1 else 3", args, {.assumptions = "n >= 1"});
  std::string message = error_message<LegalityError>([&] { generate_code(always, Target::C); });
  EXPECT_NE(message.find("instruction 'insn' reads a[i - 1] outside the shape (n - 1) of 'a'"), std::string::npos)
      << message;
}

TEST(Legality, VariableAccessOrdering) {
  std::vector<KernelArgument> args = {array_arg("a, out", DType::Float32, {"n"})};
  LoopKernel ordered = make_kernel({"{[i]: 0<=i<n}"}, "out[i] = a[i] {id=first}\nout[i] = out[i] * 2 {id=second, dep=first}", args);
  EXPECT_NO_THROW(generate_code(ordered, Target::C));
  LoopKernel unordered = make_kernel({"{[i]: 0<=i<n}"}, "out[i] = a[i] {id=first}\nout[i] = 3 {id=second}", args);
  std::string message = error_message<Error>([&] { generate_code(unordered, Target::C); });
  EXPECT_NE(message.find("instructions 'first' and 'second' both access 'out' (first writes it) but no dependency "
                         "orders them"),
            std::string::npos)
      << message;
  LoopKernel disjoint = make_kernel({"{[i]: 0<=i<n}"}, "out[2*i] = a[i] {id=first}\nout[2*i+1] = 3 {id=second}",
                                    {array_arg("a", DType::Float32, {"n"}), array_arg("out", DType::Float32, {"2*n"})});
  EXPECT_NO_THROW(generate_code(disjoint, Target::C)) << "disjoint elements need no order";
}

TEST(Legality, DependencyCycles) {
  std::vector<KernelArgument> args = {array_arg("a, b", DType::Float32, {"n"})};
  LoopKernel acyclic = make_kernel({"{[i]: 0<=i<n}"}, "a[i] = 1 {id=x}\nb[i] = a[i] {id=y, dep=x}", args);
  EXPECT_NO_THROW(generate_code(acyclic, Target::C));
  LoopKernel cyclic = make_kernel({"{[i]: 0<=i<n}"}, "a[i] = b[i] {id=x, dep=y}\nb[i] = a[i] {id=y, dep=x}", args);
  std::string message = error_message<Error>([&] { generate_code(cyclic, Target::C); });
  EXPECT_NE(message.find("dependency cycle: x -> y -> x"), std::string::npos) << message;
}

}  // namespace
}  // namespace loom
