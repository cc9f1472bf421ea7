#include "cli/progress.hpp"

#include <unistd.h>

#include <cstdio>

namespace loom::cli {

namespace {

constexpr std::chrono::milliseconds kQuietPeriod{1000};
constexpr std::chrono::milliseconds kRefreshPeriod{100};

}  // namespace

ProgressLine::ProgressLine()
    : enabled_(isatty(STDERR_FILENO) == 1), stage_start_(std::chrono::steady_clock::now()) {
  if (enabled_) reporter_ = std::thread([this] { report_until_finished(); });
}

ProgressLine::~ProgressLine() { finish(); }

void ProgressLine::stage(const std::string& description) {
  std::lock_guard<std::mutex> lock(mutex_);
  stage_ = description;
  stage_start_ = std::chrono::steady_clock::now();
}

void ProgressLine::finish() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    if (finished_) return;
    finished_ = true;
    erase_locked();
  }
  wake_.notify_all();
  if (reporter_.joinable()) reporter_.join();
}

void ProgressLine::report_until_finished() {
  std::unique_lock<std::mutex> lock(mutex_);
  while (!finished_) {
    wake_.wait_for(lock, kRefreshPeriod, [this] { return finished_; });
    if (finished_ || stage_.empty()) continue;
    auto elapsed = std::chrono::steady_clock::now() - stage_start_;
    if (elapsed < kQuietPeriod) {
      erase_locked();
      continue;
    }
    double seconds = std::chrono::duration<double>(elapsed).count();
    std::fprintf(stderr, "\rloom: %s ... (%.1f s)\033[K", stage_.c_str(), seconds);
    std::fflush(stderr);
    shown_ = true;
  }
}

void ProgressLine::erase_locked() {
  if (!shown_) return;
  std::fputs("\r\033[K", stderr);
  std::fflush(stderr);
  shown_ = false;
}

}  // namespace loom::cli
