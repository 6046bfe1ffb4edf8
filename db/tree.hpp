// The opening tree below a position: every line the games played from it, to a depth, keeping
// the moves that enough games chose. Each node is a query of the database (db/query.hpp), so its
// moves are in the orientation of the position the caller gave, and a child is that position
// with the move played.
#pragma once

#include <atomic>
#include <vector>

#include "db/query.hpp"

namespace reversi::db {

struct TreeLimits {
  int depth = 8;       // plies below the root
  long min_games = 1;  // a move chosen by fewer games is listed but not followed
  const std::atomic<bool>* stop = nullptr;
};

struct TreeNode {
  Position position;
  int ply = 0;                // plies below the root
  int parent = -1;            // index in the tree; -1 for the root
  Answer answer;              // game_ids dropped: the tree keeps the counts only
  std::vector<int> children;  // per answer.moves entry: the child's index, or -1 if not followed
};

struct Tree {
  std::vector<TreeNode> nodes;  // breadth first; nodes[0] is the root
  bool complete = true;         // false when stopped
};

// Breadth-first, so that a stopped walk still holds every node above the ones it missed.
Tree opening_tree(const GameDatabase& database, const Position& root, const Filters& filters,
                  const TreeLimits& limits);

}  // namespace reversi::db
