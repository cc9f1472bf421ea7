// The check options of a spec's `test` section (loom/spec.hpp).
#include "loom/spec_check_options.hpp"

namespace loom {

CheckOptions check_options_from_test(const SpecTestDefaults& test, Target target) {
  CheckOptions options;
  options.target = target;
  options.inputs = test.inputs;
  options.values = test.values;
  options.rtol = test.rtol;
  options.atol = test.atol;
  if (test.seed) options.seed = *test.seed;
  return options;
}

}  // namespace loom
