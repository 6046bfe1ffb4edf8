#!/usr/bin/env python3
"""Records gui_session.txt: a whole game as the NBoard GUI sends it to `reversi nboard` (its
order, from weltyc/novello ParsedEngine: "nboard 2", then before each request "set game" or
"move" for what changed, "set depth" when it changed, "ping N", and the request: "hint 3",
"go" or "analyze"), then the user steps back to the third move, and hostile settings each get a status error
with the session going on (a ping and a hint after each).

Usage: record_gui_session.py BUILD/reversi > gui_session.txt

The moves are a fixed legal game (with a pass), so the transcript does not depend on what the
engine would choose. Lines: '> ' a command sent, '< ' an answer that must come back as it is,
'<~ ' one matched as a regular expression (times, node counts, estimates; exact values stay
literal). The test replays it through the binary and through NboardSession, and checks every
answer against the solver and annotate as well."""
import subprocess
import sys

from record_session import MOVE, NUMBER, SECONDS, literal

EXACT_EMPTIES = 14
ARGS = ["nboard", "--exact-empties", str(EXACT_EMPTIES), "--depth", "2"]
GAME = ("e6 f4 c3 d6 f6 d3 c4 c6 c5 b6 b5 a6 a5 f7 e3 g6 b4 f5 a7 f3 c7 a4 a3 f2 g5 h6 b3 g4 h5 "
        "h4 h3 h2 g3 g2 f1 b8 h1 b7 a8 g1 h7 g7 c8 e2 e1 d1 c1 d2 c2 b1 a1 b2 a2 PA h8 e7 g8 d7 "
        "d8 e8 f8").upper().split()
START = ("(;GM[Othello]PC[NBoard]DT[2026-12-03 08:00:00 GMT]PB[chris]PW[reversi]RE[?]TI[15:00]"
         "TY[8]BO[8 ---------------------------O*------*O--------------------------- *]"
         "B[E6//1.10]W[F4/-0.20/0.5]B[C3];)")
HOSTILE = ["set depth 99", "set depth 0", "set depth x", "set depth 2147483648",
           "set contempt abc", "set game (;GM[Othello]TY[8]B[K9];)", "set game (;GM[Chess];)",
           "move A1", "move PA", "hint 0", "hint 1000000", "frobnicate 3", "nboard 3"]


def empties_after(moves_made):
    """Empty squares of the position after that many moves of GAME."""
    return 60 - sum(1 for m in GAME[:moves_made] if m != "PA")


class Engine:
    def __init__(self, binary):
        self.p = subprocess.Popen([binary] + ARGS, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  text=True, bufsize=1)
        self.pings = 0
        self.out = []
        self.exact_go = None

    def answers(self, command):
        """The command's answers: read up to the pong of a sentinel ping not recorded."""
        sentinel = f"pong {1000000 + len(self.out)}"
        self.p.stdin.write(command + "\n" + "ping " + sentinel[5:] + "\n")
        self.p.stdin.flush()
        lines = []
        while True:
            line = self.p.stdout.readline().rstrip("\n")
            if line == sentinel:
                return lines
            lines.append(line)

    def send(self, command):
        self.out.append("> " + command)
        for a in self.answers(command):
            self.out.append(self.generalise(a))

    def request(self, command):
        """A request as the GUI makes it: a ping first."""
        self.pings += 1
        self.send(f"ping {self.pings}")
        self.send(command)

    def generalise(self, line):
        if line.startswith("nodestats "):
            return "<~ " + r"nodestats \d+ " + SECONDS
        words = line.split()
        if line.startswith("search "):
            if words[-1] == "estimate":
                return "<~ " + f"search {MOVE} {NUMBER} 0 {words[-2]} estimate"
            return "<~ " + f"search {literal(words[1][:2])}{MOVE}* {literal(words[2])} 0 100% exact"
        if line.startswith("status estimate "):
            self.exact_go = None
            return "<~ " + f"status estimate {MOVE} {NUMBER}"
        if line.startswith("status exact "):
            self.exact_go = words[-1]
            return "<~ " + f"status exact {MOVE} {literal(words[-1])}"
        if line.startswith("=== ") and "/" in line:
            value = literal(self.exact_go) if self.exact_go else NUMBER
            return "<~ " + f"=== {MOVE}/{value}/{SECONDS}"
        if line.startswith("analysis "):
            if empties_after(int(words[1])) <= EXACT_EMPTIES:
                return "< " + line
            return "<~ " + f"analysis {words[1]} {NUMBER}"
        return "< " + line


def main():
    engine = Engine(sys.argv[1])
    engine.send("nboard 2")
    engine.send("set game " + START)
    engine.send("set depth 3")
    engine.request("hint 3")
    for k, move in enumerate(GAME[3:], start=3):
        engine.send("move " + move + ("/0.50/1.2" if k % 2 else ""))
        if k + 1 == len(GAME):
            break  # the game is over
        if k % 7 == 0 or k >= 45:
            engine.request("hint 3")
        if k % 11 == 0 or k >= 56:
            engine.request("go")
    engine.request("analyze")
    # Back to the third move, as when the user steps back in the game: a "set game".
    engine.send("set game " + START)
    for bad in HOSTILE:
        engine.send(bad)
        engine.request("hint 1")
    engine.out.append("> quit")
    engine.p.stdin.write("quit\n")
    engine.p.stdin.close()
    engine.p.wait()
    print("# A whole game as the NBoard GUI sends it, then hostile settings;")
    print("# tests/data/nboard/record_gui_session.py wrote it.")
    print("# Replayed with: reversi " + " ".join(ARGS))
    print("\n".join(engine.out))


if __name__ == "__main__":
    main()
