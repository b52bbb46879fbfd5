//! What a sheet is made of: blocks top to bottom (titles, text, grids, signatures, QR
//! codes, a deal's compass, a bracket), each sheet with its base font size.

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Align {
    Left,
    Center,
    Right,
}

/// A grid column: its title, its width relative to the others, and how its cells align.
#[derive(Clone, Debug, PartialEq)]
pub struct Col {
    pub title: String,
    pub width: f32,
    pub(crate) align: Align,
}

/// A table: optional column groups over a header row, then rows of cells.
#[derive(Clone, Debug, PartialEq)]
pub struct Grid {
    /// (title, number of columns); empty for no group row.
    pub groups: Vec<(String, usize)>,
    pub columns: Vec<Col>,
    pub rows: Vec<Vec<String>>,
    /// Row height as a multiple of the font size: 1.6 to read, more to write in by hand.
    pub(crate) row_height: f32,
    /// How many of the last rows are totals (ruled off with a heavier line).
    pub(crate) total_rows: usize,
}

/// A piece of a sheet, top to bottom.
#[derive(Clone, Debug, PartialEq)]
pub enum Block {
    Title(String),
    Text(String),
    /// (label, value) pairs on one line.
    Pairs(Vec<(String, String)>),
    Grid(Grid),
    /// One signature line per label, side by side.
    Signatures(Vec<String>),
    /// Vertical space in multiples of the font size.
    Gap(f32),
    /// A QR code (`width` × `width` modules, dark ones `true`, row by row) with a caption
    /// beside it: a room's table link.
    Qr {
        modules: Vec<bool>,
        width: usize,
        caption: String,
    },
    /// A board's deal in the compass layout (docs/deals.md): North on top, West and East
    /// on the left and right of the board's facts and bottom, South below.
    Compass(Box<Compass>),
    /// A knockout bracket drawn over the rest of the page: a column per knockout round,
    /// each tie a box, lines from each tie to the one its winner goes on to.
    Bracket(Box<BracketDrawing>),
}

/// One tie's box in a [`Block::Bracket`].
#[derive(Clone, Debug, PartialEq)]
pub struct BracketBox {
    /// "QF3".
    pub label: String,
    /// (side, total) of the home and the away team.
    pub sides: [(String, String); 2],
    /// Which side won (0 home, 1 away), once the tie is decided.
    pub won: Option<usize>,
}

/// The text of a [`Block::Bracket`].
#[derive(Clone, Debug, PartialEq)]
pub struct BracketDrawing {
    /// (round name, its ties in bracket order), first knockout round first.
    pub rounds: Vec<(String, Vec<BracketBox>)>,
    /// The play-off for third, drawn beneath the final, with its heading.
    pub(crate) play_off: Option<(String, BracketBox)>,
}

/// The text of a [`Block::Compass`].
#[derive(Clone, Debug, PartialEq)]
pub struct Compass {
    pub title: String,
    /// Dealer, level, trump.
    pub facts: Vec<String>,
    /// (label, lines) of North, East, South and West.
    pub hands: [(String, Vec<String>); 4],
    /// (label, lines) of the bottom.
    pub bottom: (String, Vec<String>),
}

impl Compass {
    /// Lines of the middle band: the longer of West and East, or the facts and bottom.
    pub(super) fn middle_lines(&self) -> usize {
        let centre = self.facts.len() + 1 + self.bottom.1.len();
        (self.hands[1].1.len() + 1)
            .max(self.hands[3].1.len() + 1)
            .max(centre)
    }

    /// Height in lines: title, North (label and lines), the middle band, South, a gap.
    pub(super) fn lines(&self) -> f32 {
        let hand = |i: usize| self.hands[i].1.len() as f32 + 1.0;
        1.4 + hand(0) + self.middle_lines() as f32 + hand(2) + 0.8
    }
}

/// One sheet: its blocks and base font size. A `one_page` sheet is scaled to fit one page.
#[derive(Clone, Debug, PartialEq)]
pub struct SheetPage {
    pub blocks: Vec<Block>,
    pub(crate) font_size: f32,
    pub(crate) one_page: bool,
}

pub(super) fn col(title: &str, width: f32, align: Align) -> Col {
    Col {
        title: title.to_owned(),
        width,
        align,
    }
}

/// A table's columns: its titles, each with its width and alignment.
pub(super) fn cols(titles: &[String], widths: &[(f32, Align)]) -> Vec<Col> {
    titles
        .iter()
        .zip(widths)
        .map(|(t, &(w, a))| col(t, w, a))
        .collect()
}
