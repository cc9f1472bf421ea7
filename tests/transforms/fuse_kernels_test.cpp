// fuse_kernels: loopy's fusion tests (test_fusion.py, test_transform.py::test_fusion,
// test_loopy.py::test_finite_difference_expr_subst) ported; every fused kernel is run on the C
// target and compared with its kernels run one after another on the same inputs.
#include <gtest/gtest.h>

#include "loom/fuse_kernels.hpp"
#include "loom/loom.hpp"
#include "test_helpers.hpp"

namespace loom {
namespace {

Array random_array(DType dtype, std::vector<int64_t> shape, int seed) {
  Array array(dtype, std::move(shape));
  for (int64_t i = 0; i < array.size(); ++i)
    array.set_double(i, ((i * 7919 + seed * 104729) % 1000) / 100.0 - 5);
  return array;
}

ArgumentMap deep_copy(const ArgumentMap& arguments) {
  ArgumentMap copy;
  for (const auto& [name, value] : arguments) {
    if (const Array* array = std::get_if<Array>(&value))
      copy[name] = array->clone();
    else
      copy[name] = value;
  }
  return copy;
}

// Runs `kernels` one after another and `fused` once, each on its own copy of `arguments`, and
// expects every array to end equal.
void expect_fused_matches_sequence(const LoopKernel& fused, const std::vector<LoopKernel>& kernels,
                                   const ArgumentMap& arguments) {
  ArgumentMap sequence = deep_copy(arguments);
  for (const LoopKernel& kernel : kernels) {
    ArgumentMap own;
    for (const KernelArgument& arg : kernel.args) own[arg.name] = sequence.at(arg.name);
    compile(kernel, Target::C)(own);
  }
  ArgumentMap once = deep_copy(arguments);
  ArgumentMap own;
  for (const KernelArgument& arg : fused.args) own[arg.name] = once.at(arg.name);
  compile(fused, Target::C)(own);
  for (const auto& [name, value] : sequence) {
    const Array* expected = std::get_if<Array>(&value);
    if (!expected) continue;
    const Array& actual = std::get<Array>(once.at(name));
    for (int64_t i = 0; i < expected->size(); ++i) {
      ASSERT_EQ(actual.get_double(i), expected->get_double(i)) << name << "[" << i << "]";
    }
  }
}

int count_of(const std::string& text, const std::string& part) {
  int count = 0;
  for (std::size_t at = text.find(part); at != std::string::npos; at = text.find(part, at + 1))
    ++count;
  return count;
}

TEST(FuseKernels, TwoKernelFusion) {
  LoopKernel a =
      make_kernel({"{[i]: 0<=i<10}"}, "out[i] = i", {array_arg("out", DType::Int32, {"10"})});
  LoopKernel b =
      make_kernel({"{[j]: 0<=j<10}"}, "out[j] = j+100", {array_arg("out", DType::Int32, {"10"})});
  LoopKernel fused = fuse_kernels({a, b}, {.data_flow = {{"out", 0, 1}}});
  Array out(DType::Int32, {10});
  compile(fused, Target::C)({{"out", out}});
  for (int64_t i = 0; i < 10; ++i) EXPECT_EQ(out.get_int(i), 100 + i);
  EXPECT_EQ(fused.instructions.size(), 2u);
  EXPECT_NE(fused.instructions[0].id, fused.instructions[1].id);
}

TEST(FuseKernels, ProducerConsumerShareOneLoop) {
  LoopKernel producer =
      make_kernel({"{[i]: 0<=i<n}"}, "b[i] = 2*a[i]", {array_arg("a, b", DType::Float32, {"n"})},
                  {.name = "producer"});
  LoopKernel consumer =
      make_kernel({"{[i]: 0<=i<n}"}, "c[i] = b[i] + b[i]*b[i]",
                  {array_arg("b, c", DType::Float32, {"n"})}, {.name = "consumer"});
  LoopKernel fused = fuse_kernels({producer, consumer}, {.data_flow = {{"b", 0, 1}}});
  EXPECT_EQ(fused.name, "producer_and_consumer");
  EXPECT_EQ(count_of(generate_code(fused, Target::C).source, "for (int32_t"), 1)
      << generate_code(fused, Target::C).source;
  expect_fused_matches_sequence(fused, {producer, consumer},
                                {{"a", random_array(DType::Float32, {37}, 1)},
                                 {"b", random_array(DType::Float32, {37}, 2)},
                                 {"c", random_array(DType::Float32, {37}, 3)},
                                 {"n", Scalar(int64_t{37})}});
  // Tagged for a GPU: one launch.
  LoopKernel gpu = split_iname(fused, "i", 32, {.outer_tag = "g.0", .inner_tag = "l.0"});
  EXPECT_EQ(generate_code(gpu, Target::OpenCL).device_kernels.size(), 1u);
}

TEST(FuseKernels, RefusesASharedLoopThatReadsAheadOfItsProducer) {
  LoopKernel producer =
      make_kernel({"{[i]: 0<=i<n}"}, "b[i] = 2*a[i]", {array_arg("a, b", DType::Float32, {"n+1"})});
  LoopKernel consumer =
      make_kernel({"{[i]: 0<=i<n}"}, "c[i] = b[i+1]",
                  {array_arg("b", DType::Float32, {"n+1"}), array_arg("c", DType::Float32, {"n"})});
  std::string message = testing::error_message<LegalityError>([&] {
    fuse_kernels({producer, consumer}, {.data_flow = {{"b", 0, 1}}});
  });
  EXPECT_NE(message.find("would run insn_0[i="), std::string::npos) << message;
  EXPECT_NE(message.find("(reads b) before insn[i="), std::string::npos) << message;
  EXPECT_NE(message.find("rename the shared inames"), std::string::npos) << message;
  // With the consumer's loop renamed apart, the fusion keeps the order and is legal.
  LoopKernel apart = rename_iname(consumer, "i", "i2");
  LoopKernel fused = fuse_kernels({producer, apart}, {.data_flow = {{"b", 0, 1}}});
  expect_fused_matches_sequence(fused, {producer, apart},
                                {{"a", random_array(DType::Float32, {21}, 4)},
                                 {"b", random_array(DType::Float32, {21}, 5)},
                                 {"c", random_array(DType::Float32, {20}, 6)},
                                 {"n", Scalar(int64_t{20})}});
}

TEST(FuseKernels, WriteBlockMatrixFusion) {
  LoopKernel init = make_kernel(
      {"{[idof]: 0 <= idof < n}", "{[jdof]: 0 <= jdof < m}"}, "result[idof, jdof] = 0 {id=init}",
      {array_arg("result", DType::Float64, {"n", "m"})}, {.name = "init_a_global_matrix"});
  std::vector<LoopKernel> kernels{init};
  for (int block = 0; block < 2; ++block) {
    std::string b = std::to_string(block);
    kernels.push_back(make_kernel(
        {"{[idof_" + b + "]: 0 <= idof_" + b + " < ndofs_" + b + "}",
         "{[jdof_" + b + "]: 0 <= jdof_" + b + " < mdofs_" + b + "}"},
        "result[offset_i_" + b + " + idof_" + b + ", offset_j_" + b + " + jdof_" + b + "] = mat_" +
            b + "[idof_" + b + ", jdof_" + b + "]",
        {array_arg("result", DType::Float64, {"n", "m"}),
         array_arg("mat_" + b, DType::Float64, {"ndofs_" + b, "mdofs_" + b}),
         value_arg("offset_i_" + b), value_arg("offset_j_" + b)},
        {.name = "write_into_global_matrix",
         .assumptions = "ndofs_" + b + " + offset_i_" + b + " < n and mdofs_" + b + " + offset_j_" +
                        b + " < m and offset_i_" + b + " >= 0 and offset_j_" + b + " >= 0"}));
  }
  LoopKernel fused = fuse_kernels(kernels, {.data_flow = {{"result", 0, 1}, {"result", 1, 2}}});
  ArgumentMap arguments{{"result", random_array(DType::Float64, {11, 11}, 7)},
                        {"mat_0", random_array(DType::Float64, {5, 5}, 8)},
                        {"mat_1", random_array(DType::Float64, {5, 5}, 9)},
                        {"n", Scalar(int64_t{11})},
                        {"m", Scalar(int64_t{11})},
                        {"ndofs_0", Scalar(int64_t{5})},
                        {"mdofs_0", Scalar(int64_t{5})},
                        {"ndofs_1", Scalar(int64_t{5})},
                        {"mdofs_1", Scalar(int64_t{5})},
                        {"offset_i_0", Scalar(int64_t{0})},
                        {"offset_j_0", Scalar(int64_t{0})},
                        {"offset_i_1", Scalar(int64_t{5})},
                        {"offset_j_1", Scalar(int64_t{5})}};
  expect_fused_matches_sequence(fused, kernels, arguments);
  // The block diagonal: mat_0, mat_1 on the diagonal, zeros elsewhere.
  ArgumentMap run = deep_copy(arguments);
  ArgumentMap own;
  for (const KernelArgument& arg : fused.args) own[arg.name] = run.at(arg.name);
  compile(fused, Target::C)(own);
  const Array& result = std::get<Array>(run.at("result"));
  const Array& mat_1 = std::get<Array>(arguments.at("mat_1"));
  EXPECT_EQ(result.get_double(6 * 11 + 7), mat_1.get_double(1 * 5 + 2));
  EXPECT_EQ(result.get_double(1 * 11 + 7), 0.0);
}

TEST(FuseKernels, FiniteDifferenceWithReversedDataFlow) {
  LoopKernel fin_diff =
      make_kernel({"{[i]: 1<=i<=n}"}, "out[i] = -(f[i+1] - f[i-1])/h",
                  {array_arg("out, f", DType::Float32, {"n+2"}), value_arg("h", DType::Float32)});
  LoopKernel flux = make_kernel({"{[j]: 1<=j<=n}"}, "f[j] = u[j]**2/2",
                                {array_arg("f, u", DType::Float32, {"n+2"})});
  LoopKernel fused = fuse_kernels({fin_diff, flux}, {.data_flow = {{"f", 1, 0}}});
  ArgumentMap arguments{{"out", random_array(DType::Float32, {34}, 1)},
                        {"f", random_array(DType::Float32, {34}, 2)},
                        {"u", random_array(DType::Float32, {34}, 3)},
                        {"h", Scalar(0.1)},
                        {"n", Scalar(int64_t{32})}};
  expect_fused_matches_sequence(fused, {flux, fin_diff}, arguments);
}

TEST(FuseKernels, TemporariesAreRenamedApart) {
  LoopKernel first = make_kernel({"{[i]: 0<=i<n}"}, "<float32> t = 2*a[i]\nb[i] = t",
                                 {array_arg("a, b", DType::Float32, {"n"})});
  LoopKernel second = make_kernel({"{[k]: 0<=k<n}"}, "<float32> t = b[k] + 1\nc[k] = t",
                                  {array_arg("b, c", DType::Float32, {"n"})});
  LoopKernel fused = fuse_kernels({first, second},
                                  {.suffixes = {"_first", "_second"}, .data_flow = {{"b", 0, 1}}});
  EXPECT_NE(fused.find_temporary("t_first"), nullptr);
  EXPECT_NE(fused.find_temporary("t_second"), nullptr);
  EXPECT_EQ(fused.find_temporary("t"), nullptr);
  LoopKernel plain = fuse_kernels({first, second}, {.data_flow = {{"b", 0, 1}}});
  EXPECT_NE(plain.find_temporary("t"), nullptr);
  EXPECT_NE(plain.find_temporary("t_0"), nullptr);
  expect_fused_matches_sequence(fused, {first, second},
                                {{"a", random_array(DType::Float32, {9}, 1)},
                                 {"b", random_array(DType::Float32, {9}, 2)},
                                 {"c", random_array(DType::Float32, {9}, 3)},
                                 {"n", Scalar(int64_t{9})}});
}

// test_transform.py::test_fusion fuses these without data_flow: exp has one writer, so the
// single-writer rule (loopy's and loom's) orders its read after the write.
TEST(FuseKernels, SingleWriterOrdersWithoutDataFlow) {
  LoopKernel exp_kernel =
      make_kernel({"{[i]: 0<=i<n}"}, "exp[i] = pow(E, z[i])",
                  {array_arg("exp, z", DType::Float64, {"n"}), value_arg("E", DType::Float64)},
                  {.assumptions = "n>0"});
  LoopKernel sum_kernel = make_kernel(
      {"{[j]: 0<=j<n}"}, "out2[0] = sum(j, exp[j])",
      {array_arg("exp", DType::Float64, {"n"}), array_arg("out2", DType::Float64, {"1"})},
      {.assumptions = "n>0"});
  LoopKernel fused = fuse_kernels({exp_kernel, sum_kernel});
  expect_fused_matches_sequence(fused, {exp_kernel, sum_kernel},
                                {{"exp", random_array(DType::Float64, {8}, 1)},
                                 {"z", random_array(DType::Float64, {8}, 2)},
                                 {"out2", random_array(DType::Float64, {1}, 3)},
                                 {"E", Scalar(2.5)},
                                 {"n", Scalar(int64_t{8})}});
}

// Two writers of one array: nothing orders them without data_flow, and loom refuses (loopy
// would fuse and leave the order to chance).
TEST(FuseKernels, UnorderedWritersAreRefused) {
  LoopKernel a =
      make_kernel({"{[i]: 0<=i<10}"}, "out[i] = i", {array_arg("out", DType::Int32, {"10"})});
  LoopKernel b =
      make_kernel({"{[j]: 0<=j<10}"}, "out[j] = j+100", {array_arg("out", DType::Int32, {"10"})});
  std::string message = testing::error_message<Error>([&] { fuse_kernels({a, b}); });
  EXPECT_NE(message.find("kernels 0 and 1 both touch 'out'"), std::string::npos) << message;
  EXPECT_NE(message.find("pass data_flow {\"out\", 0, 1}"), std::string::npos) << message;
}

TEST(FuseKernels, RefusesBadInput) {
  LoopKernel a =
      make_kernel({"{[i]: 0<=i<n}"}, "b[i] = a[i]", {array_arg("a, b", DType::Float32, {"n"})});
  LoopKernel shorter =
      make_kernel({"{[i]: 0<=i<n-1}"}, "c[i] = 1", {array_arg("c", DType::Float32, {"n"})});
  LoopKernel other_b =
      make_kernel({"{[k]: 0<=k<n}"}, "b[k] = 1", {array_arg("b", DType::Float64, {"n"})});
  EXPECT_NE(testing::error_message<Error>([&] { fuse_kernels({}); }).find("no kernels to fuse"),
            std::string::npos);
  EXPECT_NE(testing::error_message<Error>([&] {
              fuse_kernels({a, shorter});
            }).find("do not agree on the values of iname(s) i"),
            std::string::npos);
  EXPECT_NE(testing::error_message<Error>([&] {
              fuse_kernels({a, other_b});
            }).find("argument 'b' is declared differently"),
            std::string::npos);
  EXPECT_NE(testing::error_message<Error>([&] {
              fuse_kernels({a, a}, {.suffixes = {"_x"}});
            }).find("1 suffixes for 2 kernels"),
            std::string::npos);
  EXPECT_NE(testing::error_message<Error>([&] {
              fuse_kernels({a, a}, {.data_flow = {{"b", 0, 2}}});
            }).find("must name two different kernels"),
            std::string::npos);
}

// Loop fusion inside one kernel is loopy's rename_inames onto one iname (test_transform.py::
// test_rename_inames), checked against the dependences in loom.
TEST(FuseKernels, LoopFusionWithinAKernelByRenameInames) {
  LoopKernel kernel = make_kernel({"{[i1, i2]: 0<=i1, i2<10}"}, "y1[i1] = 2\ny2[i2] = 3",
                                  {array_arg("y1, y2", DType::Float32, {"10"})});
  LoopKernel fused = rename_inames(kernel, {"i1", "i2"}, "ifused");
  EXPECT_EQ(count_of(generate_code(fused, Target::C).source, "for (int32_t"), 1);
  testing::expect_matches_reference(fused, kernel, {});
  LoopKernel reversed = make_kernel({"{[i]: 0<=i<n}", "{[ii]: 0<=ii<n}"},
                                    "b[i] = 2*a[i] {id=double}\nc[ii] = b[n-1-ii] {dep=double}",
                                    {array_arg("a, b, c", DType::Float32, {"n"})});
  std::string message = testing::error_message<LegalityError>(
      [&] { rename_iname(reversed, "ii", "i", {.existing_ok = true}); });
  EXPECT_NE(message.find("double"), std::string::npos) << message;
}

}  // namespace
}  // namespace loom
