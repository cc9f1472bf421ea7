// What every script here ends with: check the transformed kernel against the untransformed one on
// each target (loopy's auto_test_vs_ref) and turn the outcome into the exit code.
#pragma once

#include <functional>
#include <iostream>

#include <loom/loom.hpp>

namespace script {

// check_against_reference on `target`, reported in one line (and the worst elements on failure).
inline bool check(const loom::LoopKernel& knl, const loom::LoopKernel& ref, const loom::ParameterMap& parameters,
                  loom::Target target) {
  loom::CheckResult result = loom::check_against_reference(knl, ref, parameters, target);
  std::cout << knl.name << " on " << loom::target_name(target);
  const char* separator = " with ";
  for (const auto& [name, value] : parameters) {
    std::cout << separator << name << " = " << value;
    separator = ", ";
  }
  std::cout << ": " << (result.passed ? "passed" : "FAILED") << "\n";
  if (!result.passed) std::cout << result.report();
  return result.passed;
}

// Exit code of a script: 0 when every check passed, 1 on a mismatch or a loom::Error, 2 when a
// target is missing here (no OpenCL device: a failure, since the scripts check on OpenCL too).
inline int run(const char* script, const std::function<bool()>& body) {
  try {
    return body() ? 0 : 1;
  } catch (const loom::EnvironmentError& error) {
    std::cerr << script << ": cannot check here: " << error.what() << "\n";
    return 2;
  } catch (const loom::Error& error) {
    std::cerr << script << ": " << error.what() << "\n";
    return 1;
  }
}

}  // namespace script
