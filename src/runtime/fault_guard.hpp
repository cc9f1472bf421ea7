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

// While alive, a fault signal on a thread that is in no guarded call (a CPU OpenCL runtime such as
// PoCL runs kernels on worker threads of this process) ends the process with exit code 5 and a
// message naming the kernel (SPEC.md: "the kernel faulted on the device") instead of a bare
// crash. Those threads cannot be unwound, so there is no exception to throw.
class ExitOnKernelFault {
 public:
  ExitOnKernelFault(const std::string& kernel_name, const std::string& device);
  ~ExitOnKernelFault();
  ExitOnKernelFault(const ExitOnKernelFault&) = delete;
  ExitOnKernelFault& operator=(const ExitOnKernelFault&) = delete;

 private:
  std::string message_;
  const char* previous_;
};

}  // namespace loom::detail
