#!/usr/bin/env python3
"""Independent reference calculator for fushi tournament archives.

Reads an archive (a folder, or a .zip of one) in the format of docs/rules.md §9
and writes the computed export files: results.csv (computed columns filled),
matches.csv, swings.csv and standings.csv. Written straight from the rules
(docs/rules.md §2-§7) and docs/decisions.md, without looking at the Rust code,
so that its figures can be used to check that code.

Usage: python3 tests/reference/compute.py ARCHIVE_DIR OUT_DIR

Standard library only (Python 3.11+ for tomllib).
"""

import csv
import io
import math
import os
import re
import sys
import tomllib
import zipfile
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction

# ---------------------------------------------------------------- §2 cards

# decks -> (total card points, cards in bottom)
DECKS = {1: (100, 6), 2: (200, 8), 3: (300, 6)}

LEVELS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
SEATS = ["N", "E", "S", "W"]
TRUMPS = ["S", "H", "D", "C", "NT"]

DEFAULT_TIEBREAKS = ["head_to_head", "level_quotient", "level_diff", "point_diff", "boards_won"]
KNOWN_TIEBREAKS = set(DEFAULT_TIEBREAKS)


class ArchiveError(Exception):
    """One or more `file:line: why` problems."""

    def __init__(self, problems):
        super().__init__("\n".join(problems))
        self.problems = problems


def parse_combo(text, decks):
    """Return (kind, L) for a combination allowed with this deck count, or raise ValueError."""
    m = re.fullmatch(r"(single|pair|triple)|(tractor|titanic):([1-9][0-9]*)", text)
    if not m:
        raise ValueError(f"unknown combination {text!r}")
    if m.group(1):
        kind, length = m.group(1), None
    else:
        kind, length = m.group(2), int(m.group(3))
        if length < 2:
            raise ValueError(f"{kind} needs L >= 2, got {text!r}")
    allowed = {1: {"single"}, 2: {"single", "pair", "tractor"},
               3: {"single", "pair", "tractor", "triple", "titanic"}}[decks]
    if kind not in allowed:
        raise ValueError(f"combination {text!r} is not possible with {decks} deck(s)")
    return kind, length


# ------------------------------------------------------------ §3 one table

def bottom_multiplier(kind, length, policy):
    """Bottom multiplier m for the defenders' last-trick combination (§3 table)."""
    if kind == "single":
        return 2
    if kind == "pair":
        return 4
    if policy == "exponential":
        if kind == "tractor":
            return 2 * 2 ** length
        if kind == "triple":
            return 6
        if kind == "titanic":
            return 2 * 3 ** length
    elif policy == "doubling":
        return 4  # tractor, triple, titanic all 4
    raise ValueError(f"unknown bottom multiplier policy {policy!r}")


# decks -> preset name -> (takeover_at, [(min P, s)], step)
PRESETS = {
    2: {
        "standard": (80, [(0, 3), (5, 2), (40, 1), (80, -1), (120, -2), (160, -3)], 40),
        "no-level-takeover": (80, [(0, 3), (5, 2), (40, 1), (80, 0), (120, -1), (160, -2)], 40),
    },
    1: {
        "standard": (40, [(0, 2), (5, 1), (40, 0), (80, -1), (100, -2), (120, -3)], 20),
        "bands-20": (40, [(0, 3), (5, 2), (20, 1), (40, 0), (60, -1), (80, -2)], 20),
    },
    3: {
        "standard": (120, [(0, 3), (5, 2), (60, 1), (120, 0), (180, -1), (240, -2)], 60),
    },
}


def band_score(p, bands, step):
    """Table score s for defenders' total p (§3, formally)."""
    last_min, last_s = bands[-1]
    if p >= last_min:
        return last_s - (p - last_min) // step
    s = bands[0][1]
    for lo, sc in bands:
        if lo <= p:
            s = sc
    return s


def ruling_range(decks, bands, step):
    """The table scores a TD ruling may give (§3): from the lowest to the highest s the band
    table gives for any P from 0 to the most a deal gives the defenders (every card point
    and a full bottom taken four times), for falling and rising tables alike."""
    total, bottom_cards = DECKS[decks]
    scores = [band_score(p, bands, step) for p in range(total + 4 * 10 * bottom_cards + 1)]
    return min(scores), max(scores)


def wording(s, p, takeover_at, ruled):
    """English result wording of docs/decisions.md."""
    if s > 0:
        text = f"declarers up {s}"
    elif s < 0:
        text = f"defenders take over, up {-s}"
    elif (p is not None and p >= takeover_at) or (p is None and takeover_at == 0):
        text = "defenders take over"
    else:
        text = "no level change"
    if ruled:
        text += " (TD ruling)"
    return text


# ----------------------------------------------------------- §6 VP scale

