#!/usr/bin/env python3
"""Deal boards from a seed, by the procedure of docs/deals.md (docs/rules.md §13), standard library only.

Written from that text, not from fushi's code, so that fushi's deals can be
checked by a program it did not produce:

    python3 tests/reference/deal.py SEED DECKS ROUNDS BOARDS

prints `deals.csv` (round,board,north,east,south,west,bottom) for rounds 1..ROUNDS and
boards 1..BOARDS, the cards of each hand in the order dealt, then nothing else. The commitment
of SEED is printed to standard error as `commitment,<hex>`.

    python3 tests/reference/deal.py --check DIR

checks an exported tournament folder: for every revealed seed of `[[deal_seeds]]` in
DIR/tournament.toml, SHA-256 of the seed must equal its commitment and every board of its
`rounds` (DIR/boards.csv) must have in DIR/deals.csv exactly the cards the seed deals; the
older `deal_commitment` / `deal_seed` pair is checked for the hash only (its rounds were not
recorded). Prints one line per seed and exits 1 on the first mismatch.
"""

import csv
import os

import hashlib
import sys

SUITS = ["S", "H", "D", "C"]
RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
HAND = {1: 12, 2: 25, 3: 39}
BOTTOM = {1: 6, 2: 8, 3: 6}


def pack(decks):
    """Step 1: for each deck, S H D C each from 2 up to A, then LJ and BJ."""
    one = [suit + rank for suit in SUITS for rank in RANKS] + ["LJ", "BJ"]
    return one * decks


def words(seed, rnd, board):
    """Step 2: the byte stream SHA-256(key || counter), read as big-endian 4-byte words."""
    key = hashlib.sha256(f"{seed}/{rnd}/{board}".encode("utf-8")).digest()
    counter = 0
    while True:
        block = hashlib.sha256(key + counter.to_bytes(4, "big")).digest()
        counter += 1
        for at in range(0, len(block), 4):
            yield int.from_bytes(block[at : at + 4], "big")


def deal(seed, decks, rnd, board):
    cards = pack(decks)
    stream = words(seed, rnd, board)
    # Step 3: Fisher-Yates from the end with rejection sampling.
    for i in range(len(cards) - 1, 0, -1):
        n = i + 1
        while True:
            u = next(stream)
            if u < (2**32 // n) * n:
                break
        j = u % n
        cards[i], cards[j] = cards[j], cards[i]
    # Step 4: North, East, South, West h cards each, the rest is the bottom.
    h = HAND[decks]
    hands = [cards[k * h : (k + 1) * h] for k in range(4)]
    bottom = cards[4 * h :]
    assert len(bottom) == BOTTOM[decks], (decks, len(bottom))
    for card in pack(1):
        assert sum(part.count(card) for part in hands + [bottom]) == decks
    return hands, bottom


def check(folder):
    import tomllib

    with open(os.path.join(folder, "tournament.toml"), "rb") as f:
        conf = tomllib.load(f)
    decks = conf.get("decks", 2)

    def rows(name):
        path = os.path.join(folder, name)
        if not os.path.exists(path):
            return []
        with open(path, encoding="utf-8-sig", newline="") as f:
            return list(csv.DictReader(f))

    boards = {}
    for row in rows("boards.csv"):
        boards.setdefault(int(row["round"]), []).append(int(row["board"]))
    dealt = {(int(r["round"]), int(r["board"])): r for r in rows("deals.csv")}
    seeds = conf.get("deal_seeds", [])
    if "deal_commitment" in conf:
        seeds = [{"commitment": conf["deal_commitment"], "seed": conf.get("deal_seed")}]
    for n, entry in enumerate(seeds, 1):
        seed = entry.get("seed")
        if seed is None:
            print(f"seed {n}: not revealed")
            continue
        if hashlib.sha256(seed.encode("utf-8")).hexdigest() != entry["commitment"]:
            sys.exit(f"seed {n}: SHA-256 of the seed is not the commitment")
        for rnd in entry.get("rounds", []):
            for board in boards.get(rnd, []):
                hands, bottom = deal(seed, decks, rnd, board)
                row = dealt.get((rnd, board))
                want = [" ".join(p) for p in hands + [bottom]]
                got = [row[k] for k in ("north", "east", "south", "west", "bottom")] if row else None
                if got != want:
                    sys.exit(f"seed {n}: round {rnd} board {board} is not what the seed deals")
        print(f"seed {n}: ok, rounds {entry.get('rounds', 'not recorded')}")


def main(argv):
    if len(argv) == 3 and argv[1] == "--check":
        check(argv[2])
        return
    if len(argv) != 5:
        sys.exit(__doc__)
    seed, decks, rounds, boards = argv[1], int(argv[2]), int(argv[3]), int(argv[4])
    if decks not in HAND:
        sys.exit("DECKS is 1, 2 or 3")
    out = sys.stdout
    out.write("round,board,north,east,south,west,bottom\n")
    for rnd in range(1, rounds + 1):
        for board in range(1, boards + 1):
            hands, bottom = deal(seed, decks, rnd, board)
            cells = [str(rnd), str(board)] + [" ".join(p) for p in hands + [bottom]]
            out.write(",".join(cells) + "\n")
    commitment = hashlib.sha256(seed.encode("utf-8")).hexdigest()
    sys.stderr.write(f"commitment,{commitment}\n")


if __name__ == "__main__":
    main(sys.argv)
