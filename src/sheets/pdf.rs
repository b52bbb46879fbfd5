//! The sheets as A4 portrait PDF.
//!
//! Each sheet becomes a [`SheetPage`]: a list of [`Block`]s (title, text lines, grids,
//! signature lines). [`layout`] places them on A4 pages (a grid that runs over the page
//! goes on with its header repeated; a sheet marked `one_page` is scaled down to fit one
//! page instead), and [`render`] draws the placed pages with krilla. Text is set in the
//! bundled WenQuanYi Micro Hei (Chinese and Latin in one font), which krilla subsets into each file with
//! a ToUnicode map, so the text can be searched and copied.

use std::fmt;
use std::sync::LazyLock;

use krilla::Document;
use krilla::color::luma;
use krilla::geom::{PathBuilder, Point, Rect};
use krilla::metadata::Metadata;
use krilla::page::PageSettings;
use krilla::paint::{Fill, Stroke};
use krilla::text::{Font, TextDirection};

use super::content::{MatchSheet, ScoreSheet, SheetSide, StandingsSheet, TeamCard};

/// WenQuanYi Micro Hei (Apache-2.0, see `fonts/LICENSE-wqy-microhei.txt`): Droid Sans
/// Fallback's CJK with Droid Sans's Latin in one font. Face 0 of the collection.
pub static FONT: &[u8] = include_bytes!("../../fonts/wqy-microhei.ttc");

static FACE: LazyLock<ttf_parser::Face<'static>> =
    LazyLock::new(|| ttf_parser::Face::parse(FONT, 0).expect("the bundled font parses"));

/// A4 portrait in points.
pub const PAGE_WIDTH: f32 = 595.28;
pub const PAGE_HEIGHT: f32 = 841.89;
const MARGIN: f32 = 36.0;
const CONTENT_WIDTH: f32 = PAGE_WIDTH - 2.0 * MARGIN;
/// Text in a cell shrinks to this share of the font size before it is cut short.
const MIN_SHRINK: f32 = 0.6;
const PAD: f32 = 2.5;

/// The width of `text` set in the bundled font at `size`.
pub fn text_width(text: &str, size: f32) -> f32 {
    let face = &*FACE;
    let upem = f32::from(face.units_per_em());
    let units: f32 = text
        .chars()
        .map(|c| {
            face.glyph_index(c)
                .and_then(|g| face.glyph_hor_advance(g))
                .map_or(upem / 2.0, f32::from)
        })
        .sum();
    units * size / upem
}

/// Whether the bundled font has a glyph for every character of `text`.
pub fn font_covers(text: &str) -> bool {
    missing_glyphs(text).is_empty()
}

/// The characters of `text` that the bundled font has no glyph for.
pub fn missing_glyphs(text: &str) -> String {
    text.chars()
        .filter(|c| !c.is_whitespace() && FACE.glyph_index(*c).is_none())
        .collect()
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Align {
    Left,
    Center,
    Right,
}

/// A grid column: its title, its width relative to the others, and how its cells align.
#[derive(Clone, Debug, PartialEq)]
pub struct Col {
    pub title: String,
    pub width: f32,
    pub align: Align,
}

/// A table: optional column groups over a header row, then rows of cells.
#[derive(Clone, Debug, PartialEq)]
pub struct Grid {
    /// (title, number of columns); empty for no group row.
    pub groups: Vec<(String, usize)>,
    pub columns: Vec<Col>,
    pub rows: Vec<Vec<String>>,
    /// Row height as a multiple of the font size: 1.6 to read, more to write in by hand.
    pub row_height: f32,
    /// How many of the last rows are totals (ruled off with a heavier line).
    pub total_rows: usize,
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
    pub play_off: Option<(String, BracketBox)>,
}

/// The least height a bracket takes, in points; it takes the rest of its page.
const BRACKET_MIN: f32 = 320.0;

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
    fn middle_lines(&self) -> usize {
        let centre = self.facts.len() + 1 + self.bottom.1.len();
        (self.hands[1].1.len() + 1)
            .max(self.hands[3].1.len() + 1)
            .max(centre)
    }

    /// Height in lines: title, North (label and lines), the middle band, South, a gap.
    fn lines(&self) -> f32 {
        let hand = |i: usize| self.hands[i].1.len() as f32 + 1.0;
        1.4 + hand(0) + self.middle_lines() as f32 + hand(2) + 0.8
    }
}

/// A compass line's height as a multiple of the font size.
const COMPASS_LINE: f32 = 1.3;

/// The side of a QR code on the page, in points (about 32 mm).
const QR_SIDE: f32 = 90.0;

/// One sheet: its blocks and base font size. A `one_page` sheet is scaled to fit one page.
#[derive(Clone, Debug, PartialEq)]
pub struct SheetPage {
    pub blocks: Vec<Block>,
    pub font_size: f32,
    pub one_page: bool,
}