R_VP = ((math.sqrt(5) - 1) / 2) ** 3


def round_half_away(x, quantum):
    """Round a Decimal half away from zero to `quantum` (Decimal ROUND_HALF_UP does this)."""
    return x.quantize(quantum, rounding=ROUND_HALF_UP)


def vp20_cents(m, n, blitz):
    """(home, away) VP in hundredths for level difference m (home's) over n compared boards."""
    if m == 0:
        return 1000, 1000
    x = blitz * math.sqrt(n)
    v = min(20.0, 10 + 10 * (1 - R_VP ** (abs(m) / x)) / (1 - R_VP))
    winner = int(round_half_away(Decimal(v) * 100, Decimal(1)))
    loser = 2000 - winner
    return (winner, loser) if m > 0 else (loser, winner)


def _check_vp_scale():
    # docs/rules.md §6 check values, N = 8.
    assert vp20_cents(1, 8, 5.0) == (1127, 873), vp20_cents(1, 8, 5.0)
    assert vp20_cents(5, 8, 5.0) == (1523, 477), vp20_cents(5, 8, 5.0)
    assert vp20_cents(12, 8, 5.0) == (1924, 76), vp20_cents(12, 8, 5.0)
    assert vp20_cents(-5, 8, 5.0) == (477, 1523)
    assert vp20_cents(0, 8, 5.0) == (1000, 1000)
    assert vp20_cents(0, 0, 5.0) == (1000, 1000)
    assert vp20_cents(40, 8, 5.0) == (2000, 0)


# -------------------------------------------------------------- reading

def unescape_text(cell):
    """Undo the spreadsheet formula guard of §9: one leading ' before quotes and one of
    = + - @."""
    if cell[:1] == "'" and cell[1:].lstrip("'")[:1] in ("=", "+", "-", "@") and len(cell) > 1:
        return cell[1:]
    return cell


def escape_text(cell):
    """The formula guard of §9: one more ' in front of quotes followed by = + - @."""
    if cell.lstrip("'")[:1] in ("=", "+", "-", "@") and cell.lstrip("'") != "":
        return "'" + cell
    return cell


class Archive:
    """Raw files of an archive, from a folder or a .zip."""

    def __init__(self, path):
        self.files = {}
        if os.path.isdir(path):
            for name in os.listdir(path):
                full = os.path.join(path, name)
                if os.path.isfile(full):
                    with open(full, "rb") as f:
                        self.files[name] = f.read()
        elif zipfile.is_zipfile(path):
            with zipfile.ZipFile(path) as z:
                for info in z.infolist():
                    if not info.is_dir():
                        # the zip may hold the folder itself or just its files
                        self.files[info.filename.rsplit("/", 1)[-1]] = z.read(info)
        else:
            raise ArchiveError([f"{path}: not a folder or a .zip"])

    def text(self, name):
        if name not in self.files:
            raise ArchiveError([f"{name}: missing from the archive"])
        try:
            return self.files[name].decode("utf-8-sig")
        except UnicodeDecodeError as e:
            raise ArchiveError([f"{name}: not UTF-8 ({e})"])


def read_csv(archive, name, header):
    """Rows of a CSV as (line number, dict), after checking the header exactly."""
    reader = csv.reader(io.StringIO(archive.text(name), newline=""))
    rows = list(reader)
    problems = []
    if not rows:
        raise ArchiveError([f"{name}:1: empty file, expected header {','.join(header)}"])
    if rows[0] != header:
        extra = [c for c in rows[0] if c not in header]
        missing = [c for c in header if c not in rows[0]]
        why = "header must be " + ",".join(header)
        if extra:
            why += f"; unknown column(s) {', '.join(extra)}"
        if missing:
            why += f"; missing column(s) {', '.join(missing)}"
        raise ArchiveError([f"{name}:1: {why}"])
    out = []
    for i, row in enumerate(rows[1:], start=2):
        if row == []:
            continue  # blank line
        if len(row) != len(header):
            problems.append(f"{name}:{i}: expected {len(header)} cells, found {len(row)}")
            continue
        out.append((i, dict(zip(header, row))))
    if problems:
        raise ArchiveError(problems)
    return out


def parse_int(text, what):
    """A whole number in the one spelling §9 reads: no sign +, no leading zero, no space."""
    if not re.fullmatch(r"\s*[+-]?[0-9]+\s*", text):
        raise ValueError(f"{what} must be a whole number, got {text!r}")
    value = int(text)
    if str(value) != text:
        raise ValueError(f"{what} {text!r} must be written {str(value)!r}")
    return value


