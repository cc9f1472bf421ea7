// Diagnostics of the C and OpenCL compilers that mean loom generated wrong code (issue 24): mixing
// integers and pointers, calling an undeclared function, passing an incompatible pointer. The C
// compiler is told to make most of them errors; this finds them in a log too (GCC has no option
// for its "comparison between pointer and integer" warning, and OpenCL compilers take only
// -Werror, for all warnings).
#pragma once

#include <optional>
#include <string>

namespace loom::detail {

// The compiler flags that make the wrong-code warnings errors (GCC and Clang).
inline constexpr const char* kWrongCodeErrorFlags =
    "-Werror=int-conversion -Werror=implicit-function-declaration "
    "-Werror=incompatible-pointer-types "
    "-Werror=return-type";

// The first line of `log` that reports wrong code, if any.
std::optional<std::string> wrong_code_diagnostic(const std::string& log);

}  // namespace loom::detail