/// Something drawn at a place on a page (points, y down from the top).
#[derive(Clone, Debug, PartialEq)]
pub enum Op {
    /// `y` is the baseline.
    Text {
        x: f32,
        y: f32,
        size: f32,
        text: String,
    },
    Line {
        x1: f32,
        y1: f32,
        x2: f32,
        y2: f32,
        width: f32,
    },
    Shade {
        x: f32,
        y: f32,
        w: f32,
        h: f32,
    },
    /// A black box (a run of QR modules).
    Dark {
        x: f32,
        y: f32,
        w: f32,
        h: f32,
    },
}

/// A PDF could not be written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PdfError(pub String);

impl fmt::Display for PdfError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "PDF: {}", self.0)
    }
}

impl std::error::Error for PdfError {}

fn block_height(block: &Block, size: f32) -> f32 {
    match block {
        Block::Compass(c) => c.lines() * COMPASS_LINE * size,
        Block::Title(_) => size * 2.4,
        Block::Text(_) | Block::Pairs(_) => size * 1.6,
        Block::Grid(g) => {
            let head = if g.groups.is_empty() { 1 } else { 2 };
            (head + g.rows.len()) as f32 * g.row_height * size + size * 0.6
        }
        Block::Signatures(_) => size * 4.0,
        Block::Gap(g) => size * g,
        Block::Qr { .. } => QR_SIDE + size,
        Block::Bracket(_) => BRACKET_MIN,
    }
}

/// Unicode bidi isolation marks, which a Fluent translator puts around its arguments; they
/// have no glyph and are dropped.
fn printable(text: &str) -> String {
    text.chars()
        .filter(|c| !matches!(c, '\u{2066}'..='\u{2069}'))
        .collect()
}

/// Text that fits `width`: shrunk down to [`MIN_SHRINK`] of `size`, then cut with "…".
fn fit(text: &str, size: f32, width: f32) -> (String, f32) {
    let text = &printable(text);
    let w = text_width(text, size);
    if w <= width {
        return (text.to_owned(), size);
    }
    let shrunk = (size * width / w).max(size * MIN_SHRINK);
    if text_width(text, shrunk) <= width {
        return (text.to_owned(), shrunk);
    }
    // The longest start that fits with "…" after it, measured once per character (linear
    // in the text's length, however long a name is).
    let room = width - text_width("…", shrunk);
    let mut used = 0.0;
    let mut end = 0;
    for (i, c) in text.char_indices() {
        let mut buf = [0u8; 4];
        used += text_width(c.encode_utf8(&mut buf), shrunk);
        if used > room {
            break;
        }
        end = i + c.len_utf8();
    }
    if end == 0 && room < 0.0 {
        return (String::new(), shrunk);
    }
    (format!("{}…", &text[..end]), shrunk)
}

/// Text for a table cell `width` wide and `height` high, never cut: on one line, shrunk
/// down to [`MIN_SHRINK`] of `size`; else on two lines (broken at the space, or between
/// characters, nearest the middle); else on one line shrunk as far as it takes.
fn fit_cell(text: &str, size: f32, width: f32, height: f32) -> (Vec<String>, f32) {
    let text = printable(text);
    let w = text_width(&text, size);
    if w <= width {
        return (vec![text], size);
    }
    let shrunk = size * width / w;
    if shrunk >= size * MIN_SHRINK {
        return (vec![text], shrunk);
    }
    let chars: Vec<char> = text.chars().collect();
    let spaces: Vec<usize> = (1..chars.len()).filter(|&i| chars[i] == ' ').collect();
    let breaks: Vec<usize> = if spaces.is_empty() {
        (1..chars.len()).collect()
    } else {
        spaces
    };
    let best = breaks
        .iter()
        .map(|&i| {
            let first: String = chars[..i].iter().collect::<String>().trim_end().to_owned();
            let second: String = chars[i..]
                .iter()
                .collect::<String>()
                .trim_start()
                .to_owned();
            let widest = text_width(&first, size).max(text_width(&second, size));
            (widest, first, second)
        })
        .min_by(|a, b| a.0.total_cmp(&b.0));
    if let Some((widest, first, second)) = best {
        let two = (size * width / widest * 0.98).min(size).min(height / 2.3);
        if two >= size * MIN_SHRINK * 0.8 {
            return (vec![first, second], two);
        }
    }
    (vec![text], shrunk)
}

struct Placer {
    pages: Vec<Vec<Op>>,
    y: f32,
    size: f32,
}

impl Placer {
    fn ops(&mut self) -> &mut Vec<Op> {
        self.pages.last_mut().expect("a page")
    }