def read_text(cell, what):
    """A name or club as §9 reads it: the formula guard's ' removed; refused with spaces at
    either end or a formula character without its guard (the export would write it
    otherwise)."""
    text = unescape_text(cell)
    if text != text.strip() or escape_text(text) != cell:
        raise ValueError(f"{what} {cell!r} must be written {escape_text(text.strip())!r}")
    return text


def read_names(cell, what):
    """Members or players separated by ';' alone, as §9 reads them ('A;B', not 'A; B')."""
    text = unescape_text(cell)
    names = [n for n in text.split(";")] if text else []
    if any(n == "" or n != n.strip() for n in names) or escape_text(";".join(names)) != cell:
        clean = ";".join(n.strip() for n in names if n.strip())
        raise ValueError(f"{what} {cell!r} must be written {escape_text(clean)!r}")
    return names


def to_decimal(value, what):
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise ValueError(f"{what} must be a number")
    return Decimal(repr(value)) if isinstance(value, float) else Decimal(value)


class Tournament:
    def __init__(self, archive):
        problems = []
        try:
            conf = tomllib.loads(archive.text("tournament.toml"))
        except tomllib.TOMLDecodeError as e:
            raise ArchiveError([f"tournament.toml: {e}"])
        # Every key of §9's tournament.toml; the settings the figures do not depend on
        # (pairing, table entry, the correction period, the occasion, the deal seed and its
        # commitment, the deal seeds of later rounds) are known and otherwise not read.
        known = {"name", "slug", "published", "decks", "rules", "bottom_multiplier",
                 "match_scoring", "vp_blitz", "win_draw_loss", "bye_score", "tiebreaks",
                 "takeover_at", "bands", "step", "stages", "pairing", "swiss_seed",
                 "table_entry", "table_approval", "table_codes", "correction_minutes",
                 "publish_draw", "starts", "ends", "venue", "organiser", "time_zone",
                 # the dealing seeds: docs/deals.md, checked by deal.py --check
                 "deal_commitment", "deal_seed", "deal_seeds"}
        for k in conf:
            if k not in known:
                problems.append(f"tournament.toml: unknown key {k!r}")
        self.name = conf.get("name")
        self.slug = conf.get("slug")
        if not isinstance(self.name, str) or not self.name.strip():
            problems.append("tournament.toml: name is required")
        if not isinstance(self.slug, str) or not re.fullmatch(r"[a-z0-9-]{1,64}", self.slug):
            problems.append("tournament.toml: slug is required and must match [a-z0-9-]{1,64}")
        self.decks = conf.get("decks", 2)
        if self.decks not in DECKS:
            raise ArchiveError(problems + ["tournament.toml: decks must be 1, 2 or 3"])
        self.total, self.bottom_cards = DECKS[self.decks]
        self.rules = conf.get("rules", "standard")
        if self.rules == "custom":
            try:
                self.takeover_at = int(conf["takeover_at"])
                self.bands = [(int(a), int(b)) for a, b in conf["bands"]]
                self.step = int(conf["step"])
            except (KeyError, TypeError, ValueError):
                raise ArchiveError(problems + ["tournament.toml: custom rules need takeover_at, bands = [[min, s], ...] and step"])
            if not self.bands or self.bands[0][0] != 0:
                problems.append("tournament.toml: bands must start at 0")
            if any(self.bands[i][0] >= self.bands[i + 1][0] for i in range(len(self.bands) - 1)):
                problems.append("tournament.toml: band minimums must ascend")
            if self.step <= 0:
                problems.append("tournament.toml: step must be positive")
        elif self.rules in PRESETS[self.decks]:
            self.takeover_at, self.bands, self.step = PRESETS[self.decks][self.rules]
        else:
            raise ArchiveError(problems + [f"tournament.toml: rules {self.rules!r} is not a preset for {self.decks} deck(s)"])
        self.policy = conf.get("bottom_multiplier", "exponential")
        if self.policy not in ("exponential", "doubling"):
            problems.append("tournament.toml: bottom_multiplier must be exponential or doubling")
        self.scoring = conf.get("match_scoring", "vp20")
        if self.scoring not in ("vp20", "wdl", "levels"):
            raise ArchiveError(problems + ["tournament.toml: match_scoring must be vp20, wdl or levels"])
        try:
            self.blitz = float(to_decimal(conf.get("vp_blitz", 5.0), "vp_blitz"))
            if self.blitz <= 0:
                problems.append("tournament.toml: vp_blitz must be positive")
            wdl = conf.get("win_draw_loss", [2, 1, 0])
            if not isinstance(wdl, list) or len(wdl) != 3:
                raise ValueError("win_draw_loss must be [win, draw, loss]")
            self.wdl = [to_decimal(v, "win_draw_loss") for v in wdl]
            default_bye = {"vp20": Decimal(12), "wdl": self.wdl[0], "levels": Decimal(0)}[self.scoring]
            self.bye_score = to_decimal(conf["bye_score"], "bye_score") if "bye_score" in conf else default_bye
        except ValueError as e:
            raise ArchiveError(problems + [f"tournament.toml: {e}"])
        # [[stages]] (docs/rules.md §12), read by stages.py
        self.stages = conf.get("stages", [])
        self.tiebreaks = conf.get("tiebreaks", DEFAULT_TIEBREAKS)
        for tb in self.tiebreaks:
            if tb not in KNOWN_TIEBREAKS:
                problems.append(f"tournament.toml: unknown tie-break {tb!r}")
        # wdl/levels scores print as whole numbers unless a configured value is fractional
        if self.scoring == "vp20":
            self.score_places = 2
        else:
            configured = [self.bye_score] + (self.wdl if self.scoring == "wdl" else [])
            self.score_places = 0 if all(v == v.to_integral_value() for v in configured) else 2
        if problems:
            raise ArchiveError(problems)

    def fmt_score(self, value):
        """Score as matches.csv writes it."""
        q = Decimal(1) if self.score_places == 0 else Decimal("0.01")
        return str(round_half_away(Decimal(value), q))


