// A progress line on stderr for slow commands: "loom: compiling ... (1.2 s)". Shown only when
// stderr is a terminal and only once a stage has taken more than a second, so scripts, pipes and
// fast commands see nothing.
#pragma once

#include <chrono>
#include <condition_variable>
#include <mutex>
#include <string>
#include <thread>

namespace loom::cli {

class ProgressLine {
 public:
  ProgressLine();
  ~ProgressLine();  // erases the line
  ProgressLine(const ProgressLine&) = delete;
  ProgressLine& operator=(const ProgressLine&) = delete;

  // Starts a new stage ("reading the spec", "compiling"); its clock starts now.
  void stage(const std::string& description);
  // Erases the line and stops reporting, e.g. before the command prints its results.
  void finish();

 private:
  void report_until_finished();
  void erase_locked();

  bool enabled_;
  std::mutex mutex_;
  std::condition_variable wake_;
  std::string stage_;
  std::chrono::steady_clock::time_point stage_start_;
  bool shown_ = false;
  bool finished_ = false;
  std::thread reporter_;
};

}  // namespace loom::cli
