// Issue 23, barriers and temporaries (loopy's test_loopy.py): global barriers inside loops,
// global scalar temporaries, local-memory dependences that barriers cannot order, and reads of
// undefined temporaries. Each test fails without its fix: results against the untransformed
// kernel (C, and OpenCL/PoCL where barriers or local memory are involved), or the refusal's text.
#include <gtest/gtest.h>

#include <set>

#include "analysis/checks.hpp"
#include "codegen/host_loops.hpp"
#include "device_helpers.hpp"
#include "loom/loom.hpp"
#include "test_helpers.hpp"

namespace loom {
namespace {

using testing::error_message;
using testing::expect_matches_reference;
using testing::expect_on_opencl;

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

LoopKernel with_local(const LoopKernel& kernel, const std::string& names) {
  return set_temporary_address_space(kernel, std::vector<std::string>{names}, AddressSpace::Local);
}

// A local array read at a neighbour's index in the loop after its own element is written
// (test_barrier_insertion_near_top_of_loop, with `a` defined first). With i on l.0 the barrier
// after the write makes every work-item read the neighbour's new value; the sequential order
// reads the old one. loom accepted this and generated code that differed from the reference.
TEST(LoopyBarriers, ReadOfANeighbourBeforeItsOverwriteIsRefused) {
  LoopKernel reference = make_kernel({"{[i,j,i0]: 0 <= i,j,i0 < 10}"},
                                     "for i0\n  <> a[i0] = 0  {id=zero}\nend\n"
                                     "for i\n  a[i] = i  {id=ainit}\n  for j\n"
                                     "    out[i,j] = a[(i + 1) % 10]  {id=tcomp}\n  end\nend",
                                     {array_arg("out", DType::Int32, {"10", "10"})},
                                     {.options = {.seq_dependencies = true}});
  std::string message = error_message<LegalityError>([&] { tag_inames(with_local(reference, "a"), "i:l.0, i0:l.0"); });
  EXPECT_TRUE(contains(message, "tag_inames: instruction 'ainit' must follow 'tcomp' (anti dependence through 'a')"))
      << message;
  EXPECT_TRUE(contains(message, "iname 'i' is tagged l.0")) << message;
}

// The same read where nothing wrote a[i+1] before (loopy's test as written): the reference reads
// an undefined value, so any value is right and the l.0 tag is accepted with a barrier between
// the write and the read; the result is the one of the parallel order.
TEST(LoopyBarriers, ReadOfAnUndefinedNeighbourOrdersNothing) {
  REQUIRE_OPENCL();
  LoopKernel sequential = make_kernel({"{[i,j]: 0 <= i,j < 10}"},
                                      "for i\n  <> a[i] = i  {id=ainit}\n  for j\n"
                                      "    out[i,j] = a[(i + 1) % 10] + a[i]  {id=tcomp}\n  end\nend",
                                      {array_arg("out", DType::Int32, {"10", "10"})},
                                      {.options = {.seq_dependencies = true}});
  LoopKernel kernel = tag_inames(with_local(sequential, "a"), "i:l.0");
  EXPECT_EQ(testing::count(generate_code(kernel, Target::OpenCL).source, "barrier(CLK_LOCAL_MEM_FENCE)"), 1);
  LoopKernel defined_first = make_kernel({"{[i,j,i0]: 0 <= i,j,i0 < 10}"},
                                         "for i0\n  <> a[i0] = i0  {id=ainit}\nend\n"
                                         "for i\n  for j\n    out[i,j] = a[(i + 1) % 10] + a[i]  {id=tcomp}\n  end\nend",
                                         {array_arg("out", DType::Int32, {"10", "10"})},
                                         {.options = {.seq_dependencies = true}});
  expect_on_opencl(kernel, defined_first);
}


// A global temporary of shape () (loopy's test_scalar_temporary; save_and_reload_temporaries
// makes them for private scalars): one element behind a pointer. Refused before ("loom cannot
// generate yet"); written before a global barrier and read by every work-item after it.
TEST(LoopyBarriers, GlobalScalarTemporaryIsOneElement) {
  REQUIRE_OPENCL();
  LoopKernel reference = make_kernel({"{[i]: 0<=i<n}"},
                                     "<float64> tmp = 2*x  {id=w}\n"
                                     "... gbarrier  {id=b, dep=w}\n"
                                     "y[i] = tmp*a[i]  {dep=b}",
                                     {array_arg("a, y", DType::Float64, {"n"}), value_arg("x", DType::Float64), value_arg("n")});
  LoopKernel kernel = set_temporary_address_space(reference, std::vector<std::string>{"tmp"}, AddressSpace::Global);
  SplitOptions hw;
  hw.outer_tag = "g.0";
  hw.inner_tag = "l.0";
  kernel = split_iname(kernel, "i", 4, hw);
  std::string source = generate_code(kernel, Target::OpenCL).source;
  EXPECT_TRUE(contains(source, "tmp[0] = ")) << source;
  expect_matches_reference(kernel, reference, {{"n", 13}});
  expect_on_opencl(kernel, reference, {{"n", 13}});
}


// Global barriers inside a sequential loop (test_kernel_splitting_with_loop): the host runs the loop
// around the two kernels the barrier splits its body into, passing k (codegen/host_loops.cpp).
// Refused at first ("inside the loop over 'k'"), then unrolled into 4 kernels.
TEST(LoopyBarriers, GlobalBarrierInsideASequentialLoop) {
  REQUIRE_OPENCL();
  LoopKernel reference = make_kernel({"{[i,i2,k]: 0<=i,i2<n and 0<=k<3}"},
                                     "for k\n  for i\n    c[k,i] = a[k, i + 1] + k  {id=fill}\n  end\n"
                                     "  ... gbarrier  {id=split, dep=fill}\n"
                                     "  for i2\n    s[i2] = s[i2] + c[k,(i2 + 1) % n]  {id=sum, dep=split}\n  end\nend",
                                     {array_arg("a", DType::Float32, {"3", "n+1"}), array_arg("c", DType::Float32, {"3", "n"}),
                                      array_arg("s", DType::Float32, {"n"}), value_arg("n")});
  SplitOptions hw;
  hw.outer_tag = "g.0";
  hw.inner_tag = "l.0";
  LoopKernel kernel = split_iname(split_iname(reference, "i", 4, hw), "i2", 4, hw);
  GeneratedCode code = generate_code(kernel, Target::OpenCL);
  EXPECT_EQ(code.device_kernels.size(), 2u) << code.source;  // fill, then sum, once per k
  ASSERT_EQ(code.host_loops.size(), 1u);
  EXPECT_EQ(code.host_loops[0].iname, "k");
  EXPECT_EQ(to_string(code.host_loops[0].lower), "0");
  EXPECT_EQ(to_string(code.host_loops[0].upper), "2");
  EXPECT_EQ(code.host_loops[0].first_kernel, 0u);
  EXPECT_EQ(code.host_loops[0].end_kernel, 2u);
  EXPECT_TRUE(contains(code.source, "int32_t const k)")) << code.source;
  expect_on_opencl(kernel, reference, {{"n", 13}});
}

// A loop up to a parameter (a time loop): the host evaluates its bounds at launch. Refused while
// the loop was unrolled into launches ("its bounds are constant").
TEST(LoopyBarriers, GlobalBarrierInsideALoopUpToAParameter) {
  REQUIRE_OPENCL();
  LoopKernel reference = make_kernel({"{[i,k]: 0<=i<n and 0<=k<m}"},
                                     "for k, i\n  c[k,i] = a[k, i] + k\n  ... gbarrier\n  out[k,i] = 2*c[k,i]\nend",
                                     {array_arg("a, c, out", DType::Float32, {"m", "n"}), value_arg("n"), value_arg("m")},
                                     {.options = {.seq_dependencies = true}});
  SplitOptions hw;
  hw.outer_tag = "g.0";
  hw.inner_tag = "l.0";
  LoopKernel kernel = split_iname(reference, "i", 4, hw);
  GeneratedCode code = generate_code(kernel, Target::OpenCL);
  EXPECT_EQ(code.device_kernels.size(), 2u) << code.source;
  ASSERT_EQ(code.host_loops.size(), 1u);
  EXPECT_EQ(to_string(code.host_loops[0].upper), "m - 1");
  for (int64_t m : {0, 1, 40}) {
    SCOPED_TRACE("m = " + std::to_string(m));
    expect_on_opencl(kernel, reference, {{"n", 13}, {"m", m}});
  }
}

// save_and_reload_temporaries where the writer and the reader run on different l.0 inames of one
// range (duplicate_inames; loopy's test_save_across_inames_with_same_tag): the saved copy is
// indexed by the hardware index, so each work-item finds its own. Refused before.
TEST(LoopyBarriers, SaveAcrossDuplicatedHardwareInames) {
  REQUIRE_OPENCL();
  LoopKernel reference = make_kernel({"{[i]: 0 <= i < 10}"}, "<> a[i] = 3*i + 1\n... gbarrier\nout[i] = a[i]",
                                     {array_arg("out", DType::Int32, {"10"})}, {.options = {.seq_dependencies = true}});
  LoopKernel tagged = tag_inames(reference, "i:l.0");
  LoopKernel duplicated = apply_transform(
      tagged, {"duplicate_inames", {{"inames", std::string("i")}, {"within", std::string("reads:a")}, {"tags", std::string("i:l.0")}}});
  LoopKernel kernel = save_and_reload_temporaries(duplicated);
  EXPECT_EQ(kernel.find_temporary("a")->address_space, AddressSpace::Global);
  expect_on_opencl(kernel, reference);
}

// With nothing live across a global barrier the call changes nothing, as in loopy (it was an
// error: "nothing to save"); a read-only table with an initializer needs no saving.
TEST(LoopyBarriers, SaveWithNothingLiveIsANoOp) {
  LoopKernel reference = make_kernel({"{[i]: 0 <= i < 10}"}, "... gbarrier\nout[i] = 2*x[i]",
                                     {array_arg("out, x", DType::Int32, {"10"})}, {.options = {.seq_dependencies = true}});
  LoopKernel kernel = save_and_reload_temporaries(reference);
  EXPECT_EQ(generate_code(kernel, Target::C).source, generate_code(reference, Target::C).source);
  expect_matches_reference(kernel, reference, {});
}

// Overlapping writes of one value (loopy's test_tight_loop_bounds_codegen: j's ranges for i and
// i+1 share one element, and out[j] = j writes it twice with the same value): harmless, accepted.
// A value that differs between the writers (out[j] = i) is still a write race.
TEST(LoopyBarriers, WritesOfOneValueAreNoRace) {
  REQUIRE_OPENCL();
  auto make = [](const std::string& value) {
    return make_kernel({"{[i]: 0 <= i <= 5}", "[i] -> {[j]: 2*i - 2 <= j <= 2*i and 0 <= j <= 9}"},
                       "for i\n  for j\n    out[j] = " + value + "  {id=insn}\n  end\nend",
                       {array_arg("out", DType::Int32, {"10"})});
  };
  SplitOptions hw;
  hw.outer_tag = "g.0";
  hw.inner_tag = "l.0";
  LoopKernel reference = make("3*j + 1");
  LoopKernel kernel = split_iname(reference, "i", 5, hw);
  expect_on_opencl(kernel, reference);
  std::string message = error_message<LegalityError>([&] { split_iname(make("i"), "i", 5, hw); });
  EXPECT_TRUE(contains(message, "write race: instruction 'insn' writes 'out'")) << message;
}

// Class 14: loop bounds the kernel computes (CSR rows, `{[jj]: rs<=jj<re}` with `<> rs =
// rowptr[i]`) cannot be checked against the array shapes statically; loopy skips those
// instructions, and so does loom now (it refused every such kernel with declared shapes). Other
// instructions are still checked.
TEST(LoopyBarriers, DataDependentBoundsSkipTheStaticBoundsCheck) {
  std::vector<KernelArgument> args = {array_arg("rowptr", DType::Int32, {"n+1"}), array_arg("col", DType::Int32, {"nnz"}),
                                      array_arg("val", DType::Float64, {"nnz"}), array_arg("x, y", DType::Float64, {"n"}),
                                      value_arg("n"), value_arg("nnz")};
  std::string rows = "<> rs = rowptr[i]\n<> re = rowptr[i + 1]\n";
  LoopKernel spmv = make_kernel({"{[i]: 0<=i<n}", "{[jj]: rs<=jj<re}"}, rows + "y[i] = sum(jj, val[jj]*x[col[jj]])", args);
  ASSERT_EQ(unchecked_for_bounds(spmv).size(), 1u);
  EXPECT_EQ(unchecked_for_bounds(spmv)[0].second, (std::vector<std::string>{"re", "rs"}));
  CheckOptions options;
  options.inputs["rowptr"] = InputGenerator{InputGenerator::Kind::Values, 0, 0, {0, 2, 3, 3, 6}};
  options.inputs["col"] = InputGenerator{InputGenerator::Kind::Values, 0, 0, {0, 3, 1, 0, 2, 3}};
  expect_matches_reference(spmv, spmv, {{"n", 4}, {"nnz", 6}}, options);
  // An instruction outside the data-dependent loop is still checked.
  std::string message = error_message<LegalityError>([&] {
    check_kernel(make_kernel({"{[i]: 0<=i<n}", "{[jj]: rs<=jj<re}"}, rows + "y[i] = sum(jj, val[jj])\nx[i + 1] = 0", args));
  });
  EXPECT_TRUE(contains(message, "writes x[i + 1] outside the shape")) << message;
}

// A floating-point array index is refused (loopy's test_non_integral_array_idx_raises); it was
// converted to an integer silently.
TEST(LoopyBarriers, NonIntegralIndexIsRefused) {
  LoopKernel kernel = make_kernel({"{[i]: 0<=i<=4}"}, "out[i] = a[1.94**i - 1]",
                                  {array_arg("a, out", DType::Float64, {"16"})});
  std::string message = error_message<Error>([&] { generate_code(kernel, Target::C); });
  EXPECT_TRUE(contains(message, "array 'a' is indexed with 1.94**i - 1, which is float64; array indices must be integers"))
      << message;
}

// Two instructions that access one array unordered may be ordered by a later transform (loopy
// checks the order only before linearizing: test_globals_decl_once_with_multi_subprogram adds
// the barrier after fix_parameters). The table of constants in global memory (read-only, with an
// initializer) is declared in each kernel that reads it; it was refused.
TEST(LoopyBarriers, AccessOrderIsCheckedAtCodeGeneration) {
  REQUIRE_OPENCL();
  Temporary table;
  table.name = "cnst";
  table.dtype = DType::Float64;
  table.shape = {int_literal(8)};
  table.address_space = AddressSpace::Global;
  table.read_only = true;
  table.initializer = {0.5, -1.0, 2.0, 0.25, 3.0, -0.5, 1.5, 4.0};
  std::vector<KernelArgument> args = {array_arg("a, out", DType::Float64, {"n"})};
  auto make = [&](const std::string& second_options) {
    return make_kernel({"{[i, ii]: 0<=i, ii<n}"},
                       "out[i] = a[i] + cnst[i] {id=first}\nout[ii] = 2*out[ii] + cnst[ii] {id=second" + second_options + "}",
                       args, {.temporaries = {table}});
  };
  LoopKernel unordered = fix_parameters(make(""), {{"n", 8}});
  std::string message = error_message<Error>([&] { generate_code(unordered, Target::C); });
  EXPECT_TRUE(contains(message, "no dependency orders them")) << message;
  LoopKernel kernel = apply_transform(unordered, {"add_barrier", {{"insn_before", std::string("id:first")},
                                                                  {"insn_after", std::string("id:second")}}});
  SplitOptions hw;
  hw.outer_tag = "g.0";
  hw.inner_tag = "l.0";
  kernel = split_iname(split_iname(kernel, "i", 2, hw), "ii", 2, hw);
  LoopKernel reference = fix_parameters(make(", dep=first"), {{"n", 8}});
  expect_matches_reference(kernel, reference, {});
  expect_on_opencl(kernel, reference);
}

// Nested host loops whose inner bounds read the outer iname (t, k first in the domain, so that the
// reference nests them outside i and i2, as the host does), an instruction before the loops and
// one after them; the barriers' ids do not collide with an instruction the kernel already has
// (`k_host_loop_begin`). The barrier at the top of the loop was needed while the transforms'
// checks did not count the loop's own kernel boundaries (they do now:
// HostLoopsOpenCL.NestedTriangularLoopsUpToAParameterMatchTheReference has none).
TEST(LoopyBarriers, NestedHostLoopsWithATriangularInnerLoop) {
  REQUIRE_OPENCL();
  LoopKernel reference = make_kernel({"{[t,k,i,i2,i3]: 0<=i,i2,i3<n and 0<=t<3 and 0<=k<=t}"},
                                     "for i3\n  s[i3] = 1  {id=k_host_loop_begin}\nend\n"
                                     "for t, k\n  ... gbarrier  {id=top}\n  for i\n    c[i] = s[(i + 1) % n] + k*t  {id=fill, dep=top}\n  end\n"
                                     "  ... gbarrier  {id=split, dep=fill}\n"
                                     "  for i2\n    s[i2] = s[i2] + c[(i2 + 2) % n]  {id=sum, dep=split}\n  end\nend\n"
                                     "... gbarrier {id=last, dep=sum}\n"
                                     "for i3\n  out[i3] = 2*s[i3]  {dep=last}\nend",
                                     {array_arg("c, s, out", DType::Float32, {"n"}), value_arg("n")},
                                     {.options = {.seq_dependencies = true}});
  SplitOptions hw;
  hw.outer_tag = "g.0";
  hw.inner_tag = "l.0";
  LoopKernel kernel = split_iname(split_iname(split_iname(reference, "i", 4, hw), "i2", 4, hw), "i3", 4, hw);
  GeneratedCode code = generate_code(kernel, Target::OpenCL);
  ASSERT_EQ(code.host_loops.size(), 2u) << code.source;
  EXPECT_EQ(code.host_loops[0].iname, "t");
  EXPECT_EQ(code.host_loops[1].iname, "k");
  EXPECT_EQ(to_string(code.host_loops[1].lower), "0");
  EXPECT_EQ(to_string(code.host_loops[1].upper), "t");
  EXPECT_EQ(code.device_kernels.size(), 4u) << code.source;  // s = 1; fill; sum; out
  expect_on_opencl(kernel, reference, {{"n", 9}});
}

// Two instructions with a global barrier between them inside loops over k and t. Once i and i2
// are on work-groups, code generation runs k and t around both (as launches of host loops).
// (1) Where the reference nests i and i2 outside k and t (fill's nest, then sum's), fill at t=2
// would run after sum at t=1, which the reference orders the other way. The barrier used to count
// as separating every pair of the two instructions; it separates only pairs whose source iteration
// comes first. Accepted before, with a wrong result on OpenCL (out 140 where the reference has 38).
// (2) Written with k and t outside (the reference runs the launches' order), fill at t+1 reads s
// that other work-groups' sum wrote at t: different iterations of the host loops, so different
// launches, which run in order. It was refused for that loop-carried dependence between groups
// (wt-hostloops); it runs as the reference on C and PoCL.
TEST(LoopyBarriers, AGlobalBarrierSeparatesOnlyPairsOfEarlierIterations) {
  REQUIRE_OPENCL();
  auto make = [](const std::string& instructions) {
    return make_kernel({"{[i,i2,k,t]: 0<=i,i2<n and 0<=t<3 and 0<=k<2}"}, instructions,
                       {array_arg("c, s", DType::Float32, {"n"}), value_arg("n")});
  };
  SplitOptions hw;
  hw.outer_tag = "g.0";
  hw.inner_tag = "l.0";
  // The priorities are the reference's own (set before any transform, so its dependences are
  // computed in that order; prioritize_loops would check them against the shared nesting).
  LoopKernel nests_inside = make("c[i] = s[(i + 1) % n] + k*t  {id=fill, dep=*, inames=i:k:t}\n"
                                 "... gbarrier  {id=split, dep=fill, inames=k:t}\n"
                                 "s[i2] = s[i2] + c[(i2 + 2) % n]  {id=sum, dep=split, inames=i2:k:t}");
  nests_inside.loop_priorities = {{"i", "k", "t"}, {"i2", "k", "t"}};
  EXPECT_EQ(nests_inside.dependences, nullptr);
  LoopKernel fill_on_groups = split_iname(nests_inside, "i", 4, hw);
  std::string message = error_message<Error>([&] { split_iname(fill_on_groups, "i2", 4, hw); });
  EXPECT_TRUE(contains(message, "split_iname: instruction '")) << message;
  EXPECT_TRUE(contains(message, "dependence through 'c'), but they run in different work-groups")) << message;

  LoopKernel launches_order = make("for t, k\n  ... gbarrier  {id=top}\n  for i\n    c[i] = s[(i + 1) % n] + k*t  {id=fill, dep=*top}\n  end\n"
                                   "  ... gbarrier  {id=split, dep=fill}\n"
                                   "  for i2\n    s[i2] = s[i2] + c[(i2 + 2) % n]  {id=sum, dep=split}\n  end\nend");
  LoopKernel kernel = split_iname(split_iname(launches_order, "i", 4, hw), "i2", 4, hw);
  for (int64_t n : {1, 5, 13}) {
    SCOPED_TRACE("n = " + std::to_string(n));
    expect_matches_reference(kernel, launches_order, {{"n", n}});
    expect_on_opencl(kernel, launches_order, {{"n", n}});
  }
}

// `out[(i + 1) % n]` with 0 <= i < n writes out[i + 1], and out[0] at i = n - 1: an exact
// (piecewise) access, so i may go onto work-groups (loopy's rotate). It was refused: the modulo by
// a parameter made the access the whole array, and the writes of different work-groups overlap.
TEST(LoopyBarriers, APeriodicIndexModuloAParameterIsExact) {
  REQUIRE_OPENCL();
  LoopKernel reference = make_kernel({"{[i]: 0<=i<n}"}, "out[(i + 1) % n] = 2*a[(i + n - 1) % n]",
                                     {array_arg("a, out", DType::Float32, {"n"}), value_arg("n")});
  SplitOptions hw;
  hw.outer_tag = "g.0";
  hw.inner_tag = "l.0";
  LoopKernel kernel = split_iname(reference, "i", 4, hw);
  for (int64_t n : {1, 2, 13}) {
    SCOPED_TRACE("n = " + std::to_string(n));
    expect_matches_reference(kernel, reference, {{"n", n}});
    expect_on_opencl(kernel, reference, {{"n", n}});
  }
  // A write wrapped twice (i + 2n) is not exact and still refused as overlapping.
  LoopKernel twice = make_kernel({"{[i]: 0<=i<n}"}, "out[(i + 2*n) % n] = 2*a[i]",
                                 {array_arg("a, out", DType::Float32, {"n"}), value_arg("n")});
  std::string message = error_message<Error>([&] { split_iname(twice, "i", 4, hw); });
  EXPECT_TRUE(contains(message, "output dependence through 'out'")) << message;
}

}  // namespace
}  // namespace loom
