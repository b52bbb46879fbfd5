"""Stages, groups and knockout brackets (docs/rules.md §12), written from the rules text.

compute.py calls `championship` when tournament.toml lists `[[stages]]`. Given the
tournament, its teams and the compared matches (compute.compare), it returns the rows of
the staged `standings.csv`, of `bracket.csv` and of `ranking.csv`.

Choices where the rules text is silent follow docs/decisions.md ("Stages"):
- withdrawn teams keep their results in a stage's standings but do not qualify, and
  teams after them move up;
- the first stage ranks every team; a later league stage the teams its rounds pair;
- a tie is listed in bracket.csv once both its sides are known (a team, or nobody) and at
  least one side is a team; a bye has its team at home, no carry-over, no totals, and that
  team as winner, status complete;
- a place in ranking.csv is empty until it is decided: a knockout round's losers once every
  tie of that round is decided, the final's and play-off's once each is complete, the
  teams that did not qualify once the stage before the knockout is complete.
"""

from decimal import Decimal, ROUND_HALF_UP
from fractions import Fraction

REACHED = {2: "final", 4: "semi_final", 8: "quarter_final", 16: "round_of_16", 32: "round_of_32"}


def two_places(x):
    """An exact number to two decimals, half away from zero (no '-0.00')."""
    d = Decimal(x.numerator) / Decimal(x.denominator) if isinstance(x, Fraction) else Decimal(x)
    q = abs(d).quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)
    return ("-" if d < 0 and q != 0 else "") + f"{q:.2f}"


def bracket_order(n):
    """order(2) = [1, 2]; order(2n) = [x for s in order(n) for x in (s, 2n+1-s)]."""
    o = [1, 2]
    while len(o) < n:
        size = 2 * len(o)
        o = [x for s in o for x in (s, size + 1 - s)]
    return o


def exact(value):
    """A TOML number as an exact fraction (floats through their shortest decimal)."""
    return Fraction(Decimal(repr(value))) if isinstance(value, float) else Fraction(value)


class Stage:
    def __init__(self, index, conf):
        self.index = index
        self.name = conf["name"]
        self.first, self.last = conf["rounds"]
        self.format = conf["format"]
        self.groups = conf.get("groups")
        self.places = conf.get("teams")
        self.segments = conf.get("segments", [])
        self.third_place = conf.get("third_place", False)
        self.carry = exact(conf.get("carry_over", 0))
        self.share = exact(conf.get("carry_over_h2h", 0))
        # The director's exchanges: two teams of different ties of one knockout round
        # trade places, each keeping its seed (applied once the round's sides are known).
        self.exchanges = conf.get("exchanges", [])

    def rounds(self):
        return range(self.first, self.last + 1)


def exchange(sides, regular, teams, seat):
    """The sides with the two teams traded between their ties and each tie seated again;
    unchanged when a team is not in the round, both are in one tie, or one is in the
    play-off (the ties from `regular` on)."""
    where = {}
    for i, (home, away, _) in enumerate(sides):
        for k, team in ((0, home), (1, away)):
            if team is not None:
                where[team] = (i, k)
    a, b = teams
    if a not in where or b not in where:
        return sides
    (i, ki), (j, kj) = where[a], where[b]
    if i == j or i >= regular or j >= regular:
        return sides
    rows = [list(x) for x in sides]
    rows[i][ki], rows[j][kj] = b, a
    for n in (i, j):
        rows[n][0], rows[n][1] = seat(rows[n][0], rows[n][1])
    return [tuple(x) for x in rows]


def team_figures(tiebreaks, row):
    """The §7 chain on one team's own figures, head-to-head left out (teams of different
    groups have not met): highest first."""
    key = [row["score"]]
    for tb in tiebreaks:
        if tb == "head_to_head":
            continue
        key.append(row["quotient"].key() if tb == "level_quotient" else row[tb])
    return key


