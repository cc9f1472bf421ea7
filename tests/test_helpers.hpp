// Shared helpers for loom's tests.
#pragma once

#include <gtest/gtest.h>

#include <string>

#include "loom/loom.hpp"

namespace loom::testing {

// Checks `kernel` against `reference` (SPEC.md's run --check) and fails the test with the
// report when they differ.
inline void expect_matches_reference(const LoopKernel& kernel, const LoopKernel& reference,
                                     const ParameterMap& parameters, const CheckOptions& options = {}) {
  CheckResult result = check_against_reference(kernel, reference, parameters, options);
  EXPECT_TRUE(result.passed) << result.report();
}

// Runs `statement`, expects it to throw ErrorType, and returns the message ("" if it did not).
template <typename ErrorType, typename Statement>
std::string error_message(Statement&& statement) {
  try {
    statement();
  } catch (const ErrorType& error) {
    return error.what();
  } catch (const std::exception& other) {
    ADD_FAILURE() << "threw a different exception: " << other.what();
    return "";
  }
  ADD_FAILURE() << "did not throw";
  return "";
}

}  // namespace loom::testing
