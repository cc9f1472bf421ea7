// Each scope of the printed code declares a name at most once.
#pragma once

#include "codegen/cast.hpp"

namespace loom::codegen {

// `body` with every statement list checked as the printer lays it out (unscoped blocks spliced into
// their scope): from a declaration of a name the scope already declares to the end of the list,
// the statements get braces of their own. Two degenerate loops of one isl iterator side by side
// each declare `const int c2 = ...` (fuzz seed 125000574: PoCL and NVRTC reject the kernel);
// inside the braces the second declaration shadows the first, which is what the flat list meant.
// Returns `body` itself where no scope repeats a name.
cast::StmtPtr keep_redeclarations_apart(const cast::StmtPtr& body);

}  // namespace loom::codegen
