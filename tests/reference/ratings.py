#!/usr/bin/env python3
"""Reference calculator for ratings and series, written from docs/rules.md §14 (with §11 for
the Butler score of a pair) alone, with exact fractions from the standard library.

    python3 tests/reference/ratings.py generate SEED OUT.json   # a season, pseudo-random
    python3 tests/reference/ratings.py compute SEASON.json OUT_DIR

`compute` writes ratings.csv, rating_boards.csv and series.csv. A season is neutral JSON:

    {"count_best": 3 or null,
     "series": ["slug", ...],                 # the series' tournaments, in its order
     "players": {"P1": "name", ...},          # the registry's current names
     "tournaments": [{
        "slug": "...", "ends": "YYYY-MM-DD" or null, "finished": bool, "rated": bool,
        "places": [[team_no, "1"], [team_no, "2="], ...],   # ranking.csv's or the standings'
        "rounds": [{"round": 1,
                    "boards": [{"board": 1, "dealer": "N"}, ...],
                    "matches": [{"table": 1, "home": 1, "away": 2 or null,
                                 "results": [{"room": "open", "board": 1, "s": 2}, ...],
                                 "lineups": {"open": {"home": ["P1", null] or null, "away": ...},
                                             "closed": {...}},
                                 "lineup_first": {"open": bool, "closed": bool}}]}]}]}

`s` is the declaring side's table score (a ruling, for the reference: the room's s).
"""

import csv
import json
import os
import random
import sys
from fractions import Fraction

K = Fraction(1, 16)
PROVISIONAL_BELOW = 100
# Each room's change is rounded half away from zero to this many decimals before it moves
# a rating (docs/rules.md §14, "Rounding").
CHANGE_PLACES = 18


def rounded(x, places):
    """x rounded half away from zero to `places` decimals, as an exact fraction."""
    scale = 10**places
    scaled = abs(x) * scale
    r = (2 * scaled.numerator + scaled.denominator) // (2 * scaled.denominator)
    return Fraction(-r if x < 0 else r, scale)


def id_number(pid):
    return int(pid[1:])


# --- §11: the datum and a pair's Butler score ---------------------------------------------


def datum(scores):
    """Mean s of the declaring side; with six rooms or more, one highest and one lowest out."""
    scores = sorted(scores)
    if len(scores) >= 6:
        scores = scores[1:-1]
    return Fraction(sum(scores), len(scores))


def rooms_of(tournament):
    """Every room with a result, as dicts: round, board, table, room, the NS and EW team and
    pair, NS's Butler score, whether the line-up came before the first result."""
    out = []
    for rnd in tournament["rounds"]:
        for b in rnd["boards"]:
            ns_declares = b["dealer"] in ("N", "S")
            played = []
            for m in rnd["matches"]:
                if m["away"] is None:
                    continue
                for r in m["results"]:
                    if r["board"] == b["board"]:
                        played.append((m, r))
            if not played:
                continue
            d = datum([r["s"] for _, r in played])
            for m, r in played:
                room = r["room"]
                # The home team sits North-South in the open room, East-West in the closed.
                if room == "open":
                    ns_side, ew_side = "home", "away"
                else:
                    ns_side, ew_side = "away", "home"
                declarers = Fraction(r["s"]) - d
                ns_butler = declarers if ns_declares else -declarers
                lineups = m["lineups"].get(room) or {}
                out.append(
                    {
                        "round": rnd["round"],
                        "board": b["board"],
                        "table": m["table"],
                        "room": room,
                        "ns_team": m[ns_side],
                        "ew_team": m[ew_side],
                        "ns": lineups.get(ns_side) or [None, None],
                        "ew": lineups.get(ew_side) or [None, None],
                        "butler": ns_butler,
                        "first": m["lineup_first"][room],
                    }
                )
    room_order = {"open": 0, "closed": 1}
    out.sort(key=lambda x: (x["round"], x["board"], x["table"], room_order[x["room"]]))
    return out


# --- ratings -------------------------------------------------------------------------------


