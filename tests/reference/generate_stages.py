#!/usr/bin/env python3
"""Writes the championship archives of tests/data/stages/ and their expected figures.

Each archive is a championship with pseudo-random results (a fixed seed): a qualifying
stage (a Swiss, or groups of unequal size with a withdrawn team), then a knockout whose
rounds are paired the way the rules say, from the reference's own bracket (stages.py): the
knockout round's ties at tables 1, 2, … of each of its segments, the higher seed at home,
a bye as a bye. For every archive compute.py writes the computed files into
`<name>-expected/`; tests/integration/stages.rs imports each archive into fushi, exports it
and compares `standings.csv`, `bracket.csv` and `ranking.csv` with those.

Usage: python3 tests/reference/generate_stages.py [OUT_DIR]   (default tests/data/stages)

Standard library only. Rerun it after changing a case, then commit both folders.
"""

import csv
import io
import os
import random
import shutil
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
import compute  # noqa: E402
from generate import (LEVELS, TRUMPS, berger, result_row, run_cases, toml_value,  # noqa: E402
                      write_csv, write_expected)
from stages import championship  # noqa: E402

RESULT_INPUTS = ("trick_points", "bottom_points", "last_trick", "combo", "declarer_penalty",
                 "defender_penalty", "ruling", "defender_total")

CASES = [
    {
        # A Swiss of three rounds, then eight into quarter-finals of two segments,
        # semi-finals and a final of one, a play-off, carry-over of 0.5 and half the
        # qualifying head-to-head.
        "name": "swiss-knockout-8",
        "settings": {"decks": 2, "rules": "standard", "bottom_multiplier": "exponential",
                     "match_scoring": "vp20"},
        "teams": 10, "boards": 4,
        "stages": [
            {"name": "资格赛", "rounds": [1, 3], "format": "swiss"},
            {"name": "淘汰赛", "rounds": [4, 7], "format": "knockout", "teams": 8,
             "segments": [2, 1, 1], "third_place": True, "carry_over": 0.5,
             "carry_over_h2h": 0.5},
        ],
    },
    {
        # Groups of three and four (team 6 withdrawn after playing), the top two of each
        # into semi-finals without a play-off.
        "name": "groups-knockout-4",
        "settings": {"decks": 2, "rules": "standard", "bottom_multiplier": "doubling",
                     "match_scoring": "wdl"},
        "teams": 7, "boards": 3, "withdrawn": [6],
        "stages": [
            {"name": "Groups", "rounds": [1, 3], "format": "groups",
             "groups": [[1, 3, 5], [2, 4, 6, 7]]},
            {"name": "Knockout", "rounds": [4, 5], "format": "knockout", "teams": 4,
             "segments": [1, 1], "third_place": False, "carry_over": 0.0,
             "carry_over_h2h": 0.25},
        ],
    },
    {
        # Thirteen teams into a bracket of sixteen: seeds 1–3 have byes; stopped with the
        # quarter-finals under way (one tie not finished).
        "name": "byes-knockout-16",
        "settings": {"decks": 1, "rules": "standard", "bottom_multiplier": "exponential",
                     "match_scoring": "levels"},
        "teams": 13, "boards": 3,
        "stages": [
            {"name": "Qualifying", "rounds": [1, 2], "format": "manual"},
            {"name": "Knockout", "rounds": [3, 7], "format": "knockout", "teams": 16,
             "segments": [1, 2, 1, 1], "third_place": True, "carry_over": 1.25,
             "carry_over_h2h": 0.0},
        ],
        "stop_in": 4,
    },
    {
        # The Swiss into eight of the first case, with the director's exchanges: in the
        # quarter-finals the away teams of ties 1 and 2 trade places, in the semi-finals
        # the home team of tie 1 and the away team of tie 2.
        "name": "exchanges-knockout-8",
        "settings": {"decks": 2, "rules": "standard", "bottom_multiplier": "exponential",
                     "match_scoring": "vp20"},
        "teams": 10, "boards": 4,
        "stages": [
            {"name": "资格赛", "rounds": [1, 3], "format": "swiss"},
            {"name": "淘汰赛", "rounds": [4, 7], "format": "knockout", "teams": 8,
             "segments": [2, 1, 1], "third_place": True, "carry_over": 0.5,
             "carry_over_h2h": 0.5},
        ],
        # (knockout round, (tie, side), (tie, side), reason); side 3 = home, 4 = away
        "exchanges": [(1, (1, 4), (2, 4), "同一俱乐部 one club"),
                      (2, (1, 3), (2, 4), "travel")],
    },
]


def guard(text):
    return "'" + text if text[:1] in ("=", "+", "-", "@") else text


def settings_toml(case):
    s = case["settings"]
    lines = [f'name = "Championship {case["name"]}"', f'slug = "stages-{case["name"]}"',
             "published = true", f"decks = {s['decks']}", f'rules = "{s["rules"]}"',
             f'bottom_multiplier = "{s["bottom_multiplier"]}"',
             f'match_scoring = "{s["match_scoring"]}"']
    text = "\n".join(lines) + "\n"
    for stage in case["stages"]:
        text += "\n[[stages]]\n"
        for key in ("name", "rounds", "format", "groups", "teams", "segments", "third_place",
                    "carry_over", "carry_over_h2h"):
            if key in stage:
                text += f"{key} = {toml_value(stage[key])}\n"
        if stage.get("exchanges"):
            tables = [f"{{ ko_round = {x['ko_round']}, teams = {toml_value(x['teams'])}, "
                      f"reason = {toml_value(x['reason'])} }}" for x in stage["exchanges"]]
            text += f"exchanges = [{', '.join(tables)}]\n"
    return text


