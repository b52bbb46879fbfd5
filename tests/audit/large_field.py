#!/usr/bin/env python3
"""Writes a large event's archive for the audit (tests/audit/run.sh): TEAMS teams (2,048 by
default) over three rounds of two boards, every result entered, so that Lighthouse reads
the first page of a big field's standings as a phone on 4G would.

    tests/audit/large_field.py DIR [TEAMS]

Round r pairs team x with x XOR 2^(r-1) (numbered from 0), so no two teams meet twice;
the results cycle through the club night's rows, so every figure is a legal one."""

import csv
import os
import sys

# (trick_points, bottom_points, last_trick, combo) rows of the example club night.
ROWS = [
    ("55", "15", "declarer", ""),
    ("35", "", "declarer", ""),
    ("70", "10", "defenders", "single"),
    ("60", "5", "defenders", "single"),
    ("115", "", "declarer", ""),
    ("80", "10", "defenders", "pair"),
    ("25", "", "declarer", ""),
    ("90", "10", "defenders", "pair"),
]
ROUNDS = 3
BOARDS = 2


def write(path, header, rows):
    with open(path, "w", newline="", encoding="utf-8") as f:
        out = csv.writer(f, lineterminator="\n")
        out.writerow(header)
        out.writerows(rows)


def main():
    folder = sys.argv[1]
    teams = int(sys.argv[2]) if len(sys.argv) > 2 else 2048
    if teams < 2 or teams & (teams - 1):
        sys.exit("TEAMS must be a power of two")
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(folder, "tournament.toml"), "w", encoding="utf-8") as f:
        f.write('name = "全国公开赛资格赛 Open Qualifier"\nslug = "large-field"\n')
        f.write("published = true\ndecks = 2\n")
    write(
        os.path.join(folder, "teams.csv"),
        ["team_no", "name", "club", "members"],
        [
            [n, f"第{n}队 Team {n}", f"俱乐部 {n % 97 + 1}", f"甲{n};乙{n};丙{n};丁{n}"]
            for n in range(1, teams + 1)
        ],
    )
    schedule, boards, results = [], [], []
    k = 0
    for r in range(1, ROUNDS + 1):
        for b in range(1, BOARDS + 1):
            boards.append([r, b, "NESW"[(b - 1) % 4], "2", ""])
        table = 0
        for x in range(teams):
            y = x ^ (1 << (r - 1))
            if y < x:
                continue
            table += 1
            schedule.append([r, table, x + 1, y + 1])
            for room in ("open", "closed"):
                for b in range(1, BOARDS + 1):
                    tp, bottom, last, combo = ROWS[k % len(ROWS)]
                    k += 1
                    results.append([r, table, room, b, tp, bottom, last, combo] + [""] * 6)
    write(os.path.join(folder, "schedule.csv"), ["round", "table", "home", "away"], schedule)
    write(os.path.join(folder, "boards.csv"), ["round", "board", "dealer", "level", "trump"], boards)
    write(
        os.path.join(folder, "results.csv"),
        ["round", "table", "room", "board", "trick_points", "bottom_points", "last_trick",
         "combo", "declarer_penalty", "defender_penalty", "ruling", "defender_total",
         "table_score", "result"],
        results,
    )


if __name__ == "__main__":
    main()
