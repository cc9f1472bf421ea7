// CUDA streams and events (DESIGN.md §6): the ordering and timing of asynchronous launches.
// Both need a CUDA driver and GPU (loom::EnvironmentError otherwise). DeviceArray is in
// loom/array.hpp, beside the host Array.
#pragma once

#include <memory>

namespace loom {

namespace detail {
struct StreamHandle;
struct EventHandle;
}  // namespace detail

// A CUDA stream. The default-constructed Stream is the legacy default stream; create() makes a
// new one that still waits for the default stream (and the default stream for it), so host
// copies and launches on different streams stay ordered as written.
class Stream {
 public:
  Stream() = default;
  static Stream create();
  void synchronize() const;  // waits for everything launched on this stream
  void* native_handle() const;  // the CUstream (nullptr: the default stream)

 private:
  std::shared_ptr<detail::StreamHandle> handle_;
};

// A CUDA event with timing, for measuring launches the way CUDA's own tools do.
class Event {
 public:
  Event();
  void record(const Stream& stream = Stream());
  void synchronize() const;
  // Milliseconds between two recorded events (after `end` completed).
  static double elapsed_ms(const Event& start, const Event& end);

 private:
  std::shared_ptr<detail::EventHandle> handle_;
};

// Checked mode (DESIGN.md §6): when on, every CUDA launch waits for its kernel, so that a fault is
// reported naming the kernel that caused it. Off by default (launches are asynchronous); on when
// the environment sets LOOM_SYNC=1, and `loom run --check` turns it on.
void set_synchronous_launches(bool on);
bool synchronous_launches();

}  // namespace loom