    fn room(&self) -> f32 {
        PAGE_HEIGHT - MARGIN - self.y
    }

    fn new_page(&mut self) {
        self.pages.push(Vec::new());
        self.y = MARGIN;
    }

    fn text(&mut self, x: f32, baseline: f32, size: f32, text: &str) {
        if !text.is_empty() {
            self.ops().push(Op::Text {
                x,
                y: baseline,
                size,
                text: text.to_owned(),
            });
        }
    }

    /// Text in a box `[x, x + w]` on the row `[top, top + h]`.
    fn cell(&mut self, x: f32, w: f32, top: f32, h: f32, text: &str, align: Align) {
        let size = self.size;
        if text.is_empty() {
            return;
        }
        let (lines, s) = fit_cell(text, size, (w - 2.0 * PAD).max(1.0), h);
        let step = s * 1.1;
        let first = top + h / 2.0 + s * 0.36 - step * (lines.len() as f32 - 1.0) / 2.0;
        for (i, t) in lines.iter().enumerate() {
            let tw = text_width(t, s);
            let tx = match align {
                Align::Left => x + PAD,
                Align::Center => x + (w - tw) / 2.0,
                Align::Right => x + w - PAD - tw,
            };
            self.text(tx, first + step * i as f32, s, t);
        }
    }

    fn line(&mut self, x1: f32, y1: f32, x2: f32, y2: f32, width: f32) {
        self.ops().push(Op::Line {
            x1,
            y1,
            x2,
            y2,
            width,
        });
    }

    fn grid_head(&mut self, g: &Grid, xs: &[f32]) {
        let h = g.row_height * self.size;
        let heads = if g.groups.is_empty() { 1 } else { 2 };
        let y = self.y;
        self.ops().push(Op::Shade {
            x: MARGIN,
            y,
            w: CONTENT_WIDTH,
            h: h * heads as f32,
        });
        if !g.groups.is_empty() {
            let mut col = 0;
            for (title, span) in &g.groups {
                let end = (col + span).min(g.columns.len());
                let (x0, x1) = (xs[col], xs[end]);
                self.cell(x0, x1 - x0, self.y, h, title, Align::Center);
                if !title.is_empty() {
                    self.line(x0, self.y + h, x1, self.y + h, 0.4);
                }
                self.line(x0, self.y, x0, self.y + h, 0.6);
                col = end;
            }
            self.line(
                MARGIN + CONTENT_WIDTH,
                self.y,
                MARGIN + CONTENT_WIDTH,
                self.y + h,
                0.6,
            );
            self.line(MARGIN, self.y, MARGIN + CONTENT_WIDTH, self.y, 0.8);
            self.y += h;
        }
        self.row(g, xs, None, 0.8);
    }

    /// One row: the header (`cells` None) or a line of cells.
    fn row(&mut self, g: &Grid, xs: &[f32], cells: Option<&[String]>, top_rule: f32) {
        let h = g.row_height * self.size;
        let top = self.y;
        self.line(MARGIN, top, MARGIN + CONTENT_WIDTH, top, top_rule);
        for (i, c) in g.columns.iter().enumerate() {
            let text = match cells {
                None => c.title.as_str(),
                Some(cells) => cells.get(i).map_or("", String::as_str),
            };
            let align = if cells.is_none() {
                Align::Center
            } else {
                c.align
            };
            self.cell(xs[i], xs[i + 1] - xs[i], top, h, text, align);
        }
        for x in xs {
            self.line(*x, top, *x, top + h, 0.6);
        }
        self.line(MARGIN, top + h, MARGIN + CONTENT_WIDTH, top + h, 0.6);
        self.y += h;
    }

    fn grid(&mut self, g: &Grid) {
        let total: f32 = g.columns.iter().map(|c| c.width).sum::<f32>().max(0.001);
        let mut xs = vec![MARGIN];
        let mut x = MARGIN;
        for c in &g.columns {
            x += c.width / total * CONTENT_WIDTH;
            xs.push(x);
        }
        let h = g.row_height * self.size;
        let heads = if g.groups.is_empty() { 1.0 } else { 2.0 };
        if self.room() < h * (heads + 1.0) {
            self.new_page();
        }
        self.grid_head(g, &xs);
        let first_total = g.rows.len().saturating_sub(g.total_rows);
        for (i, cells) in g.rows.iter().enumerate() {
            if self.room() < h {
                self.new_page();
                self.grid_head(g, &xs);
            }
            let rule = if i == first_total && g.total_rows > 0 {
                1.5
            } else {
                0.6
            };
            self.row(g, &xs, Some(cells), rule);
        }
        self.y += self.size * 0.6;
    }

