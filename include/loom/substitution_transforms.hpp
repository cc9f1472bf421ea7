// Substitution-rule and reduction-structure transforms (loopy's transform/subst.py,
// transform/reduction ops).
#pragma once

#include <string>
#include <vector>

#include "loom/kernel.hpp"

namespace loom {

}  // namespace loom
