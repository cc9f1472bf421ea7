// LOOM_TIME=1 prints how long each pipeline stage took (STYLE.md: the driver can time every
// stage), to stderr, one line per stage.
#pragma once

#include <chrono>
#include <string>

namespace loom {

class StageTimer {
 public:
  explicit StageTimer(std::string pipeline);
  // Ends the current stage (started at construction or at the previous mark) and names it.
  void mark(const std::string& stage);

 private:
  std::string pipeline_;
  bool enabled_;
  std::chrono::steady_clock::time_point last_;
};

}  // namespace loom