    /// A board's deal: three columns, the hands of North and South in the middle one.
    fn compass(&mut self, c: &Compass) {
        let size = self.size;
        let line = size * COMPASS_LINE;
        let col = CONTENT_WIDTH / 3.0;
        let top = self.y;
        let (title, s) = fit(&c.title, size * 1.2, CONTENT_WIDTH);
        self.text(MARGIN, top + size * 1.2, s, &title);
        let mut y = top + 1.4 * line;
        // One hand: its label, then its lines, from `y` in column `x`.
        let column = |p: &mut Placer, x: f32, y: f32, label: &str, lines: &[String]| {
            let (t, s) = fit(label, size, col - 6.0);
            p.text(x, y + size, s * 0.95, &t);
            for (i, l) in lines.iter().enumerate() {
                let (t, s) = fit(l, size, col - 6.0);
                p.text(x, y + line * (i as f32 + 1.0) + size, s, &t);
            }
        };
        column(self, MARGIN + col, y, &c.hands[0].0, &c.hands[0].1);
        y += (c.hands[0].1.len() as f32 + 1.0) * line;
        column(self, MARGIN, y, &c.hands[3].0, &c.hands[3].1);
        column(self, MARGIN + 2.0 * col, y, &c.hands[1].0, &c.hands[1].1);
        let mut centre = c.facts.clone();
        centre.push(c.bottom.0.clone());
        centre.extend(c.bottom.1.iter().cloned());
        for (i, l) in centre.iter().enumerate() {
            let (t, s) = fit(l, size * 0.9, col - 6.0);
            self.text(MARGIN + col, y + line * i as f32 + size, s, &t);
        }
        y += c.middle_lines() as f32 * line;
        column(self, MARGIN + col, y, &c.hands[2].0, &c.hands[2].1);
        y += (c.hands[2].1.len() as f32 + 1.0) * line;
        self.y = y + 0.3 * line;
        self.line(MARGIN, self.y, MARGIN + CONTENT_WIDTH, self.y, 0.4);
        self.y += 0.5 * line;
    }

    /// A bracket over the rest of the page: its type sized to the first round's ties.
    fn bracket(&mut self, d: &BracketDrawing) {
        let columns = d.rounds.len().max(1);
        let gap = 14.0;
        let col = CONTENT_WIDTH / columns as f32;
        let box_w = col - gap;
        let top = self.y + self.size * 1.6;
        let height = (PAGE_HEIGHT - MARGIN - top).max(BRACKET_MIN - self.size * 1.6);
        let first = d.rounds.first().map_or(1, |r| r.1.len()).max(2);
        let slot = height / first as f32;
        let size = (slot / 4.6).min(self.size);
        let box_h = size * 3.0;
        let centre = |i: usize, count: usize| top + height / count.max(1) as f32 * (i as f32 + 0.5);
        // The box of one tie centred on `y`: the label above it, a line per side, the
        // winner's shaded.
        let draw = |p: &mut Placer, x: f32, y: f32, b: &BracketBox| {
            let y0 = y - box_h / 2.0;
            let (label, s) = fit(&b.label, size * 0.8, box_w);
            p.text(x, y0 - size * 0.3, s, &label);
            for (k, (side, total)) in b.sides.iter().enumerate() {
                let row = y0 + k as f32 * box_h / 2.0;
                if b.won == Some(k) {
                    p.ops().push(Op::Shade {
                        x,
                        y: row,
                        w: box_w,
                        h: box_h / 2.0,
                    });
                }
                let tw = text_width(total, size);
                let (name, s) = fit(side, size, box_w - tw - 3.0 * PAD);
                let base = row + box_h / 4.0 + size * 0.36;
                p.text(x + PAD, base, s, &name);
                p.text(x + box_w - PAD - tw, base, size, total);
            }
            let (x1, y1) = (x + box_w, y0 + box_h);
            p.line(x, y0, x1, y0, 0.6);
            p.line(x, y1, x1, y1, 0.6);
            p.line(x, y0, x, y1, 0.6);
            p.line(x1, y0, x1, y1, 0.6);
            p.line(x, y, x1, y, 0.3);
        };
        for (j, (name, ties)) in d.rounds.iter().enumerate() {
            let x = MARGIN + j as f32 * col;
            let (t, s) = fit(name, self.size, box_w);
            self.text(x, self.y + self.size * 1.1, s, &t);
            for (i, b) in ties.iter().enumerate() {
                let y = centre(i, ties.len());
                draw(self, x, y, b);
                if j + 1 < d.rounds.len() {
                    let next = centre(i / 2, ties.len().div_ceil(2));
                    let mid = x + box_w + gap / 2.0;
                    self.line(x + box_w, y, mid, y, 0.6);
                    self.line(mid, y, mid, next, 0.6);
                    self.line(mid, next, x + col, next, 0.6);
                }
            }
        }
        if let Some((name, b)) = &d.play_off {
            let x = MARGIN + (columns - 1) as f32 * col;
            let y = centre(0, 1) + box_h * 2.5;
            // The play-off's box is labelled by its name already ("Play-off for third").
            if *name != b.label {
                let (t, s) = fit(name, size, box_w);
                self.text(x, y - box_h / 2.0 - size * 1.4, s, &t);
            }
            draw(self, x, y, b);
        }
        self.y = PAGE_HEIGHT - MARGIN;
    }

