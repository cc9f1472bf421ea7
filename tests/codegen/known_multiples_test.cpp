// Multiples read off a lowered index (codegen/known_multiples.hpp), what a 16-byte copy's
// alignment test is reduced to: a table of {index, factor, expected conditions or "not shown"},
// with the forms the wgmma GEMM's ring fills have (a swizzled tile's XOR, a slot's loom_mod, a
// global row's `row * n`).
#include <gtest/gtest.h>

#include "codegen/cast.hpp"
#include "codegen/known_multiples.hpp"

namespace loom::codegen {
namespace {

using cast::ExprPtr;

ExprPtr v(const std::string& name) { return cast::var(name); }
ExprPtr c(int64_t value) { return cast::int_const(value); }
ExprPtr op(const std::string& o, ExprPtr a, ExprPtr b) {
  return cast::binary(o, std::move(a), std::move(b), DType::Int32);
}
ExprPtr mod(ExprPtr a, ExprPtr b) {
  return cast::call("loom_mod_int32_t", {std::move(a), std::move(b)}, DType::Int32);
}
ExprPtr floor_div(ExprPtr a, ExprPtr b) {
  return cast::call("loom_floor_div_int32_t", {std::move(a), std::move(b)}, DType::Int32);
}

bool is_parameter(const std::string& name) { return name == "n" || name == "l"; }

struct Case {
  const char* what;
  ExprPtr index;
  int64_t factor;
  std::optional<ParameterMultiples> expected;
};

TEST(KnownMultiples, TableOfIndexForms) {
  ExprPtr lane = v("lane");
  ExprPtr row = op("+", op("*", c(4), v("r")), floor_div(lane, c(32)));
  ExprPtr column = op("*", c(8), mod(lane, c(32)));
  // The b ring's swizzled index: slot * 16384 + column / 64 * 4096 + ((row * 64 + column % 64) ^
  // ((row * 64 + column % 64) / 64 % 8 * 8)).
  ExprPtr within = op("+", op("*", row, c(64)), op("%", column, c(64)));
  ExprPtr swizzled = op("+",
                        op("+", op("*", mod(op("+", v("k"), c(2)), c(3)), c(16384)),
                           op("*", op("/", column, c(64)), c(4096))),
                        op("^", within, op("*", op("%", op("/", within, c(64)), c(8)), c(8))));
  ExprPtr global_row = op("+", op("*", op("+", row, op("*", c(64), v("k"))), v("n")),
                          op("+", column, op("*", c(256), v("j"))));
  std::vector<Case> cases = {
      {"constant multiple", c(4096), 8, ParameterMultiples{}},
      {"constant not a multiple", c(12), 8, std::nullopt},
      {"constant times anything", op("*", c(8), lane), 8, ParameterMultiples{}},
      {"a constant leaves the rest of the factor", op("*", c(2), op("*", c(4), lane)), 8,
       ParameterMultiples{}},
      {"an iname alone", lane, 8, std::nullopt},
      {"a division's quotient", op("/", column, c(2)), 8, std::nullopt},
      {"a remainder by a multiple", op("%", column, c(64)), 8, ParameterMultiples{}},
      {"a remainder by a non-multiple", op("%", column, c(12)), 8, std::nullopt},
      {"the swizzled ring index", swizzled, 8, ParameterMultiples{}},
      {"a global row: n a multiple of 8", global_row, 8, ParameterMultiples{{"n", 8}}},
      {"a parameter times 2", op("*", v("n"), c(2)), 8, ParameterMultiples{{"n", 4}}},
      {"two parameters", op("+", op("*", v("n"), lane), op("*", v("l"), c(4))), 8,
       ParameterMultiples{{"l", 2}, {"n", 8}}},
      {"one parameter twice: the larger factor",
       op("+", op("*", v("n"), c(2)), op("*", v("n"), lane)), 8, ParameterMultiples{{"n", 8}}},
      {"a row of length n plus one", op("*", op("+", v("n"), c(1)), lane), 8, std::nullopt},
      {"a load", cast::load("idx", lane, DType::Int32), 8, std::nullopt},
      {"a select of multiples", cast::ternary(v("p"), c(16), op("*", lane, c(8)), DType::Int32), 8,
       ParameterMultiples{}},
      {"a factor that is not a power of two", c(12), 6, std::nullopt},
  };
  for (const Case& test : cases) {
    SCOPED_TRACE(test.what);
    EXPECT_EQ(multiple_of(test.index, test.factor, is_parameter), test.expected);
  }
}

}  // namespace
}  // namespace loom::codegen