# ------------------------------------------------------------- computing

def load(path):
    archive = Archive(path)
    t = Tournament(archive)
    problems = []

    teams = {}
    team_columns = ["team_no", "name", "club", "members"]
    # the optional last column of withdrawn teams (the header read as CSV: LF, CRLF or CR)
    first = next(csv.reader(io.StringIO(archive.text("teams.csv"), newline="")), [])
    if first[-1:] == ["withdrawn"]:
        team_columns.append("withdrawn")
    for line, row in read_csv(archive, "teams.csv", team_columns):
        try:
            no = parse_int(row["team_no"], "team_no")
            if no < 1:
                raise ValueError("team_no must be positive")
            if no in teams:
                raise ValueError(f"team {no} listed twice")
            name = read_text(row["name"], "name")
            if not name.strip():
                raise ValueError("name is required")
            read_text(row["club"], "club")
            members = read_names(row["members"], "members")
            if row.get("withdrawn", "") not in ("", "yes"):
                raise ValueError(f"withdrawn is yes or empty, got {row['withdrawn']!r}")
            teams[no] = {"no": no, "name": name, "members": members,
                         "withdrawn": row.get("withdrawn") == "yes"}
        except ValueError as e:
            problems.append(f"teams.csv:{line}: {e}")

    boards = {}  # round -> {board -> dict}
    for line, row in read_csv(archive, "boards.csv", ["round", "board", "dealer", "level", "trump"]):
        try:
            rnd = parse_int(row["round"], "round")
            no = parse_int(row["board"], "board")
            if rnd < 1 or no < 1:
                raise ValueError("round and board must be positive")
            if row["dealer"] not in SEATS:
                raise ValueError(f"dealer must be N, E, S or W, got {row['dealer']!r}")
            if row["level"] not in LEVELS:
                raise ValueError(f"level must be 2-10, J, Q, K or A, got {row['level']!r}")
            if row["trump"] not in TRUMPS + [""]:
                raise ValueError(f"trump must be S, H, D, C, NT or empty, got {row['trump']!r}")
            if no in boards.setdefault(rnd, {}):
                raise ValueError(f"board {no} of round {rnd} listed twice")
            boards[rnd][no] = {"dealer": row["dealer"]}
        except ValueError as e:
            problems.append(f"boards.csv:{line}: {e}")

    schedule = {}  # (round, table) -> dict
    for line, row in read_csv(archive, "schedule.csv", ["round", "table", "home", "away"]):
        try:
            rnd = parse_int(row["round"], "round")
            table = parse_int(row["table"], "table")
            home = parse_int(row["home"], "home")
            away = parse_int(row["away"], "away") if row["away"] != "" else None
            for team in (home, away):
                if team is not None and team not in teams:
                    raise ValueError(f"team {team} is not in teams.csv")
            if home == away:
                raise ValueError("a team cannot meet itself")
            if (rnd, table) in schedule:
                raise ValueError(f"table {table} of round {rnd} listed twice")
            busy = {x for (r2, _), m in schedule.items() if r2 == rnd for x in (m["home"], m["away"])}
            for team in (home, away):
                if team is not None and team in busy:
                    raise ValueError(f"team {team} plays twice in round {rnd}")
            schedule[(rnd, table)] = {"round": rnd, "table": table, "home": home, "away": away}
        except ValueError as e:
            problems.append(f"schedule.csv:{line}: {e}")

    header = ["round", "table", "room", "board", "trick_points", "bottom_points", "last_trick",
              "combo", "declarer_penalty", "defender_penalty", "ruling", "defender_total",
              "table_score", "result"]
    results = {}  # (round, table, room, board) -> computed dict
    # §9: results.csv is required once schedule.csv has rows (an event being set up, with
    # settings and teams alone, has none).
    if "results.csv" not in archive.files and schedule:
        problems.append("results.csv: missing from the archive, and schedule.csv needs it")
    result_rows = read_csv(archive, "results.csv", header) if "results.csv" in archive.files else []
    for line, row in result_rows:
        try:
            rnd = parse_int(row["round"], "round")
            table = parse_int(row["table"], "table")
            room = row["room"]
            if room not in ("open", "closed"):
                raise ValueError(f"room must be open or closed, got {room!r}")
            board = parse_int(row["board"], "board")
            match = schedule.get((rnd, table))
            if match is None:
                raise ValueError(f"no match at table {table} in round {rnd}")
            if match["away"] is None:
                raise ValueError(f"table {table} of round {rnd} is a bye")
            if board not in boards.get(rnd, {}):
                raise ValueError(f"round {rnd} has no board {board}")
            key = (rnd, table, room, board)
            if key in results:
                raise ValueError("result given twice")
            results[key] = compute_row(t, row)
            results[key]["row"] = row
        except ValueError as e:
            problems.append(f"results.csv:{line}: {e}")

    lineups = {}  # (round, table, room, team) -> [player, player]
    if "lineups.csv" in archive.files:
        for line, row in read_csv(archive, "lineups.csv", ["round", "table", "room", "team_no", "players"]):
            try:
                rnd = parse_int(row["round"], "round")
                table = parse_int(row["table"], "table")
                team = parse_int(row["team_no"], "team_no")
                room = row["room"]
                if room not in ("open", "closed"):
                    raise ValueError(f"room must be open or closed, got {room!r}")
                match = schedule.get((rnd, table))
                if match is None or match["away"] is None or team not in (match["home"], match["away"]):
                    raise ValueError(f"team {team} does not play at table {table} of round {rnd}")
                players = [p.strip() for p in unescape_text(row["players"]).split(";")]
                if len(players) != 2 or players[0] == players[1] or "" in players:
                    raise ValueError("players must be two different members")
                read_names(row["players"], "players")
                for p in players:
                    if p not in teams[team]["members"]:
                        raise ValueError(f"{p} is not a member of team {team}")
                if (rnd, table, room, team) in lineups:
                    raise ValueError("line-up given twice")
                other = lineups.get((rnd, table, "closed" if room == "open" else "open", team), [])
                for p in players:
                    if p in other:
                        raise ValueError(f"{p} sits in both rooms of the match")
                lineups[(rnd, table, room, team)] = players
            except ValueError as e:
                problems.append(f"lineups.csv:{line}: {e}")
    t.lineups = lineups

    if problems:
        raise ArchiveError(problems)
    return t, teams, boards, schedule, results, header


