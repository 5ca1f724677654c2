#pragma once
/// \file python_random.hpp
/// The library's only random number generator: the Mersenne Twister stream of
/// CPython's `random.Random(seed)` (integer seeds), bit for bit as CPython 3.11.
///
/// The reference artefact draws its random wiring, sampled sources, workloads
/// and labellings from `random.Random`, so reproducing its tables means
/// reproducing that stream exactly: MT19937 seeded by `init_by_array` with the
/// 32-bit words of |seed|, `random()` from two draws (53 bits), `getrandbits`,
/// rejection-sampled `randrange`, Fisher–Yates `shuffle`, and `sample` with
/// both of CPython's algorithms, chosen the way CPython chooses.

#include <array>
#include <cmath>
#include <cstdint>
#include <span>
#include <unordered_set>
#include <vector>

#include "shiftfly/core/checked.hpp"

namespace shiftfly::core {

/// CPython-compatible `random.Random`.
class python_random {
 public:
  /// random.Random(seed) for a non-negative integer seed.
  explicit python_random(std::uint64_t seed = 0) { this->seed(seed); }

  /// random.seed(seed): init_by_array over the 32-bit little-endian words of seed ([0] for 0).
  void seed(std::uint64_t s) {
    std::array<std::uint32_t, 2> key{static_cast<std::uint32_t>(s), static_cast<std::uint32_t>(s >> 32)};
    init_by_array(std::span<const std::uint32_t>(key.data(), (s >> 32) ? 2 : 1));
  }

  /// The next 32-bit output of MT19937 (genrand_uint32).
  std::uint32_t next_u32() {
    if (index_ >= N) twist();
    std::uint32_t y = state_[index_++];
    y ^= (y >> 11);
    y ^= (y << 7) & 0x9d2c5680U;
    y ^= (y << 15) & 0xefc60000U;
    y ^= (y >> 18);
    return y;
  }

  /// random(): a double in [0, 1) with 53 random bits.
  double random() {
    const std::uint32_t a = next_u32() >> 5, b = next_u32() >> 6;
    return (a * 67108864.0 + b) * (1.0 / 9007199254740992.0);
  }

  /// getrandbits(k) for 0 <= k <= 64 (CPython fills 32-bit words, low word first).
  std::uint64_t getrandbits(unsigned k) {
    require_range("python_random::getrandbits", "k", k, 0, 64);
    if (k == 0) return 0;
    if (k <= 32) return next_u32() >> (32 - k);
    const std::uint64_t lo = next_u32();
    const std::uint64_t hi = next_u32() >> (64 - k);
    return lo | (hi << 32);
  }

  /// randrange(n) = _randbelow(n): k = n.bit_length(), draw getrandbits(k) until < n.
  std::uint64_t randrange(std::uint64_t n) {
    if (n == 0) throw_out_of_range("python_random::randrange", "n", n, "at least 1");
    const unsigned k = bit_length(n);
    std::uint64_t r = getrandbits(k);
    while (r >= n) r = getrandbits(k);
    return r;
  }

  /// randrange(start, stop) = start + _randbelow(stop - start).
  std::int64_t randrange(std::int64_t start, std::int64_t stop) {
    if (stop <= start) fail("python_random::randrange", "empty range");
    return start + static_cast<std::int64_t>(randrange(static_cast<std::uint64_t>(stop - start)));
  }

  /// uniform(a, b) = a + (b - a) * random().
  double uniform(double a, double b) { return a + (b - a) * random(); }

  /// choice(seq) = seq[_randbelow(len(seq))].
  template <class T>
  const T& choice(std::span<const T> seq) {
    if (seq.empty()) fail("python_random::choice", "cannot choose from an empty sequence");
    return seq[randrange(seq.size())];
  }

  /// shuffle(x): for i from len-1 down to 1, swap x[i] with x[_randbelow(i+1)].
  template <class T>
  void shuffle(std::span<T> x) {
    for (std::size_t i = x.size(); i-- > 1;) {
      const std::size_t j = randrange(i + 1);
      std::swap(x[i], x[j]);
    }
  }
  template <class T>
  void shuffle(std::vector<T>& x) {
    shuffle(std::span<T>(x));
  }

