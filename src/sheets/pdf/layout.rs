//! The layout engine: a sheet's blocks placed on A4 pages as drawing operations (a grid
//! that runs over the page goes on with its header repeated; a `one_page` sheet is scaled
//! down to fit one page).

use super::blocks::{Align, Block, BracketBox, BracketDrawing, Compass, Grid, SheetPage};
use super::fit::{fit, fit_cell};
use super::font::text_width;

/// A4 portrait in points.
pub(crate) const PAGE_WIDTH: f32 = 595.28;
pub(crate) const PAGE_HEIGHT: f32 = 841.89;
const MARGIN: f32 = 36.0;
const CONTENT_WIDTH: f32 = PAGE_WIDTH - 2.0 * MARGIN;
const PAD: f32 = 2.5;

/// The least height a bracket takes, in points; it takes the rest of its page.
const BRACKET_MIN: f32 = 320.0;

/// A compass line's height as a multiple of the font size.
const COMPASS_LINE: f32 = 1.3;

/// The side of a QR code on the page, in points (about 32 mm).
const QR_SIDE: f32 = 90.0;

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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sheets::pdf::blocks::{Align, Grid, col};

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
