// Template definitions for isl_kernel.hpp.
#pragma once

#include "loom/error.hpp"

namespace loom {

[[noreturn]] void rethrow_isl_error(const std::string& what, const isl::exception& error);

template <typename Operation>
auto with_isl_errors(const std::string& what, Operation&& operation) -> decltype(operation()) {
  try {
    return operation();
  } catch (const isl::exception& error) {
    rethrow_isl_error(what, error);
  }
}

}  // namespace loom
