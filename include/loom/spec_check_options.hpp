// The check options of a spec's `test` section, for every harness that runs specs.
#pragma once

#include "loom/check.hpp"
#include "loom/spec.hpp"

namespace loom {

// The check options the spec's `test` section gives, as `loom run --check` uses them: input
// generators, floating-point values of value arguments (test.values), tolerances and seed. Every
// harness that runs specs takes its options from here, so none drops a key of `test`.
CheckOptions check_options_from_test(const SpecTestDefaults& test, Target target);

}  // namespace loom
