#include "analysis/huge_pages.hpp"

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <new>

#if defined(__linux__)
#include <sys/mman.h>
#endif

namespace reversi {

namespace {

constexpr std::size_t huge_page = std::size_t{2} << 20;

}  // namespace

void HugePagesRelease::operator()(void* memory) const {
#if defined(__linux__)
  munmap(memory, bytes);
#else
  std::free(memory);
#endif
}

HugePages<std::byte> allocate_huge_pages(std::size_t bytes) {
  bytes = (bytes + huge_page - 1) / huge_page * huge_page;
#if defined(__linux__)
  // Over-map by a huge page and trim, so that the memory starts on a huge-page boundary.
  void* raw =
      mmap(nullptr, bytes + huge_page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (raw == MAP_FAILED) throw std::bad_alloc();
  // Pointer arithmetic from the mapping, not integers cast back to pointers.
  const std::size_t head =
      (huge_page - reinterpret_cast<std::uintptr_t>(raw) % huge_page) % huge_page;
  if (head > 0) munmap(raw, head);
  // The rest of the spare huge page, after the memory kept (never empty: head < huge_page).
  munmap(static_cast<std::byte*>(raw) + head + bytes, huge_page - head);
  void* memory = static_cast<std::byte*>(raw) + head;
#if defined(MADV_HUGEPAGE)
  madvise(memory, bytes, MADV_HUGEPAGE);
#endif
#else
  void* memory = std::aligned_alloc(huge_page, bytes);
  if (memory == nullptr) throw std::bad_alloc();
  std::memset(memory, 0, bytes);
#endif
  return HugePages<std::byte>(static_cast<std::byte*>(memory), HugePagesRelease{bytes});
}

void zero_huge_pages(void* memory, std::size_t bytes) {
#if defined(__linux__)
  if (madvise(memory, bytes, MADV_DONTNEED) == 0) return;
#endif
  std::memset(memory, 0, bytes);
}

}  // namespace reversi