    fn block(&mut self, block: &Block) {
        let size = self.size;
        let need = match block {
            Block::Grid(_) => 0.0,
            other => block_height(other, size),
        };
        if self.room() < need {
            self.new_page();
        }
        match block {
            Block::Title(t) => {
                let (t, s) = fit(t, size * 1.6, CONTENT_WIDTH);
                let y = self.y + size * 1.8;
                self.text(MARGIN, y, s, &t);
                self.y += size * 2.4;
            }
            Block::Text(t) => {
                let (t, s) = fit(t, size, CONTENT_WIDTH);
                let y = self.y + size * 1.15;
                self.text(MARGIN, y, s, &t);
                self.y += size * 1.6;
            }
            Block::Pairs(pairs) => {
                let line = pairs
                    .iter()
                    .map(|(k, v)| format!("{k}: {v}"))
                    .collect::<Vec<_>>()
                    .join("    ");
                self.block(&Block::Text(line));
            }
            Block::Grid(g) => self.grid(g),
            Block::Signatures(labels) => {
                let n = labels.len().max(1) as f32;
                let w = CONTENT_WIDTH / n;
                let base = self.y + size * 3.0;
                for (i, label) in labels.iter().enumerate() {
                    let x = MARGIN + w * i as f32;
                    let (t, s) = fit(label, size, w - 12.0);
                    self.text(x, base, s, &t);
                    let lx = x + text_width(&t, s) + 4.0;
                    self.line(lx, base + 1.0, x + w - 12.0, base + 1.0, 0.6);
                }
                self.y += size * 4.0;
            }
            Block::Gap(g) => self.y += size * g,
            Block::Compass(c) => self.compass(c),
            Block::Bracket(d) => self.bracket(d),
            Block::Qr {
                modules,
                width,
                caption,
            } => {
                let top = self.y;
                let m = QR_SIDE / (*width).max(1) as f32;
                for (row, line) in modules.chunks((*width).max(1)).enumerate() {
                    // One box per run of dark modules.
                    let mut col = 0;
                    while col < line.len() {
                        if !line[col] {
                            col += 1;
                            continue;
                        }
                        let start = col;
                        while col < line.len() && line[col] {
                            col += 1;
                        }
                        self.ops().push(Op::Dark {
                            x: MARGIN + start as f32 * m,
                            y: top + row as f32 * m,
                            w: (col - start) as f32 * m,
                            h: m,
                        });
                    }
                }
                let x = MARGIN + QR_SIDE + size;
                self.text(x, top + QR_SIDE / 2.0, size, caption);
                self.y += QR_SIDE + size;
            }
        }
    }
}

/// Places a sheet on A4 pages.
pub fn layout(sheet: &SheetPage) -> Vec<Vec<Op>> {
    let mut size = sheet.font_size;
    if sheet.one_page {
        let need: f32 = sheet.blocks.iter().map(|b| block_height(b, size)).sum();
        let room = PAGE_HEIGHT - 2.0 * MARGIN;
        if need > room {
            size *= room / need;
        }
    }
    let mut p = Placer {
        pages: vec![Vec::new()],
        y: MARGIN,
        size,
    };
    for (i, block) in sheet.blocks.iter().enumerate() {
        // A line of text that heads a grid stays with the grid's header and first row.
        if let Block::Text(_) = block
            && let Some(Block::Grid(g)) = sheet.blocks.get(i + 1)
        {
            let heads = if g.groups.is_empty() { 2.0 } else { 3.0 };
            let need = block_height(block, size) + heads * g.row_height * size;
            if p.room() < need {
                p.new_page();
            }
        }
        p.block(block);
    }
    p.pages
}

/// The font size a sheet is set in after fitting (for a `one_page` sheet, possibly
/// smaller than asked).
pub fn fitted_size(sheet: &SheetPage) -> f32 {
    let need: f32 = sheet
        .blocks
        .iter()
        .map(|b| block_height(b, sheet.font_size))
        .sum();
    let room = PAGE_HEIGHT - 2.0 * MARGIN;
    if sheet.one_page && need > room {
        sheet.font_size * room / need
    } else {
        sheet.font_size
    }
}

