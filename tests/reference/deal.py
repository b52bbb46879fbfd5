#!/usr/bin/env python3
"""Deal boards from a seed, by the procedure of SPEC §13 (docs/deals.md), standard library only.

Written from the specification's text, not from fushi's code, so that fushi's deals can be
checked by a program it did not produce:

    python3 tests/reference/deal.py SEED DECKS ROUNDS BOARDS

prints `deals.csv` (round,board,north,east,south,west,bottom) for rounds 1..ROUNDS and
boards 1..BOARDS, the cards of each hand in the order dealt, then nothing else. The commitment
of SEED is printed to standard error as `commitment,<hex>`.
"""

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


def main(argv):
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
