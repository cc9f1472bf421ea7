#include "ir/isl_kernel.hpp"

#include <isl/options.h>

#include <sstream>

#include "ir/work_counters.hpp"

namespace loom {

namespace {
// isl counts only some of its work (DESIGN.md §3); this bound stops runaway computations on
// adversarial domains while leaving every realistic kernel far below it.
constexpr unsigned long kIslOperationBudget = 20'000'000;
}  // namespace

IslContext::IslContext() : raw_(isl_ctx_alloc()) {
  detail::count_isl_context_made();
  // isl must never print to the user's stderr nor abort: errors come back as exceptions.
  isl_options_set_on_error(raw_, ISL_ON_ERROR_CONTINUE);
  isl_ctx_set_max_operations(raw_, kIslOperationBudget);
}

IslContext::~IslContext() {
  memo_.clear();  // its sets and maps belong to raw_
  isl_ctx_free(raw_);
}

void IslContext::reset_operation_budget() const { isl_ctx_reset_operations(raw_); }

void reset_isl_operation_budget(const LoopKernel& kernel) {
  if (kernel.assumptions.empty_handle() && kernel.domains.empty()) return;
  isl_context_of(kernel)->reset_operation_budget();
}

void rethrow_isl_error(const std::string& what, const isl::exception& error) {
  std::ostringstream message;
  if (dynamic_cast<const isl::exception_quota*>(&error) != nullptr) {
    message << what << ": the kernel is too complex for isl (operation budget exceeded)";
  } else if (std::string(error.what()).find("NULL input") != std::string::npos) {
    // A call that ran out of budget returns NULL; a later call then reports only the NULL input.
    message << what << ": isl failed (" << error.what()
            << "): an earlier isl operation failed, most often because the kernel is too complex for isl's "
               "operation budget";
  } else {
    message << what << ": isl failed: " << error.what();
  }
  throw Error(message.str());
}

const IslContextPtr& isl_context_of(const LoopKernel& kernel) {
  if (!kernel.assumptions.empty_handle()) return isl_context_of(kernel.assumptions);
  LOOM_ASSERT(!kernel.domains.empty(), "kernel '" + kernel.name + "' has no isl context");
  return isl_context_of(kernel.domains.front().set);
}

std::string IslSet::str() const {
  if (data_ == nullptr) return "";
  std::ostringstream out;
  out << data_->set;
  return out.str();
}

}  // namespace loom
