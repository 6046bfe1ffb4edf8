// The one batch pipeline behind `validate` and `annotate` (and later batch commands): record
// inputs opened one after another with per-file errors, the games of each read in input order,
// worked on in parallel and written in input order, so the output is the same for any thread
// count and memory stays flat however many games there are.
#pragma once

#include <oneapi/tbb/parallel_pipeline.h>
#include <oneapi/tbb/task_arena.h>

#include <cstdio>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "analysis/happens_before.hpp"
#include "cli/batch/record_input.hpp"

namespace reversi::cli {

// Files that could not be opened or read: file, reason (exit status 2 at the end).
using UnreadableList = std::vector<std::pair<std::string, std::string>>;

// --format: nullopt for auto; UsageError for a name that is not a format.
std::optional<records::Format> chosen_format(const std::string& name);

// Opens each input in turn (files, folders and "-", through expand_record_inputs) and hands it to
// `each`; an input that cannot be opened or read (a folder with no record file among them) is
// reported on stderr as "reversi COMMAND: reason" (after flushing `out`, so the messages stay in
// order) and added to `unreadable`. Stops before the next file once `stop` says so.
void for_each_input(const std::string& command, const std::vector<std::string>& files,
                    const InputOptions& options, std::FILE* out, UnreadableList& unreadable,
                    const std::function<bool()>& stop, const std::function<void(Input&)>& each);

// The ordered pipeline over one input. `read()` gives the next item (null: the input is done);
// `work(Item&)` runs in parallel; `write(Item&)` runs in input order. Each stage call is told to
// ThreadSanitizer as libtbb orders it: after the caller's start, after the previous call of the
// same serial stage, after the stage before it on the same item, and before the return.
template <class Item, class Read, class Work, class Write>
void ordered_pipeline(int threads, std::size_t tokens_per_thread, Read read, Work work,
                      Write write) {
  using happens_before::Span;
  struct Markers {
    char start, reader, writer, end;
  } order{};
  happens_before::release(&order.start);
  tbb::task_arena arena(threads);
  arena.execute([&] {
    tbb::parallel_pipeline(
        static_cast<std::size_t>(threads) * tokens_per_thread,
        tbb::make_filter<void, Item*>(tbb::filter_mode::serial_in_order,
                                      [&](tbb::flow_control& fc) -> Item* {
                                        const Span call(&order.start, &order.end);
                                        const Span serial(&order.reader, &order.reader);
                                        std::unique_ptr<Item> item = read();
                                        if (!item) {
                                          fc.stop();
                                          return nullptr;
                                        }
                                        happens_before::release(item.get());
                                        return item.release();
                                      }) &
            tbb::make_filter<Item*, Item*>(tbb::filter_mode::parallel,
                                           [&](Item* item) {
                                             const Span call(&order.start, &order.end);
                                             const Span handed(item, item);
                                             work(*item);
                                             return item;
                                           }) &
            tbb::make_filter<Item*, void>(tbb::filter_mode::serial_in_order, [&](Item* item) {
              const Span call(&order.start, &order.end);
              const Span serial(&order.writer, &order.writer);
              happens_before::acquire(item);
              const std::unique_ptr<Item> owned(item);
              write(*item);
            }));
  });
  happens_before::acquire(&order.end);
}

}  // namespace reversi::cli
