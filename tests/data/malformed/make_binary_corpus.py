#!/usr/bin/env python3
"""Writes the binary (WTHOR) files of the malformed corpus. Text files are edited by hand."""
import struct

GAME = "f5 d6 c3 d3 c4 f4 f6 f3 e6 e7".split()  # legal, unfinished
SHORTEST = "e6 f4 e3 f6 g5 d6 e7 f5 c5".split()  # a complete game: 13-0, black scores 64


def header(games, size=8, kind=0, depth=24):
    return struct.pack("<BBBBIHHBBBB", 20, 24, 1, 1, games, 0, 2024, size, kind, depth, 0)


def square8(name):
    return 10 * int(name[1:]) + (ord(name[0]) - 96)


def record(moves, score=32, theoretical=32, slots=60, encode=square8):
    data = [encode(m) if isinstance(m, str) else m for m in moves]
    data += [0] * (slots - len(data))
    return struct.pack("<HHHBB", 1, 2, 3, score, theoretical) + bytes(data)


def write(name, data):
    with open(name, "wb") as f:
        f.write(data)


write("wthor_short_header.wtb", header(1)[:10])
write("wthor_bad_size.wtb", header(1, size=12) + record(GAME))
write("wthor_size_mismatch.wtb", header(1, size=10) + record(GAME, slots=96))
write("wthor_count_short.wtb", header(3) + record(GAME) + record(GAME))
write("wthor_partial_record.wtb", header(2) + record(GAME) + record(GAME)[:30])
write("wthor_extra_bytes.wtb", header(1) + record(GAME) + b"\x01\x02\x03")
write("wthor_bad_square.wtb", header(1) + record(["f5", "d6", 19]))
write("wthor_illegal_move.wtb", header(1) + record(["f5", "a1"]))
write("wthor_score_mismatch.wtb", header(1) + record(SHORTEST, score=40))
write("wthor_move_after_end.wtb", header(1) + record(["f5", "d6", 0, 0, "c3"]))
write("wthor_solitaire.wtb", header(1, kind=1) + record(GAME))
write("wthor_10x10_bad_square.wtd", header(1, size=10) + record([11], slots=96))
write("wthor_garbage.wtb", bytes(range(256)) * 2)
