// The reference checker must catch wrong kernels: a test that cannot fail is not a test.
#include <gtest/gtest.h>

#include "loom/loom.hpp"
#include "test_helpers.hpp"

namespace loom {
namespace {

using testing::error_message;

const std::vector<KernelArgument> kVectorArgs = {array_arg("a, out", DType::Float32, {"n"})};

LoopKernel scale(const char* domain, const char* instruction) {
  return make_kernel({domain}, instruction, kVectorArgs, {.name = "scale"});
}

TEST(Check, AcceptsTheSameKernel) {
  LoopKernel kernel = scale("{[i]: 0<=i<n}", "out[i] = 3*a[i]");
  CheckResult result = check_against_reference(kernel, kernel, {{"n", 100}});
  EXPECT_TRUE(result.passed) << result.report();
}

TEST(Check, CatchesOneElementOff) {
  LoopKernel reference = scale("{[i]: 0<=i<n}", "out[i] = 3*a[i]");
  LoopKernel wrong = scale("{[i]: 0<=i<n}", "out[i] = 3*a[i] + if(i == 41, 0.01f, 0)");
  CheckResult result = check_against_reference(wrong, reference, {{"n", 100}});
  ASSERT_FALSE(result.passed);
  ASSERT_EQ(result.outputs.size(), 1u);
  EXPECT_EQ(result.outputs[0].mismatches, 1);
  EXPECT_EQ(result.outputs[0].worst_position, std::vector<int64_t>{41});
  EXPECT_NE(result.report().find("worst at [41]"), std::string::npos) << result.report();
}

TEST(Check, CatchesOneElementUnwritten) {
  LoopKernel reference = scale("{[i]: 0<=i<n}", "out[i] = 3*a[i]");
  LoopKernel wrong = scale("{[i]: 0<=i<n-1}", "out[i] = 3*a[i]");
  CheckResult result = check_against_reference(wrong, reference, {{"n", 64}});
  ASSERT_FALSE(result.passed);
  EXPECT_EQ(result.outputs[0].mismatches, 1);
  EXPECT_EQ(result.outputs[0].worst_position, std::vector<int64_t>{63});
}

TEST(Check, CatchesAnErrorAboveFloat32Tolerance) {
  // 1e-5 relative error passes float32's rtol of 1e-3; 1e-2 does not.
  LoopKernel reference = scale("{[i]: 0<=i<n}", "out[i] = a[i]");
  LoopKernel close = scale("{[i]: 0<=i<n}", "out[i] = a[i] * 1.00001f");
  LoopKernel far = scale("{[i]: 0<=i<n}", "out[i] = a[i] * 1.01f");
  EXPECT_TRUE(check_against_reference(close, reference, {{"n", 50}}).passed);
  EXPECT_FALSE(check_against_reference(far, reference, {{"n", 50}}).passed);
}

// 3.14f is a float32 value in the kernel; the float64 reference computes with that value, so a
// float64 output matches to float64 precision (loopy's test_access_check_with_conditionals).
TEST(Check, Float32LiteralInAFloat64Output) {
  LoopKernel kernel = make_kernel({"{[i]: 0<=i<n}"}, "z[i] = 3.14f if i % 2 else 2.71f", {array_arg("z", DType::Float64, {"n"})});
  CheckResult result = check_against_reference(kernel, kernel, {{"n", 10}});
  EXPECT_TRUE(result.passed) << result.report();
  LoopKernel exact = make_kernel({"{[i]: 0<=i<n}"}, "z[i] = 3.14 if i % 2 else 2.71", {array_arg("z", DType::Float64, {"n"})});
  EXPECT_FALSE(check_against_reference(kernel, exact, {{"n", 10}}).passed) << "3.14f and 2.71f differ from 3.14 and 2.71 in float64";
}

// A float32 (or 16-bit) value argument rounds the value it is given; the float64 reference starts
// from the same rounded value (as it does for arrays), so such a kernel passes its own check to
// float64 precision, and a kernel that differs from it by the scalar's rounding does not.
TEST(Check, ANarrowScalarReachesTheReferenceRounded) {
  for (DType narrow : {DType::Float32, DType::Float16, DType::BFloat16}) {
    LoopKernel kernel = make_kernel({"{[i]: 0<=i<n}"}, "y[i] = a[i] + s",
                                    {array_arg("a, y", DType::Float64, {"n"}), value_arg("s", narrow), value_arg("n")});
    CheckResult result = check_against_reference(kernel, kernel, {{"n", 16}});
    EXPECT_TRUE(result.passed) << dtype_name(narrow) << ": " << result.report();
  }
  LoopKernel wide = make_kernel({"{[i]: 0<=i<n}"}, "y[i] = a[i] + s",
                                {array_arg("a, y", DType::Float64, {"n"}), value_arg("s", DType::Float64), value_arg("n")});
  LoopKernel narrow = make_kernel({"{[i]: 0<=i<n}"}, "y[i] = a[i] + s",
                                  {array_arg("a, y", DType::Float64, {"n"}), value_arg("s", DType::Float32), value_arg("n")});
  EXPECT_FALSE(check_against_reference(wide, narrow, {{"n", 16}}).passed) << "s rounded to float32 differs in float64";
}

// A float64 output computed from float32 products holds float32's precision: the float64
// reference differs from it by float32 rounding, which float64's rtol (1e-9) refused (conf15:
// `y[i] = a[i] / 2 + b[i] * k[i]` with float32 b, int16 k, float64 y failed its own check). rtol
// is the narrowest computed type's; a difference beyond it still fails.
TEST(Check, AFloat64OutputOfFloat32ArithmeticHasFloat32Tolerance) {
  auto kernel = [](const char* instruction) {
    return make_kernel({"{[i,j]: 0<=i<n and 0<=j<m}"}, instruction,
                       {array_arg("a", DType::Float32, {"n", "m"}), array_arg("x", DType::Float32, {"m"}),
                        array_arg("y", DType::Float64, {"n"})});
  };
  LoopKernel product = kernel("y[i] = sum(j, a[i, j]*x[j])");
  CheckResult result = check_against_reference(product, product, {{"n", 13}, {"m", 97}});
  EXPECT_TRUE(result.passed) << result.report();
  EXPECT_EQ(result.outputs[0].rtol, 1e-3);
  LoopKernel far = kernel("y[i] = sum(j, a[i, j]*x[j]) * 1.01f");
  EXPECT_FALSE(check_against_reference(far, product, {{"n", 13}, {"m", 97}}).passed);
}

// A value that its integer type cannot hold is refused before any array is allocated (conf15:
// n = 2^31 for an int32 n filled two 8 GiB arrays, then the kernel looped with a wrapped bound).
TEST(Check, RefusesAParameterValueItsTypeCannotHold) {
  LoopKernel kernel = make_kernel({"{[i]: 0<=i<n}"}, "out[i] = a[i]", kVectorArgs);
  EXPECT_EQ(error_message<Error>([&] { check_against_reference(kernel, kernel, {{"n", int64_t{1} << 31}}); }),
            "parameter 'n' = 2147483648 does not fit its type int32 (-2147483648 to 2147483647)");
}

// An index array the checker fills with its random integers (1 to 63) may point outside what it
// indexes (x has 8 elements here): the result is warned about, naming the array and the fix. With
// its values given, or for integers that index nothing, there is no warning.
TEST(Check, RandomContentsOfAnIndexArrayAreWarnedAbout) {
  LoopKernel gather = make_kernel({"{[i]: 0<=i<n}"}, "y[i] = if(mask[i] > 0, x[idx[i] % 8], 0)",
                                  {array_arg("x", DType::Float64, {"8"}), array_arg("y", DType::Float64, {"n"}),
                                   array_arg("mask, idx", DType::Int32, {"n"}), value_arg("n")});
  CheckResult random = check_against_reference(gather, gather, {{"n", 16}});
  ASSERT_EQ(random.warnings.size(), 1u) << random.report();
  EXPECT_NE(random.report().find("warning: integer array 'idx' is read as an index of 'x' but has random contents"),
            std::string::npos)
      << random.report();
  CheckOptions given;
  InputGenerator values;
  values.kind = InputGenerator::Kind::Values;
  values.values.assign(16, 3.0);
  given.inputs["idx"] = values;
  EXPECT_TRUE(check_against_reference(gather, gather, {{"n", 16}}, given).warnings.empty());
}

// A float32 output whose float64 reference lies below float32's smallest normal number (a product
// of 257 factors near 0.5 is about 1e-78) cannot hold it: atol never falls below that number. A
// wrong value of normal size still fails.
TEST(Check, ReferenceValuesTheOutputDtypeCannotHoldDoNotFail) {
  std::vector<KernelArgument> args = {array_arg("a", DType::Float64, {"n", "m"}), array_arg("s", DType::Float32, {"n"})};
  LoopKernel product = make_kernel({"{[i,j]: 0<=i<n and 0<=j<m}"}, "s[i] = product(j, 0.5 + 0.01*a[i,j])", args);
  CheckResult tiny = check_against_reference(product, product, {{"n", 2}, {"m", 257}});
  EXPECT_TRUE(tiny.passed) << tiny.report();
  EXPECT_GE(tiny.outputs[0].atol, 1.1e-38);
  LoopKernel wrong = make_kernel({"{[i,j]: 0<=i<n and 0<=j<m}"}, "s[i] = product(j, 0.5 + 0.01*a[i,j]) + 1e-30", args);
  EXPECT_FALSE(check_against_reference(wrong, product, {{"n", 2}, {"m", 257}}).passed);
}

TEST(Check, IntegersMustMatchExactly) {
  auto int_kernel = [](const char* instruction) {
    return make_kernel({"{[i]: 0<=i<n}"}, instruction, {array_arg("a, out", DType::Int32, {"n"})});
  };
  LoopKernel reference = int_kernel("out[i] = a[i] // 3 + a[i] % 5");
  EXPECT_TRUE(check_against_reference(reference, reference, {{"n", 40}}).passed);
  LoopKernel wrong = int_kernel("out[i] = a[i] // 3 + a[i] % 5 + if(i == 7, 1, 0)");
  CheckResult result = check_against_reference(wrong, reference, {{"n", 40}});
  EXPECT_FALSE(result.passed);
  EXPECT_EQ(result.outputs[0].mismatches, 1);
}

TEST(Check, RefusesMissingParameterAndViolatedAssumptions) {
  LoopKernel kernel = make_kernel({"{[i]: 0<=i<n}"}, "out[i] = a[i]", kVectorArgs, {.assumptions = "n mod 4 = 0"});
  std::string missing = error_message<Error>([&] { check_against_reference(kernel, kernel, {}); });
  EXPECT_NE(missing.find("no value for parameter(s) n"), std::string::npos) << missing;
  std::string violated = error_message<Error>([&] { check_against_reference(kernel, kernel, {{"n", 6}}); });
  EXPECT_NE(violated.find("n=6 violate the assumptions"), std::string::npos) << violated;
}

// A kernel without assumptions run at n = -1: the message names the argument, the axis, its
// extent expression and the parameter values, not only "a negative extent".
TEST(Check, ANegativeExtentNamesTheArgumentAndTheParameters) {
  LoopKernel kernel = make_kernel({"{[i]: 0<=i<n}"}, "out[i] = a[i]", kVectorArgs);
  std::string message = error_message<Error>([&] { check_against_reference(kernel, kernel, {{"n", -1}}); });
  EXPECT_NE(message.find("argument 'a': axis 0 of its shape, n, is -1 for n=-1; an extent must be 0 or more"),
            std::string::npos)
      << message;
}

// loopy's test_inf_support: an infinity matches only the same infinity, and it does not widen
// the tolerance of the other elements (atol comes from the finite values).
TEST(Check, InfinitiesMatchOnlyThemselves) {
  LoopKernel reference = scale("{[i]: 0<=i<n}", "out[i] = if(i == 3, inf, if(i == 5, -inf, a[i]))");
  EXPECT_TRUE(check_against_reference(reference, reference, {{"n", 8}}).passed);
  LoopKernel sign = scale("{[i]: 0<=i<n}", "out[i] = if(i == 3, inf, if(i == 5, inf, a[i]))");
  CheckResult flipped = check_against_reference(sign, reference, {{"n", 8}});
  EXPECT_FALSE(flipped.passed);
  EXPECT_EQ(flipped.outputs[0].worst_position, std::vector<int64_t>{5});
  LoopKernel finite = scale("{[i]: 0<=i<n}", "out[i] = if(i == 3, 1e30f, if(i == 5, -inf, a[i]))");
  EXPECT_FALSE(check_against_reference(finite, reference, {{"n", 8}}).passed);
  LoopKernel off = scale("{[i]: 0<=i<n}", "out[i] = if(i == 3, inf, if(i == 5, -inf, a[i] + 0.5f))");
  CheckResult shifted = check_against_reference(off, reference, {{"n", 8}});
  EXPECT_FALSE(shifted.passed);
  EXPECT_EQ(shifted.outputs[0].mismatches, 6);
}

// A reference that reads a temporary before any instruction writes it may have no defined result:
// the check's report says so (a warning), naming the temporary, the instruction and an instance
// (private, local and global temporaries alike). Reads that
// some earlier write defines, and reads only where a loop is empty at the parameters checked, pass.
TEST(Check, AReferenceReadingATemporaryBeforeItsFirstWriteIsReported) {
  for (const std::string& space : {std::string("private"), std::string("local"), std::string("global")}) {
    SCOPED_TRACE(space);
    Temporary acc{.name = "acc", .dtype = DType::Float32, .address_space = space == "private" ? AddressSpace::Private
                                                                           : space == "local" ? AddressSpace::Local
                                                                                              : AddressSpace::Global};
    LoopKernel forgotten = make_kernel({"{[i]: 0<=i<n}"}, "acc = acc + a[i] {id=add}\nout[0] = acc {id=store, dep=add}",
                                       kVectorArgs, {.name = "sum_without_init", .assumptions = "n >= 1", .temporaries = {acc}});
    std::string message = check_against_reference(forgotten, forgotten, {{"n", 9}}).report();
    EXPECT_NE(message.find("instruction 'add' reads temporary 'acc' before any instruction writes it, e.g. at add[i=0]"),
              std::string::npos)
        << message;
    EXPECT_NE(message.find("the value read is undefined"), std::string::npos) << message;
    LoopKernel initialized =
        make_kernel({"{[i]: 0<=i<n}"}, "acc = 0 {id=init}\nacc = acc + a[i] {id=add, dep=init}\nout[0] = acc {id=store, dep=add}",
                    kVectorArgs, {.name = "sum_with_init", .assumptions = "n >= 1", .temporaries = {acc}});
    CheckResult defined = check_against_reference(initialized, initialized, {{"n", 9}});
    EXPECT_TRUE(defined.passed);
    EXPECT_TRUE(defined.warnings.empty()) << defined.report();
  }
  // Elements an earlier iteration wrote are defined (t[0], written at i = 0, read at every i); the
  // last one is not (w and r share one loop over i: r[i=0] reads t[n-1] before w[n-1] writes it).
  LoopKernel later = make_kernel({"{[i]: 0<=i<n}"}, "<float32> t[i] = a[i] {id=w}\nout[i] = t[i] + t[n-1] {id=r, dep=w}",
                                 kVectorArgs, {.name = "later_element", .assumptions = "n >= 1 and n <= 16"});
  std::string later_message = check_against_reference(later, later, {{"n", 9}}).report();
  EXPECT_NE(later_message.find("instruction 'r' reads temporary 't' before any instruction writes it, e.g. at r[i="),
            std::string::npos)
      << later_message;
  LoopKernel neighbour = make_kernel({"{[i]: 0<=i<n}"}, "<float32> t[i] = a[i] {id=w}\nout[i] = t[i] + t[0] {id=r, dep=w}",
                                     kVectorArgs, {.name = "defined_reads", .assumptions = "n >= 1 and n <= 16"});
  CheckResult neighbour_result = check_against_reference(neighbour, neighbour, {{"n", 9}});
  EXPECT_TRUE(neighbour_result.passed);
  EXPECT_TRUE(neighbour_result.warnings.empty()) << neighbour_result.report();
}

TEST(Launch, RefusesWrongArguments) {
  CompiledKernel program = compile(scale("{[i]: 0<=i<n}", "out[i] = a[i]"));
  Array a(DType::Float32, {8}), out(DType::Float32, {8}), wrong_type(DType::Float64, {8});
  std::string missing = error_message<Error>([&] { program({{"a", a}, {"n", Scalar(int64_t{8})}}); });
  EXPECT_NE(missing.find("missing argument 'out'"), std::string::npos) << missing;
  std::string dtype = error_message<Error>([&] { program({{"a", wrong_type}, {"out", out}, {"n", Scalar(int64_t{8})}}); });
  EXPECT_NE(dtype.find("'a' must be float32, got float64"), std::string::npos) << dtype;
  std::string shape = error_message<Error>([&] { program({{"a", a}, {"out", out}, {"n", Scalar(int64_t{9})}}); });
  EXPECT_NE(shape.find("'a' must have shape (9), got (8)"), std::string::npos) << shape;
  std::string unknown = error_message<Error>([&] { program({{"a", a}, {"out", out}, {"b", a}, {"n", Scalar(int64_t{8})}}); });
  EXPECT_NE(unknown.find("no argument 'b'"), std::string::npos) << unknown;
}

TEST(Launch, RunsWithHostArrays) {
  CompiledKernel program = compile(scale("{[i]: 0<=i<n}", "out[i] = 3*a[i]"));
  Array a(DType::Float32, {4}), out(DType::Float32, {4});
  for (int i = 0; i < 4; ++i) a.set_double(i, i + 0.5);
  program({{"a", a}, {"out", out}, {"n", Scalar(int64_t{4})}});
  for (int i = 0; i < 4; ++i) EXPECT_DOUBLE_EQ(out.get_double(i), 3 * (i + 0.5));
}

}  // namespace
}  // namespace loom

namespace loom {
namespace {

TEST(Check, FixedParameterAcceptedOnlyWithItsValue) {
  LoopKernel kernel = make_kernel({"{[i]: 0<=i<n}"}, "out[i] = 3*a[i]", {array_arg("a, out", DType::Float32, {"n"})});
  LoopKernel fixed = fix_parameters(kernel, {{"n", 24}});
  EXPECT_EQ(fixed.find_arg("n"), nullptr);
  CheckResult result = check_against_reference(fixed, kernel, {{"n", 24}});
  EXPECT_TRUE(result.passed) << result.report();
  std::string message = testing::error_message<Error>([&] { check_against_reference(fixed, kernel, {{"n", 25}}); });
  EXPECT_NE(message.find("n=25 differs from the value 24 fix_parameters gave it"), std::string::npos) << message;
}

}  // namespace
}  // namespace loom
