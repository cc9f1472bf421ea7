// Fault containment for host kernels: a guarded call, not a child process (docs/decisions.md,
// issue 24). The generated C is straight-line arithmetic and loops over the caller's buffers: it
// takes no locks and allocates nothing, so leaving it with siglongjmp from the signal handler
// leaves loom's own state intact. The handler runs on an alternate stack so that a kernel that
// overflows its stack (large private arrays) is caught too.
#include "runtime/fault_guard.hpp"

#include <setjmp.h>
#include <signal.h>

#include <unistd.h>

#include <array>
#include <atomic>
#include <cstdint>
#include <cstring>
#include <cstdio>
#include <mutex>
#include <vector>

#include "loom/kernel_fault.hpp"

namespace loom::detail {

namespace {

constexpr std::array<int, 5> kFaultSignals = {SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGUSR2};

// The jump target of the kernel running on this thread; null outside guarded calls.
thread_local sigjmp_buf* active_jump = nullptr;
thread_local int fault_signal = 0;
thread_local void* fault_address = nullptr;

struct sigaction previous_actions[NSIG];

// The message of the innermost ExitOnKernelFault alive; null when none is.
std::atomic<const char*> exit_message{nullptr};

// What each fault signal means, as a literal (the signal handler may use it); null for others.
const char* fault_signal_name(int signal) {
  switch (signal) {
    case SIGSEGV: return "SIGSEGV (invalid memory access or stack overflow)";
    case SIGBUS: return "SIGBUS (misaligned or unmapped memory access)";
    case SIGFPE: return "SIGFPE (integer division by zero or overflow)";
    case SIGILL: return "SIGILL (illegal instruction)";
    case SIGUSR2: return "a subscript read from an index array is outside its array";
    default: return nullptr;
  }
}

// Async-signal-safe: write(2) and _exit only.
[[noreturn]] void exit_naming_the_kernel(int signal, const char* message) {
  const char* name = fault_signal_name(signal) != nullptr ? fault_signal_name(signal) : "a fault signal";
  // A division's fault is a divisor's value, not an index (conf15: `a[i] // b[i]` with b[i] = 0).
  const char* hint = signal == SIGFPE ? " (an integer division or modulo by a zero divisor in the data?)\n"
                                      : " (an index outside its array? loom does not check the values of index arrays)\n";
  const char* parts[] = {message, name, hint};
  for (const char* part : parts) {
    if (write(STDERR_FILENO, part, std::strlen(part)) < 0) break;
  }
  _exit(5);
}

void on_fault(int signal, siginfo_t* info, void* /*context*/) {
  if (active_jump != nullptr) {
    fault_signal = signal;
    fault_address = info != nullptr ? info->si_addr : nullptr;
    sigjmp_buf* target = active_jump;
    active_jump = nullptr;
    siglongjmp(*target, 1);
  }
  if (const char* message = exit_message.load()) exit_naming_the_kernel(signal, message);
  // Not a kernel's fault: hand the signal back to whoever had it (returning re-runs the faulting
  // instruction, which now meets the previous action).
  sigaction(signal, &previous_actions[signal], nullptr);
}

void install_handlers() {
  static std::once_flag once;
  std::call_once(once, [] {
    struct sigaction action = {};
    action.sa_sigaction = on_fault;
    action.sa_flags = SA_SIGINFO | SA_ONSTACK;
    sigemptyset(&action.sa_mask);
    for (int signal : kFaultSignals) sigaction(signal, &action, &previous_actions[signal]);
  });
}

// Each thread that runs kernels gets its own alternate signal stack, kept for the thread's life.
void ensure_alternate_stack() {
  thread_local std::vector<char> stack;
  if (!stack.empty()) return;
  stack_t current = {};
  if (sigaltstack(nullptr, &current) == 0 && (current.ss_flags & SS_DISABLE) == 0)
    return;  // e.g. a sanitizer's
  stack.resize(256 * 1024);
  stack_t alternate = {};
  alternate.ss_sp = stack.data();
  alternate.ss_size = stack.size();
  sigaltstack(&alternate, nullptr);
}

std::string signal_description(int signal) {
  const char* name = fault_signal_name(signal);
  return name != nullptr ? name : "signal " + std::to_string(signal);
}

std::string address_text(void* address) {
  char text[32];
  std::snprintf(text, sizeof text, "%p", address);
  return text;
}

}  // namespace

void call_guarded(void (*entry)(void**), void** arguments, const std::string& kernel_name) {
  install_handlers();
  ensure_alternate_stack();
  sigjmp_buf jump;
  // savemask = 1: the signal stays blocked in the handler; restoring the mask unblocks it.
  if (sigsetjmp(jump, 1) == 0) {
    active_jump = &jump;
    entry(arguments);
    active_jump = nullptr;
    return;
  }
  std::string where = fault_signal == SIGSEGV || fault_signal == SIGBUS
                          ? " at address " + address_text(fault_address)
                          : "";
  if (fault_signal == SIGUSR2) {
    throw KernelFault("kernel '" + kernel_name + "' faulted on the C target: " + signal_description(fault_signal) +
                      " (the statement was not run; check the index array's contents)");
  }
  if (fault_signal == SIGFPE) {
    throw KernelFault("kernel '" + kernel_name + "' faulted on the C target: " + signal_description(fault_signal) +
                      " (an integer division or modulo by a zero divisor in the data?)");
  }
  throw KernelFault(
      "kernel '" + kernel_name + "' faulted on the C target: " + signal_description(fault_signal) +
      where +
      " (an index outside its array? with enforce_array_accesses_within_bounds off, loom does not "
      "check index arrays)");
}

ExitOnKernelFault::ExitOnKernelFault(const std::string& kernel_name, const std::string& device)
    : message_("error: kernel '" + kernel_name + "' faulted on the " + device + ": "),
      previous_(exit_message.load()) {
  install_handlers();
  exit_message.store(message_.c_str());
}

ExitOnKernelFault::~ExitOnKernelFault() { exit_message.store(previous_); }

}  // namespace loom::detail
