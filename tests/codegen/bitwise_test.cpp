// Bitwise operators & | ^ ~ << >> (issue 31; loopy's pymbolic syntax, Python's precedence):
// parsed and printed back, executed on the C target and on OpenCL (PoCL) against values computed
// here for signed and unsigned operands and every shift amount 0..31 (on a GPU too, through
// NVRTC and the LLVM NVPTX emitter: shl, ashr for signed, lshr for unsigned), and refused on a
// floating-point operand with the instruction and the operator named.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstdlib>
#include <random>

#include "codegen/llvm_nvptx.hpp"
#include "device_helpers.hpp"
#include "lang/instruction_parser.hpp"
#include "runtime/scoped_env.hpp"
#include "loom/loom.hpp"
#include "test_helpers.hpp"

namespace loom {
namespace {

using lang::parse_expression;
using testing::error_message;

// Python's precedence: | below ^ below & below << >> below + -, all above the comparisons.
TEST(BitwiseOperators, ParseWithPythonPrecedence) {
  const std::vector<std::pair<const char*, const char*>> cases = {
      {"a | b ^ c & d << e + f", "a | (b ^ (c & (d << (e + f))))"},
      {"a >> s & 255 | s << 8", "((a >> s) & 255) | (s << 8)"},
      {"a & b == c", "(a & b) == c"},
      {"~x**2", "~(x**2)"},
      {"-~x", "-(~x)"},
      {"a << b << c", "(a << b) << c"},
      {"x ^ ~k", "x ^ (~k)"},
  };
  for (const auto& [text, grouped] : cases) {
    SCOPED_TRACE(text);
    EXPECT_TRUE(structurally_equal(*parse_expression(text), *parse_expression(grouped)))
        << to_string(parse_expression(text));
    // Printed with the fewest parentheses that read back the same.
    EXPECT_EQ(to_string(parse_expression(grouped)), text);
  }
  ExprPtr shift = parse_expression("g[i] << (h[i] >> k)");
  ASSERT_EQ(shift->kind, ExprKind::Binary);
  EXPECT_EQ(shift->binary_op, BinaryOp::LeftShift);
  EXPECT_EQ(shift->operands[1]->binary_op, BinaryOp::RightShift);
  EXPECT_EQ(parse_expression("~x")->unary_op, UnaryOp::BitwiseNot);
}

constexpr int64_t kRows = 40;
constexpr int64_t kShifts = 32;

// Every operator over signed and unsigned operands, one column per shift amount 0..31.
LoopKernel bitwise_kernel() {
  return make_kernel({"{[r, s]: 0<=r<rows and 0<=s<32}"},
                     "sr[r, s] = x[r] >> s\n"
                     "ur[r, s] = u[r] >> q[s]\n"
                     "ul[r, s] = u[r] << q[s]\n"
                     "sl[r, s] = w[r] << s\n"
                     "bits[r, s] = (x[r] & v[s]) | (x[r] ^ ~v[s])\n"
                     "ubits[r, s] = (u[r] | q[s]) & ~(u[r] ^ q[s])\n"
                     "mix[r, s] = x[r] >> s & 255 | s << 8",
                     {array_arg("x", DType::Int32, {"rows"}), array_arg("u", DType::UInt32, {"rows"}),
                      array_arg("w", DType::Int64, {"rows"}), array_arg("v", DType::Int32, {"32"}),
                      array_arg("q", DType::UInt32, {"32"}), array_arg("sr, bits, mix", DType::Int32, {"rows", "32"}),
                      array_arg("ur, ul, ubits", DType::UInt32, {"rows", "32"}),
                      array_arg("sl", DType::Int64, {"rows", "32"}), value_arg("rows")},
                     {.name = "bitwise"});
}

struct BitwiseInputs {
  std::vector<int32_t> x;
  std::vector<uint32_t> u;
  std::vector<int64_t> w;  // non-negative below 2^31: w << 31 stays below 2^62 (no overflow)
  std::vector<int32_t> v;
  std::vector<uint32_t> q;  // the shift amounts 0..31, as unsigned values
};

BitwiseInputs random_inputs() {
  std::mt19937 random(31);
  std::uniform_int_distribution<int32_t> any_int32(INT32_MIN, INT32_MAX);
  std::uniform_int_distribution<uint32_t> any_uint32(0, UINT32_MAX);
  std::uniform_int_distribution<int64_t> below_2_31(0, (int64_t{1} << 31) - 1);
  BitwiseInputs in;
  for (int64_t r = 0; r < kRows; ++r) {
    // The extremes first: sign bit alone, all bits, zero.
    in.x.push_back(r == 0 ? INT32_MIN : r == 1 ? -1 : r == 2 ? 0 : any_int32(random));
    in.u.push_back(r == 0 ? 0x80000000u : r == 1 ? UINT32_MAX : r == 2 ? 0 : any_uint32(random));
    in.w.push_back(r == 0 ? (int64_t{1} << 31) - 1 : below_2_31(random));
  }
  for (int64_t s = 0; s < kShifts; ++s) {
    in.v.push_back(any_int32(random));
    in.q.push_back(static_cast<uint32_t>(s));
  }
  return in;
}

ArgumentMap bitwise_arguments(const BitwiseInputs& in) {
  ArgumentMap args{{"rows", Scalar(kRows)}};
  auto filled = [](DType dtype, const auto& values) {
    Array array(dtype, {static_cast<int64_t>(values.size())});
    for (std::size_t i = 0; i < values.size(); ++i) array.set_int(static_cast<int64_t>(i), static_cast<int64_t>(values[i]));
    return array;
  };
  args["x"] = filled(DType::Int32, in.x);
  args["u"] = filled(DType::UInt32, in.u);
  args["w"] = filled(DType::Int64, in.w);
  args["v"] = filled(DType::Int32, in.v);
  args["q"] = filled(DType::UInt32, in.q);
  for (const char* name : {"sr", "bits", "mix"}) args[name] = Array(DType::Int32, {kRows, kShifts});
  for (const char* name : {"ur", "ul", "ubits"}) args[name] = Array(DType::UInt32, {kRows, kShifts});
  args["sl"] = Array(DType::Int64, {kRows, kShifts});
  return args;
}

// The values C++20 gives (arithmetic >> on signed values, as C compilers and OpenCL do).
void expect_bitwise_results(const ArgumentMap& args, const BitwiseInputs& in) {
  auto at = [&](const char* name, int64_t r, int64_t s) { return std::get<Array>(args.at(name)).get_int(r * kShifts + s); };
  for (int64_t r = 0; r < kRows; ++r) {
    for (int64_t s = 0; s < kShifts; ++s) {
      SCOPED_TRACE("r=" + std::to_string(r) + " s=" + std::to_string(s));
      int32_t x = in.x[r], v = in.v[s];
      uint32_t u = in.u[r], q = in.q[s];
      ASSERT_EQ(at("sr", r, s), x >> s);
      ASSERT_EQ(at("ur", r, s), u >> q);
      ASSERT_EQ(at("ul", r, s), static_cast<uint32_t>(u << q));
      ASSERT_EQ(at("sl", r, s), in.w[r] << s);
      ASSERT_EQ(at("bits", r, s), (x & v) | (x ^ ~v));
      ASSERT_EQ(at("ubits", r, s), (u | q) & ~(u ^ q));
      ASSERT_EQ(at("mix", r, s), ((x >> s) & 255) | (static_cast<int32_t>(s) << 8));
    }
  }
}

TEST(BitwiseOperators, ExecuteOnTheCTargetAsCppComputesThem) {
  BitwiseInputs in = random_inputs();
  ArgumentMap args = bitwise_arguments(in);
  compile(bitwise_kernel(), Target::C)(args);
  expect_bitwise_results(args, in);
}

TEST(BitwiseOperatorsOpenCL, ExecuteOnPoCLAsCppComputesThem) {
  REQUIRE_OPENCL();
  LoopKernel kernel = split_iname(bitwise_kernel(), "r", 8, {.outer_tag = "g.0", .inner_tag = "l.1"});
  kernel = tag_inames(kernel, "s:l.0");
  BitwiseInputs in = random_inputs();
  ArgumentMap args = bitwise_arguments(in);
  compile(kernel, Target::OpenCL)(args);
  expect_bitwise_results(args, in);
}

// On a GPU, through both CUDA compilers (NVRTC and loom's LLVM emitter): the same values.
TEST(BitwiseOperatorsGpu, ExecuteOnCudaThroughNvrtcAndLlvmAsCppComputesThem) {
  SKIP_WITHOUT_CUDA();
  LoopKernel kernel = split_iname(bitwise_kernel(), "r", 8, {.outer_tag = "g.0", .inner_tag = "l.1"});
  kernel = tag_inames(kernel, "s:l.0");
  for (const char* compiler : {"nvrtc", "llvm"}) {
    SCOPED_TRACE(compiler);
    testing::ScopedEnv choice("LOOM_CUDA_COMPILER", compiler);  // restores the suite's choice
    BitwiseInputs in = random_inputs();
    ArgumentMap args = bitwise_arguments(in);
    compile(kernel, Target::CUDA)(args);
    expect_bitwise_results(args, in);
  }
}

TEST(BitwiseOperators, CudaSourceAndLlvmIrUseTheOperatorsBySignedness) {
  LoopKernel kernel = make_kernel({"{[i]: 0<=i<n}"},
                                  "sr[i] = x[i] >> v[i]\nur[i] = u[i] >> q[i]\nul[i] = u[i] << q[i]\n"
                                  "an[i] = x[i] & v[i]\nor_[i] = x[i] | v[i]\nxo[i] = x[i] ^ v[i]\nnt[i] = ~x[i]\n"
                                  "b[i] = (x[i] & v[i]) | (x[i] ^ ~v[i])",
                                  {array_arg("x, v, sr, an, or_, xo, nt, b", DType::Int32, {"n"}),
                                   array_arg("u, q, ur, ul", DType::UInt32, {"n"}), value_arg("n")});
  std::string cuda = generate_code(kernel, Target::CUDA).source;
  for (const char* expected : {"x[i] >> v[i]", "u[i] >> q[i]", "u[i] << q[i]", "x[i] & v[i]", "x[i] | v[i]",
                               "x[i] ^ v[i]", "~x[i]", "(x[i] & v[i]) | (x[i] ^ ~v[i])"}) {
    EXPECT_NE(cuda.find(expected), std::string::npos) << expected << " in\n" << cuda;
  }
#ifdef LOOM_HAVE_LLVM_NVPTX
  std::string why;
  ASSERT_TRUE(codegen::llvm_nvptx_available(&why)) << why;
  std::string ir;
  (void)codegen::generate_llvm_ptx(kernel, offline_device_limits(Target::CUDA), "sm_90", &ir);
  // The IR is optimized (b's expression folds to ~(x ^ v)), so each operator is looked for, not counted.
  for (const char* expected : {" ashr i32 ", " lshr i32 ", " shl i32 ", " and i32 ", " or i32 ", " xor i32 "}) {
    EXPECT_NE(ir.find(expected), std::string::npos) << expected << " in\n" << ir;
  }
  EXPECT_NE(ir.find(", -1\n"), std::string::npos) << "~ as xor with -1:\n" << ir;
#endif
}

// C and loopy define bitwise operators on integers only: a floating-point operand is refused
// before code generation, naming the instruction and the operator.
TEST(BitwiseOperators, RefuseFloatingPointOperandsNamingInstructionAndOperator) {
  struct Case {
    const char* instruction;
    const char* operator_spelling;
    const char* operand;
  };
  for (const Case& c : {Case{"y[i] = f[i] << 2 {id=shift_float}", "<<", "'f[i]' is float32"},
                        Case{"y[i] = k[i] & 1.5 {id=shift_float}", "&", "'1.5' is a floating-point literal"},
                        Case{"y[i] = ~f[i] {id=shift_float}", "~", "'f[i]' is float32"},
                        Case{"y[i] = k[i] >> (f[i] + 1) {id=shift_float}", ">>", "'f[i] + 1' is float32"}}) {
    SCOPED_TRACE(c.instruction);
    LoopKernel kernel = make_kernel({"{[i]: 0<=i<n}"}, c.instruction,
                                    {array_arg("f, y", DType::Float32, {"n"}), array_arg("k", DType::Int32, {"n"}),
                                     value_arg("n")});
    std::string message = error_message<Error>([&] { (void)compile(kernel, Target::C); });
    EXPECT_NE(message.find("instruction 'shift_float': operator '" + std::string(c.operator_spelling) + "'"),
              std::string::npos)
        << message;
    EXPECT_NE(message.find(c.operand), std::string::npos) << message;
  }
}

}  // namespace
}  // namespace loom
