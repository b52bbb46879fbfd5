#!/usr/bin/env python3
"""Writes the sweep archives of tests/data/sweep/ and their expected figures.

Each archive is a small tournament with pseudo-random results (a fixed seed, so the files
are the same on every run) that together cover every band-table preset and a custom table
for 1, 2 and 3 decks, both bottom multiplier policies, vp20 (also with another blitz),
wdl (also with fractional points) and levels, byes, TD rulings (also a ruling alone),
totals given without trick points, penalties on both sides, in-progress matches, the
formula guard on names, a reordered tie-break list, and teams level on score that the
tie-breaks part or that share a rank. For every archive the reference
calculator (compute.py, beside this file) writes the computed files into
`<name>-expected/`; tests/integration/reference_sweep.rs imports each archive into fushi, exports it
and compares every computed file with those.

Usage: python3 tests/reference/generate.py [OUT_DIR]   (default tests/data/sweep)

Standard library only. Rerun it after changing a case, then commit both folders.
"""

import csv
import os
import random
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
from compute import PRESETS, ruling_range  # noqa: E402  (the band tables and §3's range)

# decks -> (total card points, cards in bottom, combinations)
DECKS = {
    1: (100, 6, ["single"]),
    2: (200, 8, ["single", "pair", "tractor"]),
    3: (300, 6, ["single", "pair", "tractor", "triple", "titanic"]),
}

LEVELS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
TRUMPS = ["S", "H", "D", "C", "NT", ""]

# Team names: some start with a character the formula guard must protect.
NAMES = [
    "东城拖拉机", "=SUM(A1)", "Red Tractors", "-3 Kings", "+Plus 加", "@home",
    "八十分老友", "Level Up Lions", "Kings, Tens", "\"Quoted\" 队",
]

