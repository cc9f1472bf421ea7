// Instruction and dependency transforms (loopy's transform/instruction.py).
#pragma once

#include <string>
#include <vector>

#include "loom/kernel.hpp"

namespace loom {

}  // namespace loom
