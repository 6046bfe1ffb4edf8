#!/usr/bin/env python3
"""Records session.txt: a whole 8x8 game played through `reversi nboard`, the engine choosing
every move (estimates at depth 2, exact values from 14 empties), with malformed lines on the way.

Usage: record_session.py BUILD/reversi > session.txt

Lines: '> ' a command sent, '< ' an answer that must come back as it is, '<~ ' an answer
matched as a regular expression (times, node counts, and what estimates choose, which change
with the evaluation; exact values stay literal)."""
import re
import subprocess
import sys

ARGS = ["nboard", "--exact-empties", "14", "--depth", "2"]
START = ("(;GM[Othello]PC[NBoard]DT[2014-02-21 20:52:27 GMT]PB[reversi]PW[reversi]RE[?]"
         "TI[15:00]TY[8]BO[8 ---------------------------O*------*O--------------------------- *];)")
NUMBER = r"[-+]\d+\.\d\d"
SECONDS = r"\d+\.\d\d"
MOVE = r"(?:[a-h][1-8]|PA)"


exact_value = [None]


def literal(text):
    """Text as a regular expression that matches only it (ECMAScript, as std::regex reads it)."""
    return re.sub(r"([.+*?()\[\]|^$\\])", r"\\\1", text)


def generalise(line):
    """The answer as the replay checks it; an exact move's value stays literal."""
    if line.startswith("nodestats "):
        return "<~ " + r"nodestats \d+ " + SECONDS
    if line.startswith("search ") and line.endswith(" estimate"):
        depth = line.split()[-2]
        return "<~ " + f"search {MOVE} {NUMBER} 0 {depth} estimate"
    if line.startswith("search ") and line.endswith(" exact"):
        _, pv, value, zero, depth, kind = line.split()
        return "<~ " + f"search {literal(pv[:2])}{MOVE}* {literal(value)} 0 100% exact"
    if line.startswith("status estimate "):
        return "<~ " + f"status estimate {MOVE} {NUMBER}"
    if line.startswith("status estimate ") or line.startswith("status thinking"):
        exact_value[0] = None
    if line.startswith("status exact "):
        value = line.split()[-1]
        exact_value[0] = value
        return "<~ " + f"status exact {MOVE} {literal(value)}"
    if line.startswith("=== "):
        parts = line[4:].split("/")
        if len(parts) == 1:
            return "< " + line
        value = literal(exact_value[0]) if exact_value[0] else NUMBER
        return "<~ " + f"=== {MOVE}/{value}/{SECONDS}"
    return "< " + line


class Engine:
    def __init__(self, binary):
        self.p = subprocess.Popen([binary] + ARGS, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  text=True, bufsize=1)
        self.pings = 0
        self.out = []

    def send(self, command):
        """Sends a command and a ping after it; returns the command's answers."""
        self.pings += 1
        ping = f"ping {self.pings}"
        self.p.stdin.write(command + "\n" + ping + "\n")
        self.p.stdin.flush()
        answers = []
        while True:
            line = self.p.stdout.readline().rstrip("\n")
            if line == f"pong {self.pings}":
                break
            answers.append(line)
        self.out.append("> " + command)
        self.out.extend(generalise(a) for a in answers)
        self.out.append("> " + ping)
        self.out.append("< pong " + str(self.pings))
        return answers


def main():
    engine = Engine(sys.argv[1])
    engine.send("nboard 2")
    engine.send("set depth 2")
    engine.send("set game " + START)
    # Malformed lines: each gets one error line, and the session goes on. "move e6/0.5" is a
    # good move with the mover's eval, which is accepted: the game starts with it.
    for bad in ["hello", "set depth x", "move z9", "move e6/0.5", "hint", "set colour 3",
                "set game (;GM[Chess];)", "nboard 3"]:
        engine.send(bad)
    moves = 0
    while True:
        if moves % 10 == 0 or moves >= 46:
            engine.send("hint 3")
        answers = engine.send("go")
        played = [a for a in answers if a.startswith("=== ")]
        if not played:
            break  # the game is over: go answers an error
        move = played[0][4:].split("/")[0]
        engine.send("move " + move)
        moves += 1
    engine.send("set contempt 0")
    engine.out.append("> quit")
    engine.p.stdin.write("quit\n")
    engine.p.stdin.close()
    engine.p.wait()
    print("# A whole game through reversi nboard; tests/data/nboard/record_session.py wrote it.")
    print("# Replayed with: reversi " + " ".join(ARGS))
    print("\n".join(engine.out))


if __name__ == "__main__":
    main()