class Writer:
    """The archive as it grows, round by round."""

    def __init__(self, case, folder):
        self.case, self.folder = case, folder
        self.rng = random.Random(case["name"])
        self.boards, self.schedule, self.results = [], [], []
        decks = case["settings"]["decks"]
        self.decks = decks

    def add_round(self, rnd, pairs, unfinished=()):
        """`pairs`: (home, away or None) in table order; tables in `unfinished` miss their
        closed room's last board."""
        for board in range(1, self.case["boards"] + 1):
            self.boards.append([rnd, board, "NESW"[(board - 1 + rnd) % 4],
                                self.rng.choice(LEVELS), self.rng.choice(TRUMPS)])
        for table, (home, away) in pairs:
            self.schedule.append([rnd, table, home, "" if away is None else away])
            if away is None:
                continue
            for room in ("open", "closed"):
                for board in range(1, self.case["boards"] + 1):
                    if table in unfinished and room == "closed" and board == self.case["boards"]:
                        continue
                    cells = result_row(self.rng, self.decks, {"settings": self.case["settings"],
                                                              "rulings": 0.0})
                    self.results.append([rnd, table, room, board] +
                                        [cells[c] for c in RESULT_INPUTS] + ["", ""])

    def write(self):
        f = self.folder
        os.makedirs(f, exist_ok=True)
        with open(os.path.join(f, "tournament.toml"), "w", encoding="utf-8") as out:
            out.write(settings_toml(self.case))
        withdrawn = self.case.get("withdrawn", [])
        header = ["team_no", "name", "club", "members"] + (["withdrawn"] if withdrawn else [])
        teams = []
        for no in range(1, self.case["teams"] + 1):
            row = [no, guard(f"队{no} Team {no}"), "", ";".join(f"P{no}.{i}" for i in range(1, 5))]
            if withdrawn:
                row.append("yes" if no in withdrawn else "")
            teams.append(row)
        write_csv(os.path.join(f, "teams.csv"), header, teams)
        write_csv(os.path.join(f, "boards.csv"), ["round", "board", "dealer", "level", "trump"],
                  self.boards)
        write_csv(os.path.join(f, "schedule.csv"), ["round", "table", "home", "away"],
                  self.schedule)
        write_csv(os.path.join(f, "results.csv"),
                  ["round", "table", "room", "board"] + list(RESULT_INPUTS) +
                  ["table_score", "result"], self.results)

    def bracket(self):
        """The reference's bracket.csv rows for the archive so far."""
        self.write()
        t, teams, boards, schedule, results, _ = compute.load(self.folder)
        matches = compute.compare(t, boards, schedule, results)
        for m in matches:
            m["entered"] = any(k[0] == m["round"] and k[1] == m["table"] for k in results)
        _, bracket, _ = championship(t, teams, matches, compute.standings)
        return bracket


def qualifying(case, w):
    stage = case["stages"][0]
    first, last = stage["rounds"]
    n = case["teams"]
    if stage["format"] == "groups":
        per_group = [berger(len(g)) for g in stage["groups"]]
        for i, rnd in enumerate(range(first, last + 1)):
            pairs = []
            for g, rounds in zip(stage["groups"], per_group):
                if i < len(rounds):
                    for a, b in rounds[i]:
                        a = None if a is None else g[a - 1]
                        b = None if b is None else g[b - 1]
                        pairs.append((a, b) if a is not None else (b, None))
            playing = [p for p in pairs if p[1] is not None]
            byes = [p for p in pairs if p[1] is None]
            w.add_round(rnd, list(enumerate(playing + byes, start=1)))
        return
    rounds = berger(n)
    for i, rnd in enumerate(range(first, last + 1)):
        pairs = rounds[i]
        playing = [p for p in pairs if None not in p]
        byes = [(a if b is None else b, None) for a, b in pairs if None in (a, b)]
        w.add_round(rnd, list(enumerate(playing + byes, start=1)))


def knockout(case, w):
    stage = case["stages"][-1]
    first = stage["rounds"][0]
    stop_in = case.get("stop_in")
    for j, count in enumerate(stage["segments"], start=1):
        for ko_round, a, b, reason in case.get("exchanges", []):
            if ko_round == j:
                rows = [r for r in w.bracket() if r[1] == j]
                teams = [rows[tie - 1][side] for tie, side in (a, b)]
                stage.setdefault("exchanges", []).append(
                    {"ko_round": j, "teams": teams, "reason": reason})
        rows = [r for r in w.bracket() if r[1] == j]
        pairs = [(r[2], (r[3], r[4] if r[4] != "" else None)) for r in rows]
        for seg in range(count):
            rnd = first + seg
            unfinished = (1,) if stop_in == rnd else ()
            w.add_round(rnd, pairs, unfinished)
            if stop_in == rnd:
                return
        first += count


def generate(case, out):
    folder = os.path.join(out, case["name"])
    shutil.rmtree(folder, ignore_errors=True)
    w = Writer(case, folder)
    qualifying(case, w)
    knockout(case, w)
    w.write()
    write_expected(out, case["name"])


def main(argv):
    return run_cases(argv, CASES, generate, "tests/data/stages")


if __name__ == "__main__":
    sys.exit(main(sys.argv))