/// Draws sheets into one PDF, each sheet on as many pages as it needs.
pub fn render(sheets: &[SheetPage], title: &str, language: &str) -> Result<Vec<u8>, PdfError> {
    let mut doc = Document::new();
    doc.set_metadata(
        Metadata::new()
            .title(title.to_owned())
            .language(language.to_owned())
            .creator("fushi".to_owned()),
    );
    let font = Font::new(FONT.into(), 0).ok_or_else(|| PdfError("font".into()))?;
    let size = PageSettings::from_wh(PAGE_WIDTH, PAGE_HEIGHT)
        .ok_or_else(|| PdfError("page size".into()))?;
    for sheet in sheets {
        for ops in layout(sheet) {
            let mut page = doc.start_page_with(size.clone());
            let mut surface = page.surface();
            for op in ops {
                match op {
                    Op::Text { x, y, size, text } => {
                        surface.set_stroke(None);
                        surface.set_fill(Some(Fill::default()));
                        surface.draw_text(
                            Point::from_xy(x, y),
                            font.clone(),
                            size,
                            &text,
                            false,
                            TextDirection::Auto,
                        );
                    }
                    Op::Line {
                        x1,
                        y1,
                        x2,
                        y2,
                        width,
                    } => {
                        let mut b = PathBuilder::new();
                        b.move_to(x1, y1);
                        b.line_to(x2, y2);
                        if let Some(path) = b.finish() {
                            surface.set_fill(None);
                            surface.set_stroke(Some(Stroke {
                                width,
                                ..Stroke::default()
                            }));
                            surface.draw_path(&path);
                        }
                    }
                    Op::Dark { x, y, w, h } => {
                        fill_rect(&mut surface, Rect::from_xywh(x, y, w, h), Fill::default());
                    }
                    Op::Shade { x, y, w, h } => {
                        let light = Fill {
                            paint: luma::Color::new(228).into(),
                            ..Fill::default()
                        };
                        fill_rect(&mut surface, Rect::from_xywh(x, y, w, h), light);
                    }
                }
            }
            surface.finish();
            page.finish();
        }
    }
    doc.finish().map_err(|e| PdfError(format!("{e:?}")))
}

/// A rectangle filled with `fill`, without an outline (nothing for an empty one).
fn fill_rect(surface: &mut krilla::surface::Surface<'_>, rect: Option<Rect>, fill: Fill) {
    let mut b = PathBuilder::new();
    if let Some(rect) = rect {
        b.push_rect(rect);
    }
    if let Some(path) = b.finish() {
        surface.set_stroke(None);
        surface.set_fill(Some(fill));
        surface.draw_path(&path);
    }
}

fn col(title: &str, width: f32, align: Align) -> Col {
    Col {
        title: title.to_owned(),
        width,
        align,
    }
}

/// A table's columns: its titles, each with its width and alignment.
fn cols(titles: &[String], widths: &[(f32, Align)]) -> Vec<Col> {
    titles
        .iter()
        .zip(widths)
        .map(|(t, &(w, a))| col(t, w, a))
        .collect()
}

fn sides_grid(titles: &[String], sides: &[&SheetSide]) -> Grid {
    let t = |i: usize| titles.get(i).map_or("", String::as_str);
    Grid {
        groups: Vec::new(),
        columns: vec![
            col(t(0), 1.0, Align::Center),
            col(t(1), 4.0, Align::Left),
            col(t(2), 7.0, Align::Left),
        ],
        rows: sides
            .iter()
            .map(|s| {
                let role = if s.role.is_empty() || s.role == s.label {
                    String::new()
                } else {
                    format!(" ({})", s.role)
                };
                vec![
                    s.label.clone(),
                    format!("{} {}{role}", s.team_no, s.team),
                    s.members.join(" · "),
                ]
            })
            .collect(),
        row_height: 1.8,
        total_rows: 0,
    }
}

/// A score sheet: one match in one room.
pub fn score_sheet_page(s: &ScoreSheet) -> SheetPage {
    use Align::*;
    let widths = [
        (0.8, Center),
        (1.2, Center),
        (0.8, Center),
        (0.9, Center),
        (1.1, Right),
        (0.9, Right),
        (1.5, Center),
        (1.5, Center),
        (1.0, Right),
        (1.0, Right),
        (1.2, Right),
        (2.9, Left),
        (1.2, Right),
    ];
    let columns = cols(&s.columns, &widths);
    SheetPage {
        blocks: vec![
            Block::Title(format!("{} · {}", s.title, s.event)),
            Block::Pairs(s.facts.iter().skip(1).cloned().collect()),
            Block::Gap(0.4),
            Block::Grid(sides_grid(&s.side_columns, &[&s.sides[0], &s.sides[1]])),
            Block::Grid(Grid {
                groups: Vec::new(),
                columns,
                rows: s
                    .lines
                    .iter()
                    .map(|l| l.cells().map(str::to_owned).to_vec())
                    .collect(),
                row_height: if s.filled { 2.0 } else { 2.6 },
                total_rows: 0,
            }),
            Block::Gap(1.0),
            Block::Signatures(s.signatures.clone()),
        ],
        font_size: 9.0,
        one_page: false,
    }
}

