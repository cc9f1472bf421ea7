#include "ir/stage_timer.hpp"

#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace loom {

StageTimer::StageTimer(std::string pipeline)
    : pipeline_(std::move(pipeline)), enabled_(false), last_(std::chrono::steady_clock::now()) {
  const char* setting = std::getenv("LOOM_TIME");
  enabled_ = setting != nullptr && std::strcmp(setting, "0") != 0 && *setting != '\0';
}

void StageTimer::mark(const std::string& stage) {
  if (!enabled_) return;
  auto now = std::chrono::steady_clock::now();
  double ms = std::chrono::duration<double, std::milli>(now - last_).count();
  std::fprintf(stderr, "loom time: %s: %-24s %8.3f ms\n", pipeline_.c_str(), stage.c_str(), ms);
  last_ = now;
}

}  // namespace loom