# -------------------------------------------- the whole field (docs/rules.md §11)

def travellers(t, boards, schedule, results):
    """Per (round, board): every room with a result, from the declarers' side, and the datum."""
    out = {}
    for rnd in sorted(boards):
        for board in sorted(boards[rnd]):
            pair = declaring_pair(boards[rnd][board]["dealer"])
            rows = []
            for (r2, table) in sorted(schedule):
                m = schedule[(r2, table)]
                if r2 != rnd or m["away"] is None:
                    continue
                for room in ("open", "closed"):
                    res = results.get((rnd, table, room, board))
                    if res is None:
                        continue
                    home_seat = "NS" if room == "open" else "EW"
                    declarers, defenders = ((m["home"], m["away"]) if home_seat == pair
                                            else (m["away"], m["home"]))
                    other = results.get((rnd, table, "closed" if room == "open" else "open", board))
                    # the declarers defend in the other room: their score there is -s
                    swing = None if other is None else res["s"] - other["s"]
                    rows.append({"table": table, "room": room, "declarers": declarers,
                                 "defenders": defenders, "p": res["p"], "s": res["s"],
                                 "swing": swing})
            scores = sorted(r["s"] for r in rows)
            if len(scores) >= 6:
                scores = scores[1:-1]
            datum = Fraction(sum(scores), len(scores)) if scores else None
            out[(rnd, board)] = {"rows": rows, "datum": datum}
    return out


def two_decimals(x):
    """An exact Fraction as text with two decimals, half away from zero."""
    sign = "-" if x < 0 else ""
    a = abs(x)
    h = (a.numerator * 200 + a.denominator) // (2 * a.denominator)
    if h == 0:
        sign = ""
    return f"{sign}{h // 100}.{h % 100:02d}"


