// Large tables in fresh zero pages, aligned to huge pages and advised to use them: the pages cost
// nothing until used, a random probe misses the TLB far less, and filling an 11 MB table takes
// six page faults instead of 2,700 (each one dear on a virtual machine).
#pragma once

#include <cstddef>
#include <memory>
#include <type_traits>

namespace reversi {

// Gives the pages back to the system.
struct HugePagesRelease {
  std::size_t bytes = 0;
  void operator()(void* memory) const;
};

template <class T>
using HugePages = std::unique_ptr<T[], HugePagesRelease>;

// At least `bytes` zeroed bytes, a whole number of huge pages; std::bad_alloc if the system has
// none to give.
HugePages<std::byte> allocate_huge_pages(std::size_t bytes);

// Room for `n` objects of a type that zero bytes make (integers, plain records), all zero.
template <class T>
HugePages<T> allocate_zeroed(std::size_t n) {
  static_assert(std::is_trivially_default_constructible_v<T> &&
                std::is_trivially_destructible_v<T>);
  HugePages<std::byte> raw = allocate_huge_pages(n * sizeof(T));
  const HugePagesRelease release = raw.get_deleter();
  return HugePages<T>(reinterpret_cast<T*>(raw.release()), release);
}

// Zeroes the memory again, giving the pages back where the system allows.
void zero_huge_pages(void* memory, std::size_t bytes);

}  // namespace reversi