/// A match sheet: both rooms side by side.
pub fn match_sheet_page(s: &MatchSheet) -> SheetPage {
    use Align::*;
    let widths = [
        (1.0, Center),
        (1.0, Center),
        (1.2, Right),
        (1.0, Right),
        (1.2, Right),
        (1.2, Right),
        (1.0, Right),
        (1.2, Right),
        (1.2, Right),
        (1.2, Right),
    ];
    let columns = cols(&s.columns, &widths);
    let mut rows: Vec<Vec<String>> = s
        .lines
        .iter()
        .map(|l| l.cells().map(str::to_owned).to_vec())
        .collect();
    rows.push(s.total.cells().map(str::to_owned).to_vec());
    SheetPage {
        blocks: vec![
            Block::Title(format!("{} · {}", s.title, s.event)),
            Block::Pairs(s.facts.iter().skip(1).cloned().collect()),
            Block::Gap(0.4),
            Block::Grid(sides_grid(&s.side_columns, &[&s.home, &s.away])),
            Block::Grid(Grid {
                groups: s.groups.clone(),
                columns,
                rows,
                row_height: 1.9,
                total_rows: 1,
            }),
            Block::Grid(Grid {
                groups: Vec::new(),
                columns: vec![
                    col("", 2.0, Left),
                    col(
                        &format!("{} : {}", s.home.team_no, s.away.team_no),
                        3.0,
                        Center,
                    ),
                    col("", 5.0, Left),
                ],
                rows: s
                    .summary
                    .iter()
                    .map(|(k, v)| vec![k.clone(), v.clone(), String::new()])
                    .collect(),
                row_height: 1.8,
                total_rows: 0,
            }),
        ]
        .into_iter()
        .chain(s.notes.iter().map(|n| Block::Text(n.clone())))
        .collect(),
        font_size: 10.0,
        one_page: false,
    }
}

/// A team card: a summary of every match, then each match board by board.
pub fn team_card_page(c: &TeamCard) -> SheetPage {
    use Align::*;
    let mut blocks = vec![
        Block::Title(format!("{} · {} {}", c.title, c.team_no, c.team)),
        Block::Text(c.event.clone()),
        Block::Text(c.members.join(" · ")),
        Block::Gap(0.4),
    ];
    let t = |i: usize| c.summary_columns.get(i).map_or("", String::as_str);
    blocks.push(Block::Grid(Grid {
        groups: Vec::new(),
        columns: vec![
            col(t(0), 1.0, Center),
            col(t(1), 1.0, Center),
            col(t(2), 5.0, Left),
            col(t(3), 1.4, Right),
            col(t(4), 1.4, Right),
            col(t(5), 1.4, Right),
            col(t(6), 1.8, Center),
        ],
        rows: c.matches.iter().map(|m| m.summary_cells()).collect(),
        row_height: 1.7,
        total_rows: 0,
    }));
    let t = |i: usize| c.columns.get(i).map_or("", String::as_str);
    for m in c.matches.iter().filter(|m| !m.bye) {
        blocks.push(Block::Text(m.heading.clone()));
        blocks.push(Block::Grid(Grid {
            groups: Vec::new(),
            columns: vec![
                col(t(0), 1.0, Center),
                col(t(1), 1.0, Right),
                col(t(2), 1.0, Right),
                col(t(3), 1.0, Right),
                col(t(4), 1.0, Right),
            ],
            rows: m
                .lines
                .iter()
                .map(|l| l.cells().map(str::to_owned).to_vec())
                .collect(),
            row_height: 1.5,
            total_rows: 0,
        }));
    }
    SheetPage {
        blocks,
        font_size: 9.0,
        one_page: false,
    }
}