def butler(t, teams, field):
    """Pairs by (team, players in the team's order): boards played and the exact total."""
    pairs = {}
    for (rnd, board), tr in field.items():
        if tr["datum"] is None:
            continue
        for row in tr["rows"]:
            for team, score in ((row["declarers"], row["s"] - tr["datum"]),
                                (row["defenders"], tr["datum"] - row["s"])):
                players = t.lineups.get((rnd, row["table"], row["room"], team))
                if players is None:
                    continue
                members = teams[team]["members"]
                key = (team, tuple(sorted(players, key=lambda p: (members.index(p), p))))
                boards_played, total = pairs.get(key, (0, Fraction(0)))
                pairs[key] = (boards_played + 1, total + score)
    lines = [(Fraction(total, 1) / n, total, key, n) for key, (n, total) in pairs.items()]
    lines.sort(key=lambda x: (-x[0], -x[1], x[2][0], x[2][1]))
    rows = []
    for i, (per, total, (team, players), n) in enumerate(lines):
        same = [j for j, other in enumerate(lines) if (other[0], other[1]) == (per, total)]
        rank = f"{same[0] + 1}=" if len(same) > 1 else str(same[0] + 1)
        rows.append([rank, team, escape_text(";".join(players)), n, two_decimals(total),
                     two_decimals(per)])
    return rows


def compute_row(t, row):
    """P, s and wording for one table (§3), from one results.csv row."""
    ruling = parse_int(row["ruling"], "ruling") if row["ruling"] != "" else None
    if row["combo"] != "" and row["last_trick"] != "defenders":
        # §9: refused with the declarers' last trick or none (it would multiply nothing).
        raise ValueError("a combination is given only when the defenders won the last trick")
    if row["trick_points"] != "":
        tp = parse_int(row["trick_points"], "trick_points")
        k = parse_int(row["bottom_points"], "bottom_points") if row["bottom_points"] != "" else 0
        for v, what in ((tp, "trick_points"), (k, "bottom_points")):
            if v % 5:
                raise ValueError(f"{what} must be a multiple of 5, got {v}")
        if not 0 <= tp <= t.total:
            raise ValueError(f"trick_points must be 0-{t.total}, got {tp}")
        if not 0 <= k <= 10 * t.bottom_cards:
            raise ValueError(f"bottom_points must be 0-{10 * t.bottom_cards}, got {k}")
        if tp + k > t.total:
            raise ValueError(f"trick_points + bottom_points exceed {t.total}")
        last = row["last_trick"] or "declarer"
        if last not in ("declarer", "defenders"):
            raise ValueError(f"last_trick must be declarer or defenders, got {row['last_trick']!r}")
        combo = None
        if row["combo"] != "":
            if last == "declarer":
                raise ValueError("a combination is given only when the defenders won the last trick")
            combo = parse_combo(row["combo"], t.decks)
        elif last == "defenders":
            raise ValueError("combo is required when the defenders won the last trick")
        pen = []
        for col in ("declarer_penalty", "defender_penalty"):
            v = parse_int(row[col], col) if row[col] != "" else 0
            if v < 0:
                raise ValueError(f"{col} must not be negative")
            pen.append(v)
        p = tp
        if last == "defenders":
            p += k * bottom_multiplier(combo[0], combo[1], t.policy)
        p += pen[0] - pen[1]
        p = max(p, 0)
    elif row["defender_total"] != "":
        p = parse_int(row["defender_total"], "defender_total")
        if p < 0:
            raise ValueError("defender_total must not be negative")
    elif ruling is not None:
        p = None  # ruling only: P unknown
    else:
        raise ValueError("give trick_points, defender_total or a ruling")
    if ruling is not None:
        lo, hi = ruling_range(t.decks, t.bands, t.step)
        if not lo <= ruling <= hi:
            raise ValueError(f"a ruling is a table score from {lo} to {hi}, got {ruling}")
    s = ruling if ruling is not None else band_score(p, t.bands, t.step)
    return {"p": p, "s": s, "ruled": ruling is not None,
            "wording": wording(s, p, t.takeover_at, ruling is not None)}


def declaring_pair(dealer):
    return "NS" if dealer in ("N", "S") else "EW"


