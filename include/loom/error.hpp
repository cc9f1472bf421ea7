// loom's error types. Two channels, never mixed (STYLE.md): loom::Error and its subclasses for the
// user's mistakes (the message names the object at fault, says why, suggests a fix), and
// LOOM_ASSERT / InternalError for loom's own invariants.
#pragma once

#include <stdexcept>
#include <string>

namespace loom {

// Base of every error loom reports to its user.
class Error : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// A parse error in kernel text: domain strings, instructions, expressions. `column` is 1-based
// within `source` (0 when unknown); the message already shows the source with a caret.
class ParseError : public Error {
 public:
  ParseError(const std::string& what_is_wrong, const std::string& source, int column);
  const std::string& source() const { return source_; }
  int column() const { return column_; }
  const std::string& reason() const { return reason_; }

 private:
  std::string reason_;
  std::string source_;
  int column_;
};

// A transform or kernel that would change the kernel's meaning (DESIGN.md §4).
class LegalityError : public Error {
 public:
  using Error::Error;
};

// The environment lacks something loom needs (no C compiler, no OpenCL device, no GPU).
class EnvironmentError : public Error {
 public:
  using Error::Error;
};

// A failed CUDA call: names the call, the driver's error name and the kernel.
class CudaError : public Error {
 public:
  using Error::Error;
};

// A broken invariant inside loom: a bug in loom, not in the user's kernel.
class InternalError : public Error {
 public:
  using Error::Error;
};

[[noreturn]] void throw_internal_error(const char* condition, const std::string& message,
                                       const char* file, int line);

}  // namespace loom

#define LOOM_ASSERT(condition, message)                                                 \
  do {                                                                                  \
    if (!(condition)) ::loom::throw_internal_error(#condition, (message), __FILE__, __LINE__); \
  } while (false)
