// GPU transforms: hardware axes and temporaries across global barriers.
#pragma once

#include <string>
#include <vector>

#include "loom/kernel.hpp"

namespace loom {

}  // namespace loom