def ratings(season):
    counted = [
        t for t in season["tournaments"] if t["rated"] and t["finished"] and t["ends"]
    ]
    counted.sort(key=lambda t: (t["ends"], t["slug"].encode()))
    rating = {}
    boards = {}
    rows = []
    for t in counted:
        rooms = rooms_of(t)
        keys = []
        for x in rooms:
            if (x["round"], x["board"]) not in keys:
                keys.append((x["round"], x["board"]))
        for key in keys:
            before = dict(rating)
            changes = []
            for x in rooms:
                if (x["round"], x["board"]) != key or not x["first"]:
                    continue
                if None in x["ns"] or None in x["ew"]:
                    continue
                r_ns = (before.get(x["ns"][0], 0) + before.get(x["ns"][1], 0)) / Fraction(2)
                r_ew = (before.get(x["ew"][0], 0) + before.get(x["ew"][1], 0)) / Fraction(2)
                e = (r_ns - r_ew) / 2
                change = rounded(K * (x["butler"] - e), CHANGE_PLACES)
                changes += [(p, change) for p in x["ns"]] + [(p, -change) for p in x["ew"]]
                rows.append(
                    [
                        t["slug"],
                        x["round"],
                        x["board"],
                        x["table"],
                        x["room"],
                        ";".join(sorted(x["ns"], key=id_number)),
                        ";".join(sorted(x["ew"], key=id_number)),
                        x["butler"],
                        e,
                        change,
                    ]
                )
            for p, c in changes:
                rating[p] = rating.get(p, Fraction(0)) + c
                boards[p] = boards.get(p, 0) + 1
    return rating, boards, rows


# --- series --------------------------------------------------------------------------------


def placing_points(places):
    n = len(places)
    firsts = [int(label.rstrip("=")) for _, label in places]
    points = {}
    for (team, _), k in zip(places, firsts):
        j = firsts.count(k)
        pts = [Fraction(100 * (n - place + 1), n) for place in range(k, k + j)]
        points[team] = sum(pts) / j
    return points


def series(season):
    by_slug = {t["slug"]: t for t in season["tournaments"]}
    got = {}  # player -> [list of points, butler total]
    for slug in season["series"]:
        t = by_slug[slug]
        if not t["finished"]:
            continue
        points = placing_points(t["places"])
        team_of = {}
        butler = {}
        for x in rooms_of(t):
            for pair, team, b in ((x["ns"], x["ns_team"], x["butler"]), (x["ew"], x["ew_team"], -x["butler"])):
                for p in pair:
                    if p is None:
                        continue
                    team_of.setdefault(p, team)
                    butler[p] = butler.get(p, Fraction(0)) + b
        for p, team in team_of.items():
            entry = got.setdefault(p, [[], Fraction(0)])
            entry[0].append(points.get(team, Fraction(0)))
            entry[1] += butler[p]
    lines = []
    for p, (pts, butler) in got.items():
        best = sorted(pts, reverse=True)
        if season["count_best"] is not None:
            best = best[: season["count_best"]]
        lines.append((p, len(pts), sum(best, Fraction(0)), butler))
    lines.sort(key=lambda l: (-l[2], -l[1], -l[3], id_number(l[0])))
    return lines


# --- writing -------------------------------------------------------------------------------


def written(x, places):
    """x to `places` decimals, half away from zero; no sign when it rounds to zero."""
    x = Fraction(x)
    scaled = abs(x) * 10**places
    r = (2 * scaled.numerator + scaled.denominator) // (2 * scaled.denominator)
    text = str(r).rjust(places + 1, "0")
    text = text[:-places] + "." + text[-places:]
    return ("-" if x < 0 and r != 0 else "") + text