def compare(t, boards, schedule, results):
    """Per match: compared boards, swings, M, point difference, scores (§5, §6)."""
    matches = []
    for (rnd, table) in sorted(schedule):
        m = dict(schedule[(rnd, table)])
        m["swings"] = []  # (board, open_score, closed_score, home_swing)
        if m["away"] is None:
            m.update(status="bye", boards=0, levels=0, points=0,
                     home_score=t.bye_score, away_score=None)
            matches.append(m)
            continue
        levels = points = 0
        complete = True
        for board in sorted(boards.get(rnd, {})):
            pair = declaring_pair(boards[rnd][board]["dealer"])
            rooms = [results.get((rnd, table, room, board)) for room in ("open", "closed")]
            if None in rooms:
                complete = False
                continue
            seen = []
            for room, res in zip(("open", "closed"), rooms):
                home_seat = "NS" if room == "open" else "EW"
                home_declares = home_seat == pair
                seen.append(res["s"] if home_declares else -res["s"])
                p = res["p"] or 0  # ruling only: P counts as 0
                # the defenders collected P: the home team when it does not declare
                points += -p if home_declares else p
            swing = seen[0] + seen[1]
            levels += swing
            m["swings"].append((board, seen[0], seen[1], swing))
        m.update(status="complete" if complete else "in_progress",
                 boards=len(m["swings"]), levels=levels, points=points)
        if t.scoring == "vp20":
            h, a = vp20_cents(levels, len(m["swings"]), t.blitz)
            m["home_score"], m["away_score"] = Decimal(h) / 100, Decimal(a) / 100
        elif t.scoring == "wdl":
            win, draw, loss = t.wdl
            m["home_score"], m["away_score"] = (
                (win, loss) if levels > 0 else (loss, win) if levels < 0 else (draw, draw))
        else:
            m["home_score"], m["away_score"] = Decimal(levels), Decimal(-levels)
        matches.append(m)
    return matches


class Quotient:
    """Level quotient as an exact, comparable value (inf above every number)."""

    def __init__(self, pos, neg):
        if neg == 0:
            self.inf = pos > 0
            self.value = Fraction(1)
        else:
            self.inf = False
            self.value = Fraction(pos, neg)

    def key(self):
        return (1, 0) if self.inf else (0, self.value)

    def text(self):
        if self.inf:
            return "inf"
        v = self.value
        thousandths = (v.numerator * 1000 * 2 + v.denominator) // (2 * v.denominator)  # v >= 0
        return f"{thousandths // 1000}.{thousandths % 1000:03d}"


def standings(t, teams, matches):
    st = {no: {"no": no, "name": tm["name"], "played": 0, "won": 0, "drawn": 0, "lost": 0,
               "score": Decimal(0), "level_diff": 0, "point_diff": 0, "boards_won": 0,
               "pos": 0, "neg": 0} for no, tm in teams.items()}
    # A bye counts once every other match of its round is complete, a match of a withdrawn
    # team excepted (rules §5; the archive does not say whether a round was released).
    out = {no for no, tm in teams.items() if tm["withdrawn"]}
    open_rounds = {m["round"] for m in matches if m["status"] == "in_progress"
                   and m["home"] not in out and m["away"] not in out}
    for m in matches:
        if m["status"] == "bye":
            if m["round"] not in open_rounds:
                st[m["home"]]["score"] += m["home_score"]
            continue
        if m["status"] != "complete":
            continue
        for team, sign, score in ((m["home"], 1, m["home_score"]), (m["away"], -1, m["away_score"])):
            x = st[team]
            x["played"] += 1
            lv = sign * m["levels"]
            x["won" if lv > 0 else "lost" if lv < 0 else "drawn"] += 1
            x["score"] += score
            x["level_diff"] += lv
            x["point_diff"] += sign * m["points"]
            for _, _, _, swing in m["swings"]:
                d = sign * swing
                if d > 0:
                    x["pos"] += d
                    x["boards_won"] += 1
                elif d < 0:
                    x["neg"] += -d
    for x in st.values():
        x["quotient"] = Quotient(x["pos"], x["neg"])

    def criterion(name, group):
        if name == "head_to_head":
            members = set(group)
            h2h = {no: Decimal(0) for no in group}
            for m in matches:
                if m["status"] == "complete" and m["home"] in members and m["away"] in members:
                    h2h[m["home"]] += m["home_score"]
                    h2h[m["away"]] += m["away_score"]
            return lambda no: h2h[no]
        if name == "level_quotient":
            return lambda no: st[no]["quotient"].key()
        return lambda no: st[no][name]

    def split(group, level):
        """Ordered list of groups (each a list of team numbers) - no restart."""
        if len(group) == 1 or level == len(t.tiebreaks):
            return [sorted(group)]
        key = criterion(t.tiebreaks[level], group)
        out = []
        for value in sorted({key(no) for no in group}, reverse=True):
            sub = [no for no in group if key(no) == value]
            out.extend(split(sub, level + 1))
        return out

    ordered = []
    for score in sorted({x["score"] for x in st.values()}, reverse=True):
        ordered.extend(split([no for no in st if st[no]["score"] == score], 0))
    rows = []
    ahead = 0
    for group in ordered:
        rank = str(ahead + 1) + ("=" if len(group) > 1 else "")
        for no in group:
            rows.append((rank, st[no]))
        ahead += len(group)
    return rows


# ---------------------------------------------------------------- writing