def championship(t, teams, matches, standings):
    stages = [Stage(i, c) for i, c in enumerate(t.stages)]
    withdrawn = {no for no, tm in teams.items() if tm.get("withdrawn")}
    by_round = {}
    for m in matches:
        by_round.setdefault(m["round"], []).append(m)

    def complete(stage):
        for r in stage.rounds():
            ms = by_round.get(r, [])
            if not ms or any(m["status"] not in ("complete", "bye") for m in ms):
                return False
        return True

    # Per league stage: a list of blocks (group index or None, ranked rows).
    tables = {}
    for s in stages:
        if s.format == "knockout":
            continue
        # A bye counts once every other match of its round is complete (§5).
        open_rounds = {m["round"] for m in matches if m["status"] == "in_progress"}
        ms = [m for m in matches if m["round"] in s.rounds()
              and not (m["status"] == "bye" and m["round"] in open_rounds)]
        if s.groups:
            blocks = []
            for g, members in enumerate(s.groups):
                sub = {no: teams[no] for no in members}
                mine = [m for m in ms if m["home"] in sub]
                blocks.append((g, standings(t, sub, mine)))
        else:
            if s.index == 0:
                sub = dict(teams)
            else:
                playing = {x for m in ms for x in (m["home"], m["away"]) if x is not None}
                sub = {no: teams[no] for no in sorted(playing)}
            blocks = [(None, standings(t, sub, ms))]
        tables[s.index] = blocks

    def places(index):
        """Per place, the teams in order (withdrawn left out)."""
        blocks = tables[index]
        lists = [[row for _, row in rows if row["no"] not in withdrawn] for _, rows in blocks]
        if blocks[0][0] is None:
            return [[row["no"]] for row in lists[0]]
        out = []
        for p in range(max(len(x) for x in lists)):
            rows = [x[p] for x in lists if len(x) > p]
            rows.sort(key=lambda r: (tuple(-v if not isinstance(v, tuple) else (-v[0], -v[1])
                                           for v in team_figures(t.tiebreaks, r)), r["no"]))
            out.append([r["no"] for r in rows])
        return out

    standings_rows = []
    for s in stages:
        if s.index not in tables:
            continue
        for g, rows in tables[s.index]:
            for rank, x in rows:
                standings_rows.append((s.index + 1, "" if g is None else "ABCDEFGHIJKLMNOPQRSTUVWXYZ"[g],
                                       rank, x))

    ko = next((s for s in stages if s.format == "knockout"), None)
    bracket_rows = []
    ranking_rows = []
    in_ko = {}  # team -> (depth, sub, seed, decided, shared, reached)
    if ko is not None:
        prev = stages[ko.index - 1]
        qualified = complete(prev)
        seeds = []
        if qualified:
            per_place = places(prev.index)
            if tables[prev.index][0][0] is None:
                seeds = [x[0] for x in per_place[:ko.places]]
            else:
                depth = ko.places // len(tables[prev.index])
                seeds = [no for group in per_place[:depth] for no in group][:ko.places]
        seed_of = {no: i + 1 for i, no in enumerate(seeds)}
        prev_matches = [m for m in matches if m["round"] in prev.rounds()]

        WAIT = "wait"   # a side not known yet
        NOBODY = None   # no team

        def slot(seed):
            if not qualified:
                return WAIT
            return seeds[seed - 1] if seed <= len(seeds) else NOBODY

        def seat(a, b):
            if a not in (WAIT, NOBODY) and b not in (WAIT, NOBODY):
                return (a, b) if seed_of[a] < seed_of[b] else (b, a)
            if a is NOBODY and b not in (WAIT, NOBODY):
                return (b, a)
            return (a, b)

        rounds = []
        first = ko.first
        for j, count in enumerate(ko.segments):
            seg_rounds = list(range(first, first + count))
            first += count
            size = ko.places >> j
            sides = []
            if j == 0:
                o = bracket_order(ko.places)
                sides = [(slot(o[i]), slot(o[i + 1]), False) for i in range(0, len(o), 2)]
            else:
                before = [x for x in rounds[-1]["ties"] if not x["play_off"]]
                for i in range(0, len(before), 2):
                    a, b = seat(before[i]["winner"], before[i + 1]["winner"])
                    sides.append((a, b, False))
                if ko.third_place and size == 2:
                    a, b = seat(before[0]["loser"], before[1]["loser"])
                    sides.append((a, b, True))
            if all(WAIT not in (a, b) for a, b, _ in sides):
                for x in ko.exchanges:
                    if x["ko_round"] == j + 1:
                        sides = exchange(sides, size // 2, x["teams"], seat)
            ties = []
            for n, (home, away, play_off) in enumerate(sides, start=1):
                tie = {"number": n, "home": home, "away": away, "play_off": play_off,
                       "carry": Fraction(0), "levels": 0, "points": 0, "done": 0,
                       "status": "not_started", "winner": WAIT, "loser": WAIT}
                known = WAIT not in (home, away)
                if known and home is not NOBODY and away is not NOBODY:
                    h2h = 0
                    for m in prev_matches:
                        if m["status"] != "complete":
                            continue
                        if (m["home"], m["away"]) == (home, away):
                            h2h += m["levels"]
                        elif (m["home"], m["away"]) == (away, home):
                            h2h -= m["levels"]
                    tie["carry"] = ko.carry + ko.share * h2h
                    started = False
                    for r in seg_rounds:
                        m = next((m for m in by_round.get(r, [])
                                  if {m["home"], m["away"]} == {home, away}), None)
                        if m is None:
                            continue
                        sign = 1 if m["home"] == home else -1
                        if m["status"] == "complete":
                            tie["done"] += 1
                            tie["levels"] += sign * m["levels"]
                            tie["points"] += sign * m["points"]
                            started = True
                        elif m["boards"] > 0 or m.get("entered"):
                            started = True
                    if tie["done"] == len(seg_rounds):
                        tie["status"] = "complete"
                        total = tie["carry"] + tie["levels"]
                        home_wins = total > 0 or (total == 0 and tie["points"] >= 0)
                        tie["winner"], tie["loser"] = (home, away) if home_wins else (away, home)
                    elif started:
                        tie["status"] = "in_progress"
                elif known:
                    tie["status"] = "complete"
                    tie["winner"] = home if home is not NOBODY else away
                    tie["loser"] = NOBODY
                ties.append(tie)
            rounds.append({"size": size, "ties": ties})

        for j, rnd in enumerate(rounds, start=1):
            for tie in rnd["ties"]:
                home, away = tie["home"], tie["away"]
                if WAIT in (home, away) or (home is NOBODY and away is NOBODY):
                    continue
                if home is NOBODY:
                    home, away = away, NOBODY
                played = away is not NOBODY
                total = tie["carry"] + tie["levels"]
                cell = (lambda v: v) if played else (lambda v: "")
                bracket_rows.append([
                    ko.index + 1, j, tie["number"], home, "" if away is NOBODY else away,
                    seed_of[home], "" if away is NOBODY else seed_of[away],
                    cell(two_places(tie["carry"])), tie["done"],
                    cell(two_places(total)), cell(two_places(-total)),
                    cell(str(tie["points"])), cell(str(-tie["points"])),
                    "" if tie["winner"] in (WAIT, NOBODY) else tie["winner"], tie["status"]])

        # How far each qualifier went: the deepest tie it is a side of.
        last = len(rounds)
        for no in seeds:
            deepest = None
            for j, rnd in enumerate(rounds, start=1):
                for tie in rnd["ties"]:
                    if no in (tie["home"], tie["away"]):
                        deepest = (j, rnd, tie)
            if deepest is None:
                continue
            j, rnd, tie = deepest
            done = tie["status"] == "complete"
            if j == last and tie["play_off"]:
                sub = 3 if done and tie["loser"] == no else 2
                in_ko[no] = (last, sub, seed_of[no], done, False, "third_place")
            elif j == last:
                sub = 1 if done and tie["loser"] == no else 0
                in_ko[no] = (last, sub, seed_of[no], done, False, REACHED[rnd["size"]])
            else:
                decided = all(x["winner"] != WAIT and WAIT not in (x["home"], x["away"])
                              for x in rnd["ties"])
                shared = decided and rnd["size"] == 4 and not ko.third_place
                in_ko[no] = (j, 0, seed_of[no], decided, shared, REACHED[rnd["size"]])

    # The ranking: the knockout's teams, the rest in the previous stages' order, withdrawn
    # teams last.
    def last_stage(no):
        if no in in_ko:
            return ko.index + 1
        for s in reversed(stages):
            if s.format == "knockout":
                continue
            if any(m["round"] in s.rounds() and no in (m["home"], m["away"]) for m in matches):
                return s.index + 1
        return 1

    lines = []
    ordered = sorted(in_ko.items(), key=lambda kv: (-kv[1][0], kv[1][1], kv[1][2]))
    for no, (_, _, _, decided, shared, reached) in ordered:
        if no not in withdrawn:
            lines.append({"no": no, "decided": decided, "shared": shared, "reached": reached})
    leagues = [s for s in stages if s.format != "knockout"]
    rest_decided = complete(leagues[-1]) if leagues else False
    seen = set(in_ko)
    for s in reversed(leagues):
        for group in places(s.index):
            for no in group:
                if no not in seen:
                    seen.add(no)
                    lines.append({"no": no, "decided": rest_decided, "shared": False, "reached": ""})
    for no in sorted(teams):
        if no not in seen and no not in withdrawn:
            seen.add(no)
            lines.append({"no": no, "decided": rest_decided, "shared": False, "reached": ""})
    for no in sorted(withdrawn):
        reached = in_ko[no][5] if no in in_ko else ""
        lines.append({"no": no, "decided": True, "shared": False, "reached": reached})
    i = 0
    while i < len(lines):
        j = i + 1
        if lines[i]["shared"]:
            while j < len(lines) and lines[j]["shared"] and lines[j]["reached"] == lines[i]["reached"]:
                j += 1
        for line in lines[i:j]:
            if line["decided"]:
                line["place"] = str(i + 1) + ("=" if j - i > 1 else "")
            else:
                line["place"] = ""
        i = j
    for line in lines:
        ranking_rows.append([line["place"], line["no"], teams[line["no"]]["name"],
                             last_stage(line["no"]), line["reached"]])
    return standings_rows, bracket_rows, ranking_rows