# Every case: settings (written to tournament.toml in this order) and the shape of the event.
CASES = [
    {
        "name": "d1-standard-exp-vp20",
        "settings": {"decks": 1, "rules": "standard", "bottom_multiplier": "exponential",
                     "match_scoring": "vp20", "vp_blitz": 5.0, "bye_score": 12.0},
        "teams": 5, "rounds": 5, "boards": 4,
    },
    {
        "name": "d1-bands20-dbl-wdl",
        "settings": {"decks": 1, "rules": "bands-20", "bottom_multiplier": "doubling",
                     "match_scoring": "wdl", "win_draw_loss": [3, 1, 0]},
        "teams": 6, "rounds": 5, "boards": 3,
    },
    {
        "name": "d1-custom-exp-levels",
        "settings": {"decks": 1, "rules": "custom", "takeover_at": 35,
                     "bands": [[0, 4], [10, 2], [35, 0], [55, -1]], "step": 15,
                     "bottom_multiplier": "exponential", "match_scoring": "levels"},
        "teams": 4, "rounds": 3, "boards": 5,
    },
    {
        "name": "d2-standard-exp-vp20",
        "settings": {"decks": 2, "rules": "standard", "bottom_multiplier": "exponential",
                     "match_scoring": "vp20", "vp_blitz": 3.5, "bye_score": 14.5},
        "teams": 7, "rounds": 7, "boards": 6, "rulings": 0.08, "in_progress": 2,
    },
    {
        "name": "d2-standard-dbl-levels",
        "settings": {"decks": 2, "rules": "standard", "bottom_multiplier": "doubling",
                     "match_scoring": "levels",
                     "tiebreaks": ["level_diff", "boards_won", "head_to_head",
                                   "level_quotient", "point_diff"]},
        "teams": 6, "rounds": 5, "boards": 4,
    },
    {
        "name": "d2-nolevel-dbl-wdl",
        "settings": {"decks": 2, "rules": "no-level-takeover", "bottom_multiplier": "doubling",
                     "match_scoring": "wdl", "win_draw_loss": [2, 1, 0], "bye_score": 1.0},
        "teams": 5, "rounds": 5, "boards": 4,
    },
    {
        # Fractional points: the reference writes every score of the event with two
        # decimals (docs/decisions.md, matches.csv); reference_sweep.rs keeps this one apart.
        "name": "wdl-fractional",
        "settings": {"decks": 2, "rules": "standard", "bottom_multiplier": "exponential",
                     "match_scoring": "wdl", "win_draw_loss": [2.5, 1, 0], "bye_score": 1.5},
        "teams": 5, "rounds": 5, "boards": 3,
    },
    {
        "name": "d2-nolevel-exp-vp20",
        "settings": {"decks": 2, "rules": "no-level-takeover",
                     "bottom_multiplier": "exponential", "match_scoring": "vp20"},
        "teams": 8, "rounds": 4, "boards": 8, "totals_only": 0.1,
    },
    {
        "name": "d2-custom-dbl-vp20",
        "settings": {"decks": 2, "rules": "custom", "takeover_at": 70,
                     "bands": [[0, 3], [20, 2], [45, 1], [70, 0], [100, -1]], "step": 30,
                     "bottom_multiplier": "doubling", "match_scoring": "vp20",
                     "vp_blitz": 7.25},
        "teams": 4, "rounds": 3, "boards": 6,
    },
    {
        "name": "d3-standard-exp-wdl",
        "settings": {"decks": 3, "rules": "standard", "bottom_multiplier": "exponential",
                     "match_scoring": "wdl"},
        "teams": 5, "rounds": 5, "boards": 4,
    },
    {
        "name": "d3-standard-dbl-vp20",
        "settings": {"decks": 3, "rules": "standard", "bottom_multiplier": "doubling",
                     "match_scoring": "vp20", "tiebreaks": ["point_diff", "head_to_head"]},
        "teams": 6, "rounds": 5, "boards": 5, "rulings": 0.05, "in_progress": 1,
    },
    {
        # Few distinct results: many teams level on score, parted by head-to-head, the level
        # quotient, the level and point differences and boards won, or sharing a rank.
        "name": "d2-ties-wdl",
        "settings": {"decks": 2, "rules": "standard", "bottom_multiplier": "exponential",
                     "match_scoring": "wdl"},
        "teams": 10, "rounds": 4, "boards": 2, "simple": [35, 40, 80],
    },
    {
        # Both rooms alike on every board: every swing 0, every match drawn, and the teams
        # level on everything share their rank.
        "name": "d1-mirror-vp20",
        "settings": {"decks": 1, "rules": "standard", "bottom_multiplier": "doubling",
                     "match_scoring": "vp20", "bye_score": 10.0},
        "teams": 5, "rounds": 3, "boards": 2, "mirror": True,
    },
    {
        # The edges docs/rules.md keeps and the reference once missed: a rising custom
        # table, whose rulings run below s at P = 0 (§3); a match with no board compared
        # (empty levels and points, §9); a withdrawn team (teams.csv with CR line ends, as
        # old Macs write it) whose unfinished match does not hold back the round's bye (§5);
        # and every tournament.toml key the figures do not depend on.
        "name": "d2-rising-edges",
        "settings": {"decks": 2, "rules": "custom", "takeover_at": 80,
                     "bands": [[0, -2], [80, 1]], "step": 40,
                     "bottom_multiplier": "exponential", "match_scoring": "vp20"},
        "extra_toml": ['pairing = "swiss"', "swiss_seed = 20261129", "table_entry = true",
                       "correction_minutes = 45", "starts = 2026-04-01", "ends = 2026-04-02",
                       'deal_commitment = "%s"' % __import__("hashlib").sha256(
                           "edges".encode()).hexdigest(), 'deal_seed = "edges"'],
        "teams": 5, "rounds": 3, "boards": 4, "rulings": 0.3, "uncompared": True,
        "withdrawn": True, "cr_teams": True,
    },
    {
        "name": "d3-custom-exp-levels",
        "settings": {"decks": 3, "rules": "custom", "takeover_at": 150,
                     "bands": [[0, 2], [5, 1], [150, 0], [200, -2]], "step": 25,
                     "bottom_multiplier": "exponential", "match_scoring": "levels",
                     "bye_score": 1.0},
        "teams": 3, "rounds": 3, "boards": 4,
    },
]