def write_csv(path, header, rows):
    # utf-8-sig: the byte-order mark every CSV file of fushi starts with (Excel).
    with open(path, "w", encoding="utf-8-sig", newline="") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(header)
        w.writerows(rows)


def main(argv):
    if len(argv) != 3:
        print("usage: compute.py ARCHIVE_DIR OUT_DIR", file=sys.stderr)
        return 2
    _check_vp_scale()
    try:
        t, teams, boards, schedule, results, header = load(argv[1])
    except ArchiveError as e:
        for p in e.problems:
            print(p, file=sys.stderr)
        return 1
    out = argv[2]
    os.makedirs(out, exist_ok=True)

    room_order = {"open": 0, "closed": 1}
    rows = []
    for key in sorted(results, key=lambda k: (k[0], k[1], room_order[k[2]], k[3])):
        res = results[key]
        row = dict(res["row"])
        row["defender_total"] = "" if res["p"] is None else str(res["p"])
        row["table_score"] = str(res["s"])
        row["result"] = res["wording"]
        rows.append([row[c] for c in header])
    write_csv(os.path.join(out, "results.csv"), header, rows)

    matches = compare(t, boards, schedule, results)
    rows = []
    for m in matches:
        if m["status"] == "bye":
            rows.append([m["round"], m["table"], m["home"], "", 0, 0, "", 0, "",
                         t.fmt_score(m["home_score"]), "", "bye"])
        else:
            # A match in progress has no score yet (rules §5): empty score cells; one with
            # no board compared has no levels or points either (§9).
            scored = m["status"] == "complete"
            figure = (lambda v: v) if m["boards"] else (lambda v: "")
            rows.append([m["round"], m["table"], m["home"], m["away"], m["boards"],
                         figure(m["levels"]), figure(-m["levels"]), figure(m["points"]),
                         figure(-m["points"]),
                         t.fmt_score(m["home_score"]) if scored else "",
                         t.fmt_score(m["away_score"]) if scored else "", m["status"]])
    write_csv(os.path.join(out, "matches.csv"),
              ["round", "table", "home", "away", "boards", "home_levels", "away_levels",
               "home_points", "away_points", "home_score", "away_score", "status"], rows)

    rows = [[m["round"], m["table"], b, o, c, sw] for m in matches for (b, o, c, sw) in m["swings"]]
    write_csv(os.path.join(out, "swings.csv"),
              ["round", "table", "board", "open_score", "closed_score", "home_swing"], rows)

    def standing_row(rank, x):
        return [rank, x["no"], escape_text(x["name"]), x["played"], x["won"], x["drawn"],
                x["lost"], str(round_half_away(x["score"], Decimal("0.01"))),
                x["level_diff"], x["quotient"].text(), x["point_diff"], x["boards_won"]]
    standing_header = ["rank", "team_no", "name", "played", "won", "drawn", "lost", "score",
                       "level_diff", "level_quotient", "point_diff", "boards_won"]
    if t.stages:
        # §12: one block per league stage, the bracket and the final ranking.
        from stages import championship
        for m in matches:
            m["entered"] = any(k[0] == m["round"] and k[1] == m["table"] for k in results)
        staged, bracket, ranking = championship(t, teams, matches, standings)
        write_csv(os.path.join(out, "standings.csv"), ["stage", "group"] + standing_header,
                  [[stage, group] + standing_row(rank, x) for stage, group, rank, x in staged])
        write_csv(os.path.join(out, "bracket.csv"),
                  ["stage", "ko_round", "tie", "home", "away", "home_seed", "away_seed",
                   "carry_over", "segments", "home_total", "away_total", "home_points",
                   "away_points", "winner", "status"], bracket)
        write_csv(os.path.join(out, "ranking.csv"), ["place", "team_no", "name", "stage", "reached"],
                  [[p, no, escape_text(name), st, r] for p, no, name, st, r in ranking])
    else:
        write_csv(os.path.join(out, "standings.csv"), standing_header,
                  [standing_row(rank, x) for rank, x in standings(t, teams, matches)])

    field = travellers(t, boards, schedule, results)
    rows = [[rnd, board, r["table"], r["room"], r["declarers"], r["defenders"],
             "" if r["p"] is None else r["p"], r["s"], "" if r["swing"] is None else r["swing"],
             "" if tr["datum"] is None else two_decimals(tr["datum"])]
            for (rnd, board), tr in sorted(field.items()) for r in tr["rows"]]
    write_csv(os.path.join(out, "travellers.csv"),
              ["round", "board", "table", "room", "declarers", "defenders", "defender_total",
               "table_score", "swing", "datum"], rows)
    if t.lineups:
        write_csv(os.path.join(out, "butler.csv"),
                  ["rank", "team_no", "players", "boards", "total", "per_board"],
                  butler(t, teams, field))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