def write_csv(path, header, rows):
    with open(path, "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(header)
        w.writerows(rows)


def compute(season, out):
    os.makedirs(out, exist_ok=True)
    names = season["players"]
    rating, boards, rows = ratings(season)
    write_csv(
        os.path.join(out, "ratings.csv"),
        ["player_id", "name", "rating", "boards", "provisional"],
        [
            [p, names[p], written(rating[p], 3), boards[p], "yes" if boards[p] < PROVISIONAL_BELOW else "no"]
            for p in sorted(boards, key=id_number)
        ],
    )
    write_csv(
        os.path.join(out, "rating_boards.csv"),
        ["tournament", "round", "board", "table", "room", "ns_players", "ew_players", "butler", "expected", "change"],
        [r[:7] + [written(v, 3) for v in r[7:]] for r in rows],
    )
    write_csv(
        os.path.join(out, "series.csv"),
        ["rank", "player_id", "name", "events", "points", "butler_total"],
        [
            [i + 1, p, names[p], events, written(pts, 2), written(b, 2)]
            for i, (p, events, pts, b) in enumerate(series(season))
        ],
    )


# --- a generated season --------------------------------------------------------------------


def place_labels(teams, rng):
    """Teams in a random order, some blocks sharing a place (`k=`)."""
    order = teams[:]
    rng.shuffle(order)
    out = []
    i = 0
    while i < len(order):
        j = 1 if rng.random() < 0.7 else min(rng.choice([2, 3]), len(order) - i)
        label = f"{i + 1}=" if j > 1 else str(i + 1)
        out += [[t, label] for t in order[i : i + j]]
        i += j
    return out


def a_round(number, teams, rosters, boards, rng):
    dealers = "NESW"
    order = teams[:]
    rng.shuffle(order)
    matches = []
    for table, i in enumerate(range(0, len(order), 2), start=1):
        home = order[i]
        away = order[i + 1] if i + 1 < len(order) else None
        m = {"table": table, "home": home, "away": away, "results": [], "lineups": {}, "lineup_first": {}}
        if away is not None:
            for room in ("open", "closed"):
                lineup = {}
                for side, team in (("home", home), ("away", away)):
                    # Now and then a room has no line-up for a team.
                    lineup[side] = None if rng.random() < 0.05 else rng.sample(rosters[team], 2)
                m["lineups"][room] = lineup
                m["lineup_first"][room] = rng.random() < 0.9
                for b in range(1, boards + 1):
                    if rng.random() < 0.95:  # a room may miss a result
                        m["results"].append({"room": room, "board": b, "s": rng.randint(-4, 3)})
        matches.append(m)
    return {
        "round": number,
        "boards": [{"board": b, "dealer": dealers[(b - 1) % 4]} for b in range(1, boards + 1)],
        "matches": matches,
    }


def generate(seed):
    rng = random.Random(seed)
    pool = [f"P{n}" for n in rng.sample(range(1, 400), 40)]
    names = {p: f"Player {p[1:]}" for p in pool}
    names[pool[0]] = "张伟"
    tournaments = []
    for e in range(10):
        team_count = rng.randint(3, 8)
        free = pool[:]
        rng.shuffle(free)
        rosters = {}
        for team in range(1, team_count + 1):
            members = [free.pop() for _ in range(rng.randint(2, 4))]
            # Some members are not linked to a player.
            rosters[team] = [None if rng.random() < 0.1 else p for p in members]
        teams = list(rosters)
        rounds = [a_round(r, teams, rosters, rng.randint(2, 8), rng) for r in range(1, rng.randint(2, 6) + 1)]
        tournaments.append(
            {
                "slug": f"night-{rng.choice('abcdefgh')}{e}",
                # Few distinct days: tournaments ending the same day go by slug.
                "ends": None if rng.random() < 0.05 else f"2026-0{rng.randint(1, 4)}-0{rng.randint(1, 3)}",
                "finished": rng.random() < 0.9,
                "rated": rng.random() < 0.8,
                "places": place_labels(teams, rng),
                "rounds": rounds,
            }
        )
    in_series = [t["slug"] for t in tournaments if rng.random() < 0.8]
    return {
        "count_best": rng.choice([None, 1, 3, 5]),
        "series": in_series,
        "players": names,
        "tournaments": tournaments,
    }


def main(argv):
    if len(argv) == 4 and argv[1] == "generate":
        with open(argv[3], "w", encoding="utf-8") as f:
            json.dump(generate(int(argv[2])), f, ensure_ascii=False, indent=1)
        return 0
    if len(argv) == 4 and argv[1] == "compute":
        with open(argv[2], encoding="utf-8") as f:
            compute(json.load(f), argv[3])
        return 0
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
