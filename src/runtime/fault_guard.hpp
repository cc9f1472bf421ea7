// Runs a host-compiled kernel so that a hardware fault inside it (SIGSEGV, SIGBUS, SIGFPE, SIGILL,
// a stack overflow) becomes a loom::KernelFault naming the kernel instead of killing the process
// (issue 24, docs/decisions.md). Only faults raised while the kernel runs on the calling thread are
// caught; anywhere else the signal takes its previous course (the default action, or a
// sanitizer's report).
#pragma once

#include <string>

namespace loom::detail {

// Calls entry(arguments); throws KernelFault("kernel '<kernel_name>' faulted ...") if it faults.
void call_guarded(void (*entry)(void**), void** arguments, const std::string& kernel_name);

}  // namespace loom::detail
