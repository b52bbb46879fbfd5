//! Deals: fushi deals the same cards as the independent reference (tests/reference/deal.py,
//! written from SPEC §13's text), card for card, for fixed seeds and 1, 2 and 3 decks.

use std::path::Path;
use std::process::Command;

use fushi::rules::Decks;
use fushi::rules::Seat;
use fushi::rules::deal::{Seed, deal_board, format_cards};

/// The seeds compared: plain ASCII, spaces, Chinese and a slash (the key joins with `/`).
const SEEDS: [&str; 4] = ["abc", "Spring Duplicate 2026", "春季赛 第一轮", "a/1"];

fn reference(seed: &str, decks: i32, rounds: u32, boards: u32) -> Option<String> {
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/reference/deal.py");
    let out = match Command::new("python3")
        .arg(script)
        .args([
            seed.to_owned(),
            decks.to_string(),
            rounds.to_string(),
            boards.to_string(),
        ])
        .output()
    {
        Ok(out) => out,
        Err(e) => {
            eprintln!("python3 is not available ({e}): the reference deals are not compared");
            return None;
        }
    };
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let commitment = String::from_utf8(out.stderr).unwrap();
    assert_eq!(
        commitment.trim(),
        format!("commitment,{}", Seed::parse(seed).unwrap().commitment())
    );
    Some(String::from_utf8(out.stdout).unwrap())
}

fn fushi(seed: &str, decks: Decks, rounds: u32, boards: u32) -> String {
    let seed = Seed::parse(seed).unwrap();
    let mut out = String::from("round,board,north,east,south,west,bottom\n");
    for r in 1..=rounds {
        for b in 1..=boards {
            let deal = deal_board(&seed, decks, r, b);
            let mut cells = vec![r.to_string(), b.to_string()];
            cells.extend(Seat::ALL.map(|s| format_cards(deal.hand(s))));
            cells.push(format_cards(deal.bottom()));
            out.push_str(&cells.join(","));
            out.push('\n');
        }
    }
    out
}

#[test]
fn fushi_deals_the_cards_the_reference_deals() {
    for decks in [Decks::One, Decks::Two, Decks::Three] {
        for seed in SEEDS {
            let Some(want) = reference(seed, decks.count(), 3, 4) else {
                return;
            };
            let got = fushi(seed, decks, 3, 4);
            assert_eq!(want.lines().count(), 13);
            for (g, w) in got.lines().zip(want.lines()) {
                assert_eq!(g, w, "seed {seed:?}, {} decks", decks.count());
            }
            assert_eq!(got, want);
        }
    }
}