def toml_value(value):
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return f'"{value}"'
    if isinstance(value, list):
        return "[" + ", ".join(toml_value(v) for v in value) + "]"
    return repr(value)


def berger(n):
    """Round robin rounds for teams 1..n (a bye where the partner is None)."""
    slots = list(range(1, n + 1)) + ([None] if n % 2 else [])
    m = len(slots)
    rounds = []
    for r in range(m - 1):
        pairs = []
        for i in range(m // 2):
            a, b = slots[i], slots[m - 1 - i]
            if (r + i) % 2:
                a, b = b, a
            pairs.append((a, b))
        rounds.append(pairs)
        slots = [slots[0]] + [slots[-1]] + slots[1:-1]
    return rounds


def multiple_of_5(rng, lo, hi):
    return 5 * rng.randint(lo // 5, hi // 5)


def rulings(settings):
    """The rulings a case draws from: -4..4 within the band table's range of s (§3)."""
    decks = settings["decks"]
    if settings["rules"] == "custom":
        bands, step = [tuple(b) for b in settings["bands"]], settings["step"]
    else:
        _, bands, step = PRESETS[decks][settings["rules"]]
    lo, hi = ruling_range(decks, bands, step)
    return max(lo, -4), min(hi, 4)


def result_row(rng, decks, case):
    """The input cells of one results.csv row: only rows fushi accepts (a ruling within the
    band table's range, a combination only when the defenders won the last trick)."""
    total, bottom, combos = DECKS[decks]
    lo, hi = rulings(case["settings"])
    row = {"trick_points": "", "bottom_points": "", "last_trick": "", "combo": "",
           "declarer_penalty": "", "defender_penalty": "", "ruling": "", "defender_total": ""}
    if "simple" in case:
        row["trick_points"] = str(rng.choice(case["simple"]))
        row["last_trick"] = "declarer"
        return row
    roll = rng.random()
    if roll < case.get("rulings", 0.03) / 2:
        # A ruling alone: P unknown.
        row["ruling"] = str(rng.randint(max(lo, -3), min(hi, 3)))
        return row
    if roll < case.get("totals_only", 0.04):
        row["defender_total"] = str(multiple_of_5(rng, 0, total + 40))
        return row
    # Skew trick points towards the interesting middle of the table.
    t = multiple_of_5(rng, total // 10, total * 11 // 20)
    k = multiple_of_5(rng, 0, min(10 * bottom, total - t) // 2)
    row["trick_points"] = str(t)
    row["bottom_points"] = "" if k == 0 and rng.random() < 0.5 else str(k)
    last = rng.random()
    if last < 0.3:
        row["last_trick"] = "defenders"
        kind = rng.choice(combos)
        if kind in ("tractor", "titanic"):
            kind = f"{kind}:{rng.choice([2, 2, 3, 4])}"
        row["combo"] = kind
    elif last < 0.85:
        row["last_trick"] = "declarer"
    # else: empty last_trick, which counts as the declarers'.
    if rng.random() < 0.08:
        row["declarer_penalty"] = str(rng.choice([10, 20, 30]))
    if rng.random() < 0.08:
        row["defender_penalty"] = str(rng.choice([10, 20, 200]))
    if rng.random() < case.get("rulings", 0.03) / 2:
        row["ruling"] = str(rng.randint(lo, hi))
    return row


def write_csv(path, header, rows, line_end="\n"):
    with open(path, "w", encoding="utf-8", newline="") as f:
        w = csv.writer(f, lineterminator=line_end)
        w.writerow(header)
        w.writerows(rows)


def guard(text):
    return "'" + text if text[:1] in ("=", "+", "-", "@") else text


def generate(case, out):
    rng = random.Random(case["name"])
    folder = os.path.join(out, case["name"])
    shutil.rmtree(folder, ignore_errors=True)
    os.makedirs(folder)
    settings = case["settings"]
    decks = settings["decks"]

    lines = [f'name = "Sweep {case["name"]}"', f'slug = "sweep-{case["name"]}"',
             "published = true"]
    lines += [f"{key} = {toml_value(value)}" for key, value in settings.items()]
    lines += case.get("extra_toml", [])
    with open(os.path.join(folder, "tournament.toml"), "w", encoding="utf-8") as f:
        f.write("\n".join(lines) + "\n")

    teams = []
    for no in range(1, case["teams"] + 1):
        name = NAMES[(no - 1) % len(NAMES)]
        members = ";".join(guard(f"{'-' if i == 0 and no % 3 == 0 else ''}P{no}.{i + 1}")
                           for i in range(4 + no % 3))
        teams.append([no, guard(name), "" if no % 2 else f"Club {no}", members])
    schedule = berger(case["teams"])[: case["rounds"]]
    header = ["team_no", "name", "club", "members"]
    if case.get("withdrawn"):
        # The home team of the last round's first match has withdrawn.
        gone = [p for p in schedule[-1] if None not in p][0][0]
        header.append("withdrawn")
        teams = [row + ["yes" if row[0] == gone else ""] for row in teams]
    write_csv(os.path.join(folder, "teams.csv"), header, teams,
              "\r" if case.get("cr_teams") else "\n")

    boards, sched, results = [], [], []
    for rnd, pairs in enumerate(schedule, start=1):
        for board in range(1, case["boards"] + 1):
            boards.append([rnd, board, "NESW"[(board - 1 + rnd) % 4],
                           rng.choice(LEVELS), rng.choice(TRUMPS)])
        playing = [p for p in pairs if None not in p]
        byes = [a if b is None else b for a, b in pairs if None in (a, b)]
        for table, (home, away) in enumerate(playing, start=1):
            sched.append([rnd, table, home, away])
        for table, team in enumerate(byes, start=len(playing) + 1):
            sched.append([rnd, table, team, ""])
        # The last round leaves some matches in progress: a missing room or board.
        unfinished = case.get("in_progress", 0) if rnd == len(schedule) else 0
        for table in range(1, len(playing) + 1):
            played = {}
            for room in ("open", "closed"):
                for board in range(1, case["boards"] + 1):
                    if table <= unfinished and room == "closed" and board > table:
                        continue
                    # No board compared: the first match of the last round has its open
                    # room only.
                    if (case.get("uncompared") and rnd == len(schedule) and table == 1
                            and room == "closed"):
                        continue
                    if case.get("mirror") and room == "closed":
                        cells = played[board]
                    else:
                        cells = played[board] = result_row(rng, decks, case)
                    results.append([rnd, table, room, board] + [
                        cells[c] for c in ("trick_points", "bottom_points", "last_trick",
                                           "combo", "declarer_penalty", "defender_penalty",
                                           "ruling", "defender_total")] + ["", ""])
    write_csv(os.path.join(folder, "boards.csv"),
              ["round", "board", "dealer", "level", "trump"], boards)
    write_csv(os.path.join(folder, "schedule.csv"), ["round", "table", "home", "away"], sched)
    write_csv(os.path.join(folder, "results.csv"),
              ["round", "table", "room", "board", "trick_points", "bottom_points",
               "last_trick", "combo", "declarer_penalty", "defender_penalty", "ruling",
               "defender_total", "table_score", "result"], results)

    write_expected(out, case["name"])


def write_expected(out, name):
    """Runs compute.py on the archive `out/name` into `out/name-expected` (made afresh)."""
    expected = os.path.join(out, name + "-expected")
    shutil.rmtree(expected, ignore_errors=True)
    subprocess.run([sys.executable, os.path.join(HERE, "compute.py"),
                    os.path.join(out, name), expected], check=True)


def run_cases(argv, cases, generate_case, default_out):
    """Generates every case into argv[1] (or `default_out`), naming each as it goes."""
    out = argv[1] if len(argv) > 1 else os.path.join(ROOT, default_out)
    os.makedirs(out, exist_ok=True)
    for case in cases:
        generate_case(case, out)
        print(case["name"])
    return 0


# Archives both calculators must refuse (docs/rules.md §9): one edit each of the sweep
# archive REFUSAL_BASE, as (name, file, text before, text after); an empty `after` with no
# `before` removes the file. Each goes to tests/data/sweep-refused/<name>/ with the
# reference's messages in `refusal.txt` (import reads only .csv and .toml files);
# reference_sweep.rs checks that fushi refuses it at the same first place.
REFUSAL_BASE = "d3-custom-exp-levels"
RESULTS_ROW = "1,1,open,1,75,15,declarer,,,,,,,"
REFUSALS = [
    ("number-leading-zero", "results.csv", RESULTS_ROW, "1,1,open,1,075,15,declarer,,,,,,,"),
    ("number-plus", "results.csv", RESULTS_ROW, "1,1,open,1,+75,15,declarer,,,,,,,"),
    ("number-space", "results.csv", RESULTS_ROW, "1,1,open,1, 75,15,declarer,,,,,,,"),
    ("ruling-plus", "results.csv", RESULTS_ROW, "1,1,open,1,75,15,declarer,,,,+1,,,"),
    ("room-space", "results.csv", RESULTS_ROW, "1,1,open ,1,75,15,declarer,,,,,,,"),
    ("combo-length-zero", "results.csv", "1,1,open,2,35,0,defenders,single,",
     "1,1,open,2,35,0,defenders,tractor:02,"),
    ("combo-without-last-trick", "results.csv", RESULTS_ROW, "1,1,open,1,75,15,,pair,,,,,,"),
    ("combo-on-a-total", "results.csv", RESULTS_ROW, "1,1,open,1,,,,single,,,,95,,"),
    ("trump-space", "boards.csv", "1,1,E,6,D\n", "1,1,E,6,D \n"),
    ("round-leading-zero", "schedule.csv", "\n1,1,3,2\n", "\n01,1,3,2\n"),
    ("members-spaced", "teams.csv", "P1.1;P1.2;", "P1.1; P1.2;"),
    ("members-empty", "teams.csv", "P1.1;P1.2;", "P1.1;;P1.2;"),
    ("name-space", "teams.csv", "1,东城拖拉机,", "1,东城拖拉机 ,"),
    ("name-unguarded", "teams.csv", "2,'=SUM(A1),", "2,=SUM(A1),"),
    ("withdrawn-no", "teams.csv", None, "no"),
    ("results-without-computed-columns", "results.csv", None, "computed"),
    ("results-missing", "results.csv", None, ""),
]


def generate_refusals(sweep, out):
    """Writes every REFUSALS archive into `out` with the reference's refusal beside it."""
    shutil.rmtree(out, ignore_errors=True)
    for name, file, before, after in REFUSALS:
        folder = os.path.join(out, name)
        shutil.copytree(os.path.join(sweep, REFUSAL_BASE), folder)
        path = os.path.join(folder, file)
        with open(path, encoding="utf-8", newline="") as f:
            text = f.read()
        if before is not None:
            assert before in text, (name, before)
            text = text.replace(before, after, 1)
        elif after == "no":
            rows = [line + "," for line in text.split("\n")[:-1]]
            rows[0] = rows[0][:-1] + ",withdrawn"
            rows[1] += "no"
            text = "\n".join(rows) + "\n"
        elif after == "computed":
            text = "".join(",".join(line.split(",")[:11]) + "\n"
                           for line in text.split("\n")[:-1])
        else:
            os.remove(path)
            text = None
        if text is not None:
            with open(path, "w", encoding="utf-8", newline="") as f:
                f.write(text)
        ran = subprocess.run([sys.executable, os.path.join(HERE, "compute.py"), folder,
                              os.path.join(out, "unused")], capture_output=True, text=True)
        assert ran.returncode == 1, (name, ran.returncode, ran.stderr)
        with open(os.path.join(folder, "refusal.txt"), "w", encoding="utf-8") as f:
            f.write(ran.stderr)
        print(name)
    shutil.rmtree(os.path.join(out, "unused"), ignore_errors=True)


def main(argv):
    status = run_cases(argv, CASES, generate, "tests/data/sweep")
    sweep = argv[1] if len(argv) > 1 else os.path.join(ROOT, "tests/data/sweep")
    generate_refusals(sweep, os.path.join(os.path.dirname(sweep), "sweep-refused"))
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv))
