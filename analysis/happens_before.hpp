// Orderings libtbb guarantees, told to ThreadSanitizer. Debian's libtbb is not built with
// -fsanitize=thread, so TSan does not see the synchronisation inside it (the join at the end of
// parallel_pipeline or parallel_for, a token passed from stage to stage) and reports accesses it
// orders as races.
// release(x) on one thread followed by acquire(x) on another makes everything the first thread did
// before visible to the second, as the real synchronisation does. Only edges libtbb's contract
// gives belong here, or real races would be hidden. Without TSan these compile to nothing.
#pragma once

#if defined(__SANITIZE_THREAD__)
#define REVERSI_TSAN_ANNOTATIONS 1
#elif defined(__has_feature)
#if __has_feature(thread_sanitizer)
#define REVERSI_TSAN_ANNOTATIONS 1
#endif
#endif

#ifdef REVERSI_TSAN_ANNOTATIONS
#include <sanitizer/tsan_interface.h>
#endif

namespace reversi::happens_before {

#ifdef REVERSI_TSAN_ANNOTATIONS
inline void release(void* marker) {
  __tsan_release(marker);
}
inline void acquire(void* marker) {
  __tsan_acquire(marker);
}
#else
inline void release(void* /*marker*/) {}
inline void acquire(void* /*marker*/) {}
#endif

// For the length of one call of a pipeline stage: starts after `after` was released, and releases
// `before` when it ends, destructors included.
class Span {
 public:
  Span(void* after, void* before) : before_(before) { acquire(after); }
  ~Span() { release(before_); }
  Span(const Span&) = delete;
  Span& operator=(const Span&) = delete;

 private:
  void* before_;
};

}  // namespace reversi::happens_before
