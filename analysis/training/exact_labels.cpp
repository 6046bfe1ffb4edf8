#include "analysis/training/exact_labels.hpp"

#include <tbb/enumerable_thread_specific.h>
#include <tbb/task_arena.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <mutex>
#include <stdexcept>

#include "analysis/parallel_each.hpp"
#include "analysis/solver/search.hpp"

namespace reversi::eval {

namespace {

// The cache file: a magic line, then records of two little-endian 64-bit boards and a value.
constexpr char cache_magic[] = "reversi-exact-labels 1\n";
constexpr std::size_t record_bytes = 17;

void put_u64(std::string& out, Bits64 x) {
  for (int i = 0; i < 8; ++i) out.push_back(static_cast<char>((x >> (8 * i)) & 0xff));
}

// One record: the file's and the journal's, in one layout.
void put_record(std::string& out, Bits64 player, Bits64 opponent, std::int8_t value) {
  put_u64(out, player);
  put_u64(out, opponent);
  out.push_back(static_cast<char>(value));
}

Bits64 get_u64(const unsigned char* in) {
  Bits64 x = 0;
  for (int i = 7; i >= 0; --i) x = (x << 8) | in[i];
  return x;
}

}  // namespace

std::size_t LabelCache::KeyHash::operator()(const Key& k) const {
  return static_cast<std::size_t>(k.player * 0x9e3779b97f4a7c15ULL ^
                                  (k.opponent + 0x632be59bd9b4e019ULL) * 0xc2b2ae3d27d4eb4fULL);
}

const std::int8_t* LabelCache::find(Bits64 player, Bits64 opponent) const {
  const auto it = values_.find(Key{player, opponent});
  return it == values_.end() ? nullptr : &it->second;
}

void LabelCache::insert(Bits64 player, Bits64 opponent, std::int8_t value) {
  values_[Key{player, opponent}] = value;
}

LabelCache LabelCache::read(const std::string& path) {
  LabelCache cache;
  std::ifstream in(path, std::ios::binary);
  if (!in) return cache;
  const std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  const std::string magic(cache_magic);
  if (bytes.compare(0, magic.size(), magic) != 0 ||
      (bytes.size() - magic.size()) % record_bytes != 0)
    throw std::runtime_error(path + ": not an exact-label cache written by reversi train");
  const auto* at = reinterpret_cast<const unsigned char*>(bytes.data()) + magic.size();
  const auto* end = reinterpret_cast<const unsigned char*>(bytes.data()) + bytes.size();
  for (; at < end; at += record_bytes)
    cache.insert(get_u64(at), get_u64(at + 8), static_cast<std::int8_t>(at[16]));
  return cache;
}

void LabelCache::write(const std::string& path) const {
  std::vector<std::pair<Key, std::int8_t>> sorted(values_.begin(), values_.end());
  std::sort(sorted.begin(), sorted.end(), [](const auto& a, const auto& b) {
    return a.first.player != b.first.player ? a.first.player < b.first.player
                                            : a.first.opponent < b.first.opponent;
  });
  std::string out(cache_magic);
  out.reserve(out.size() + sorted.size() * record_bytes);
  for (const auto& [key, value] : sorted) put_record(out, key.player, key.opponent, value);
  const std::string temporary = path + ".tmp";
  {
    std::ofstream file(temporary, std::ios::binary | std::ios::trunc);
    file.write(out.data(), static_cast<std::streamsize>(out.size()));
    if (!file.flush()) throw std::runtime_error(temporary + ": cannot write");
  }
  std::filesystem::rename(temporary, path);
}

LabelJournal::LabelJournal(const std::string& path) : path_(path) {
  const bool fresh = !std::filesystem::exists(path) || std::filesystem::file_size(path) == 0;
  out_.open(path, std::ios::binary | std::ios::app);
  if (!out_) throw std::runtime_error(path + ": cannot open the label cache for writing");
  if (fresh) {
    pending_ = cache_magic;
    flush();
  }
}

void LabelJournal::append(Bits64 player, Bits64 opponent, std::int8_t value) {
  put_record(pending_, player, opponent, value);
}

void LabelJournal::flush() {
  // One write per flush, whole records only, so a killed run leaves no torn record behind.
  out_.write(pending_.data(), static_cast<std::streamsize>(pending_.size()));
  if (!out_.flush()) throw std::runtime_error(path_ + ": cannot write the label cache");
  pending_.clear();
}

SolveResult solve_label(Solver& solver, const Rules& rules, Bits64 player, Bits64 opponent,
                        const std::atomic<bool>* stop, const PatternEvaluator* patterns) {
  SolveRequest request;
  request.rules = rules;
  request.root.player = player;
  request.root.opponent = opponent;
  request.want_pv = false;
  request.stop = stop;
  request.patterns = patterns;
  return solver.solve(request);
}

ExactLabelStats label_exactly(std::vector<std::vector<Sample>>& games, LabelCache& cache,
                              const ExactLabelRequest& request) {
  const Rules& rules = request.rules;
  ExactLabelStats stats;
  std::vector<std::vector<bool>> fresh(games.size());
  for (std::size_t g = 0; g < games.size(); ++g) {
    fresh[g].assign(games[g].size(), false);
    for (std::size_t k = 0; k < games[g].size(); ++k) {
      Sample& s = games[g][k];
      if (const std::int8_t* v = cache.find(s.player, s.opponent)) {
        s.target = *v;
        ++stats.cached;
      } else {
        fresh[g][k] = true;
      }
    }
  }
  const auto stopped = [&] { return request.stop != nullptr && request.stop->load(); };
  tbb::enumerable_thread_specific<Solver> solvers([&] { return Solver(request.hash_mb); });
  std::atomic<std::uint64_t> nodes{0};
  std::size_t done = 0;
  std::mutex finished;  // guards the cache, the journal, `done` and the progress calls
  tbb::task_arena arena(std::max(1, request.threads));
  arena.execute([&] {
    parallel_each(games.size(), [&](std::size_t g) {
      if (stopped()) return;
      Solver& solver = solvers.local();
      std::vector<std::int8_t> values(games[g].size());
      for (std::size_t k = 0; k < games[g].size(); ++k) {
        if (!fresh[g][k]) continue;
        const Sample& s = games[g][k];
        const SolveResult r = solve_label(solver, rules, s.player, s.opponent, request.stop);
        nodes += r.nodes;
        if (!r.complete) return;  // stopped: the game is left unlabelled
        values[k] = static_cast<std::int8_t>(r.value);
      }
      const std::lock_guard lock(finished);
      for (std::size_t k = 0; k < games[g].size(); ++k) {
        if (!fresh[g][k]) continue;
        Sample& s = games[g][k];
        s.target = values[k];
        cache.insert(s.player, s.opponent, s.target);
        if (request.journal) request.journal->append(s.player, s.opponent, s.target);
        ++stats.solved;
      }
      if (request.journal) request.journal->flush();
      ++done;
      if (request.on_progress && done % request.progress_every == 0)
        request.on_progress(done, games.size());
    });
  });
  stats.nodes = nodes.load();
  stats.complete = done == games.size();
  return stats;
}

}  // namespace reversi::eval
