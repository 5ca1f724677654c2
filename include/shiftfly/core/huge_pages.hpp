#pragma once
/// \file huge_pages.hpp
/// Large arrays on transparent huge pages: an allocator for std::vector whose allocations of
/// at least huge_page_threshold (1 MiB) are aligned to huge_page_bytes (2 MiB), rounded up to a
/// multiple of it and, on Linux, advised as huge pages (madvise MADV_HUGEPAGE); smaller ones
/// are std::allocator's.
///
/// API:
///   template <class T> struct huge_page_allocator;            // a standard allocator
///   template <class T> using huge_vector = std::vector<T, huge_page_allocator<T>>;
///   inline constexpr std::size_t huge_page_bytes;             // 2 MiB
///   inline constexpr std::size_t huge_page_threshold;         // 1 MiB
///
/// Why: every 4 KiB page an array touches first is one page fault, and on virtual machines a
/// fault is costly (measured on the project's 2-core Debian VM: 4 MiB of fresh memory touched
/// in 12-13 ms by 1,025 faults, in 0.5-3.6 ms by 5 faults advised as huge pages;
/// docs/performance.md, "Huge pages"). A graph of 12,500 vertices and 250,000 edges read from
/// a file and its λ2 computed touch some 11 MB of fresh memory in about 2,700 faults. Debian's
/// kernels give huge pages only to memory advised so (transparent_hugepage "madvise"), which
/// this allocator does. Where the kernel gives none (THP off, not Linux) the memory is the same
/// memory with 4 KiB pages: the advice changes how fast, never what is computed.
///
/// The rounding to 2 MiB takes address space; a huge page, once touched, is 2 MiB of memory, so an
/// advised array (1 MiB or more) may take less than 2 MiB more than its size (at most twice it),
/// which the library's memory estimates leave to their margins; smaller arrays are not advised.
/// The threshold is below 2 MiB because arrays of about 2 MB are common (250,000 edges as pairs
/// of 32-bit ids: 2,000,000 bytes).
///
/// Reference: the Linux kernel's documentation, "Transparent Hugepage Support"
/// (docs/references.md, [Linux THP]).

#include <cstddef>
#include <limits>
#include <memory>
#include <new>
#include <vector>

#if defined(__linux__)
#include <sys/mman.h>
#endif

namespace shiftfly::core {

/// The size of a transparent huge page on x86-64 and most other Linux targets (2 MiB): the
/// allocator's alignment and rounding.
inline constexpr std::size_t huge_page_bytes = std::size_t{1} << 21;
/// The smallest allocation advised as huge pages (1 MiB).
inline constexpr std::size_t huge_page_threshold = huge_page_bytes / 2;

/// A standard allocator: allocations of at least huge_page_threshold bytes are aligned to
/// huge_page_bytes, rounded up to a multiple of it and advised as huge pages; smaller ones are
/// std::allocator's. Stateless: every instance frees what any other allocated.
template <class T>
struct huge_page_allocator {
  using value_type = T;

  huge_page_allocator() noexcept = default;
  template <class U>
  huge_page_allocator(const huge_page_allocator<U>&) noexcept {}

  [[nodiscard]] T* allocate(std::size_t n) {
    if (n > std::numeric_limits<std::size_t>::max() / sizeof(T)) throw std::bad_array_new_length();
    const std::size_t bytes = n * sizeof(T);
    if (bytes < huge_page_threshold) return std::allocator<T>().allocate(n);
    if (bytes > std::numeric_limits<std::size_t>::max() - huge_page_bytes) throw std::bad_alloc();
    const std::size_t rounded = round_up(bytes);
    void* p = ::operator new(rounded, std::align_val_t{huge_page_bytes});
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    (void)::madvise(p, rounded, MADV_HUGEPAGE);  // advice only: where refused, 4 KiB pages as before
#endif
    return static_cast<T*>(p);
  }

  void deallocate(T* p, std::size_t n) noexcept {
    const std::size_t bytes = n * sizeof(T);
    if (bytes < huge_page_threshold)
      std::allocator<T>().deallocate(p, n);
    else
      ::operator delete(p, std::align_val_t{huge_page_bytes});
  }

  template <class U>
  friend bool operator==(const huge_page_allocator&, const huge_page_allocator<U>&) noexcept {
    return true;
  }

 private:
  static std::size_t round_up(std::size_t bytes) noexcept {
    return (bytes + huge_page_bytes - 1) / huge_page_bytes * huge_page_bytes;  // (allocate refused larger)
  }
};

/// A vector whose large buffers are on huge pages (huge_page_allocator).
template <class T>
using huge_vector = std::vector<T, huge_page_allocator<T>>;

}  // namespace shiftfly::core