/// The round's results and the standings, in large type on one page.
pub fn standings_page(s: &StandingsSheet) -> SheetPage {
    use Align::*;
    let widths = [
        (1.0, Center),
        (0.7, Center),
        (3.9, Left),
        (3.4, Left),
        (1.5, Right),
        (1.4, Right),
        (1.0, Center),
        (1.5, Center),
        (1.5, Right),
        (1.5, Right),
        (1.4, Right),
    ];
    let columns = cols(&s.columns, &widths);
    SheetPage {
        blocks: vec![
            Block::Title(format!("{} · {}", s.title, s.subtitle)),
            Block::Text(s.event.clone()),
            Block::Gap(0.3),
            Block::Grid(Grid {
                groups: s.groups.clone(),
                columns,
                rows: s
                    .lines
                    .iter()
                    .map(|l| l.cells().map(str::to_owned).to_vec())
                    .collect(),
                row_height: 1.45,
                total_rows: 0,
            }),
        ],
        font_size: 14.0,
        one_page: true,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_font_has_latin_chinese_and_the_suits() {
        assert_eq!(
            missing_glyphs("Score sheet ABC xyz 0123456789 +-:()·…♠♥♦♣"),
            ""
        );
        assert_eq!(
            missing_glyphs("记分表 八十分老友 闲家上台升5级 庄家方 南北 东西 无主"),
            ""
        );
        assert!(text_width("八十分", 10.0) > text_width("abc", 10.0));
    }

    #[test]
    fn long_text_shrinks_then_is_cut() {
        let (t, s) = fit("short", 10.0, 100.0);
        assert_eq!((t.as_str(), s), ("short", 10.0));
        let (t, _) = fit("up \u{2068}3\u{2069}", 10.0, 100.0);
        assert_eq!(t, "up 3");
        let (t, s) = fit("a rather long cell text", 10.0, 80.0);
        assert!((6.0..10.0).contains(&s));
        assert!(text_width(&t, s) <= 80.0);
        let (t, _) = fit(&"闲".repeat(50), 10.0, 40.0);
        assert!(t.ends_with('…'));
        assert!(text_width(&t, 6.0) <= 40.0);
        // A name of 100,000 characters is cut in one pass.
        let (t, s) = fit(&"Long name ".repeat(10_000), 10.0, 80.0);
        assert!(t.ends_with('…') && t.chars().count() < 40, "{t}");
        assert!(text_width(&t, s) <= 80.0);
    }

    #[test]
    fn a_cell_is_never_cut_it_shrinks_or_wraps() {
        let (lines, s) = fit_cell("Kings & Tens 十与K", 12.0, 200.0, 20.0);
        assert_eq!((lines, s), (vec!["Kings & Tens 十与K".to_owned()], 12.0));
        let name = "Riverside Card Club Thursday Night Veterans";
        let (lines, s) = fit_cell(name, 12.0, 120.0, 30.0);
        assert_eq!(lines.len(), 2, "{lines:?}");
        assert_eq!(lines.join(" "), name);
        assert!(lines.iter().all(|l| text_width(l, s) <= 120.0));
        let (lines, s) = fit_cell("闲家得分", 10.0, 22.0, 24.0);
        assert_eq!(lines.concat(), "闲家得分");
        assert!(lines.iter().all(|l| text_width(l, s) <= 22.0));
        let (lines, _) = fit_cell(&"闲".repeat(50), 10.0, 40.0, 12.0);
        assert!(!lines.concat().contains('…'));
        assert_eq!(lines.concat(), "闲".repeat(50));
    }

    #[test]
    fn a_heading_stays_with_its_grid() {
        let grid = |rows: usize| {
            Block::Grid(Grid {
                groups: Vec::new(),
                columns: vec![col("Board", 1.0, Align::Left)],
                rows: (1..=rows).map(|n| vec![n.to_string()]).collect(),
                row_height: 2.0,
                total_rows: 0,
            })
        };
        // 35 rows of 20 pt leave about 50 pt: room for the heading, not for the grid too.
        let sheet = SheetPage {
            blocks: vec![grid(35), Block::Text("Round 2".into()), grid(3)],
            font_size: 10.0,
            one_page: false,
        };
        let pages = layout(&sheet);
        assert_eq!(pages.len(), 2);
        let on = |page: &Vec<Op>| {
            page.iter()
                .any(|op| matches!(op, Op::Text { text, .. } if text == "Round 2"))
        };
        assert!(!on(&pages[0]) && on(&pages[1]));
    }

    #[test]
    fn a_long_grid_goes_on_with_its_header() {
        let grid = Grid {
            groups: Vec::new(),
            columns: vec![col("Board", 1.0, Align::Left)],
            rows: (1..=100).map(|n| vec![n.to_string()]).collect(),
            row_height: 2.0,
            total_rows: 0,
        };
        let sheet = SheetPage {
            blocks: vec![Block::Title("T".into()), Block::Grid(grid)],
            font_size: 10.0,
            one_page: false,
        };
        let pages = layout(&sheet);
        assert!(pages.len() >= 3, "{}", pages.len());
        for page in &pages {
            assert!(
                page.iter()
                    .any(|op| matches!(op, Op::Text { text, .. } if text == "Board"))
            );
            for op in page {
                if let Op::Text { y, .. } = op {
                    assert!(*y < PAGE_HEIGHT - MARGIN + 1.0);
                }
            }
        }
        let one = SheetPage {
            one_page: true,
            ..sheet
        };
        assert_eq!(layout(&one).len(), 1);
        assert!(fitted_size(&one) < 10.0);
    }
}