  /// sample(range(n), k): CPython 3.11's pool algorithm for small n relative to
  /// k, its set-rejection algorithm otherwise; the same choice rule.
  std::vector<std::uint64_t> sample_range(std::uint64_t n, std::uint64_t k) {
    if (k > n) fail_parameter("python_random::sample", "k", to_message(k), "exceeds the population " + to_message(n));
    std::vector<std::uint64_t> result(k);
    std::uint64_t setsize = 21;
    if (k > 5) setsize += pow4(static_cast<unsigned>(std::ceil(std::log(static_cast<double>(k * 3)) / std::log(4.0))));
    if (n <= setsize) {
      std::vector<std::uint64_t> pool(n);
      for (std::uint64_t i = 0; i < n; ++i) pool[i] = i;
      for (std::uint64_t i = 0; i < k; ++i) {
        const std::uint64_t j = randrange(n - i);
        result[i] = pool[j];
        pool[j] = pool[n - i - 1];
      }
    } else {
      std::unordered_set<std::uint64_t> selected;
      selected.reserve(k * 2);
      for (std::uint64_t i = 0; i < k; ++i) {
        std::uint64_t j = randrange(n);
        while (selected.count(j)) j = randrange(n);
        selected.insert(j);
        result[i] = j;
      }
    }
    return result;
  }

  /// sample(population, k) for an indexable population.
  template <class T>
  std::vector<T> sample(std::span<const T> population, std::uint64_t k) {
    std::vector<T> out;
    out.reserve(k);
    for (std::uint64_t i : sample_range(population.size(), k)) out.push_back(population[i]);
    return out;
  }

 private:
  static constexpr int N = 624;
  static constexpr int M = 397;

  static unsigned bit_length(std::uint64_t n) { return n ? 64u - static_cast<unsigned>(__builtin_clzll(n)) : 0u; }
  static std::uint64_t pow4(unsigned e) {
    if (e >= 32) fail("python_random::sample", "k is too large");
    return std::uint64_t{1} << (2 * e);
  }

  void init_genrand(std::uint32_t s) {
    state_[0] = s;
    for (int i = 1; i < N; ++i)
      state_[i] = 1812433253U * (state_[i - 1] ^ (state_[i - 1] >> 30)) + static_cast<std::uint32_t>(i);
    index_ = N;
  }

  void init_by_array(std::span<const std::uint32_t> key) {
    init_genrand(19650218U);
    int i = 1;
    std::size_t j = 0;
    const std::size_t klen = key.size();
    for (int k = (N > static_cast<int>(klen) ? N : static_cast<int>(klen)); k; --k) {
      state_[i] = (state_[i] ^ ((state_[i - 1] ^ (state_[i - 1] >> 30)) * 1664525U)) + key[j] +
                  static_cast<std::uint32_t>(j);
      ++i;
      ++j;
      if (i >= N) {
        state_[0] = state_[N - 1];
        i = 1;
      }
      if (j >= klen) j = 0;
    }
    for (int k = N - 1; k; --k) {
      state_[i] = (state_[i] ^ ((state_[i - 1] ^ (state_[i - 1] >> 30)) * 1566083941U)) - static_cast<std::uint32_t>(i);
      ++i;
      if (i >= N) {
        state_[0] = state_[N - 1];
        i = 1;
      }
    }
    state_[0] = 0x80000000U;
    index_ = N;
  }

  void twist() {
    constexpr std::uint32_t upper = 0x80000000U, lower = 0x7fffffffU, matrix_a = 0x9908b0dfU;
    for (int kk = 0; kk < N; ++kk) {
      const std::uint32_t y = (state_[kk] & upper) | (state_[(kk + 1) % N] & lower);
      state_[kk] = state_[(kk + M) % N] ^ (y >> 1) ^ ((y & 1U) ? matrix_a : 0U);
    }
    index_ = 0;
  }

  std::array<std::uint32_t, N> state_{};
  int index_ = N;
};

}  // namespace shiftfly::core
