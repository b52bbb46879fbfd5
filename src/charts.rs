//! Charts drawn on the server as SVG, pure: data and already-translated words in, SVG text
//! out. Hand-written rather than drawn with a plotting crate: three small chart kinds, and
//! full control of what assistive technology reads (`role="img"`, `<title>`, `<desc>`) and
//! of telling series apart without colour (markers, dash patterns and labels at line ends).
//!
//! Every data point is a mark with `class="point"` and `data-series`/`data-x` attributes,
//! so pages and tests can find them.

use std::fmt::Write;

/// One line of a line chart: a label (a team's name) and its points (round, value).
#[derive(Clone, Debug)]
pub struct Series {
    pub label: String,
    /// What identifies the series in `data-series` (a team number).
    pub key: String,
    pub points: Vec<(i32, f64)>,
}

/// The words of a chart, in the page's language.
#[derive(Clone, Debug)]
pub struct Words {
    pub title: String,
    pub x_label: String,
    pub y_label: String,
    /// The text alternative: what the chart shows, in a sentence or two.
    pub description: String,
}

/// A line chart over rounds.
#[derive(Clone, Debug)]
pub struct LineChart {
    pub words: Words,
    pub series: Vec<Series>,
    /// A chart of ranks among this many teams: 1 at the top, the axis down to at least that
    /// rank. `None` for values (scores), with 0 on the axis.
    pub ranks: Option<u32>,
}

/// A bar chart of counts by category (table scores s).
#[derive(Clone, Debug)]
pub struct BarChart {
    pub words: Words,
    pub bars: Vec<(String, u32)>,
}

/// The most round labels on a line chart's axis before they become round steps.
const MAX_X_TICKS: usize = 30;

const WIDTH: f64 = 640.0;
const HEIGHT: f64 = 360.0;
const LEFT: f64 = 56.0;
const RIGHT: f64 = 170.0;
const TOP: f64 = 40.0;
const BOTTOM: f64 = 52.0;

/// Colours that stay apart for most colour-blind readers (Okabe–Ito).
const COLOURS: [&str; 8] = [
    "#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#000000", "#F0E442",
];
const DASHES: [&str; 4] = ["", "6 3", "2 3", "8 3 2 3"];

/// Text for HTML or SVG: the five characters that could end it escaped.
pub(crate) fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            _ => out.push(c),
        }
    }
    out
}

/// Round numbers to two decimals in the SVG.
fn n(v: f64) -> String {
    let s = format!("{v:.2}");
    s.trim_end_matches('0').trim_end_matches('.').to_owned()
}

/// Up to about six round steps (1, 2, 5 × 10ⁿ) covering `lo..=hi`.
fn ticks(lo: f64, hi: f64) -> Vec<f64> {
    let span = (hi - lo).max(1.0);
    let raw = span / 5.0;
    let magnitude = 10f64.powf(raw.log10().floor());
    let step = [1.0, 2.0, 5.0, 10.0]
        .into_iter()
        .map(|m| m * magnitude)
        .find(|s| *s >= raw)
        .unwrap_or(raw);
    let first = (lo / step).floor() * step;
    let mut out = Vec::new();
    let mut v = first;
    // At most a dozen, whatever the numbers (a non-finite one included).
    while v <= hi + step * 1e-9 && out.len() < 12 {
        out.push(v);
        v += step;
    }
    out
}

/// Ticks from at or below `lo` to at or above `hi`: the scale of a chart whose every
/// value must lie between two labelled marks.
fn ticks_covering(lo: f64, hi: f64) -> Vec<f64> {
    let mut marks = ticks(lo, hi);
    if let [.., before, last] = marks[..]
        && last < hi - 1e-9
    {
        marks.push(last + (last - before));
    }
    marks
}

/// The frame every chart shares: the opening tag with its accessible name and the title.
fn open(id: &str, words: &Words, out: &mut String) {
    let _ = write!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" class="chart" viewBox="0 0 {WIDTH} {HEIGHT}" role="img" aria-labelledby="{id}-title {id}-desc"><title id="{id}-title">{}</title><desc id="{id}-desc">{}</desc><text class="chart-title" x="{}" y="22" text-anchor="middle">{}</text>"#,
        escape(&words.title),
        escape(&words.description),
        n(WIDTH / 2.0),
        escape(&words.title),
    );
}

fn axis_labels(words: &Words, out: &mut String) {
    let plot_mid_x = LEFT + (WIDTH - LEFT - RIGHT) / 2.0;
    let plot_mid_y = TOP + (HEIGHT - TOP - BOTTOM) / 2.0;
    let _ = write!(
        out,
        r#"<text class="axis-label" x="{}" y="{}" text-anchor="middle">{}</text><text class="axis-label" transform="translate(14 {}) rotate(-90)" text-anchor="middle">{}</text>"#,
        n(plot_mid_x),
        n(HEIGHT - 10.0),
        escape(&words.x_label),
        n(plot_mid_y),
        escape(&words.y_label),
    );
}

/// A marker of shape `k` at (x, y).
/// A horizontal grid line across the plot at `y`, with `value` beside it on the left.
fn grid_line(out: &mut String, plot_w: f64, y: f64, value: f64) {
    let _ = write!(
        out,
        r#"<line x1="{LEFT}" x2="{}" y1="{}" y2="{}"/><text class="tick" x="{}" y="{}" text-anchor="end">{}</text>"#,
        n(LEFT + plot_w),
        n(y),
        n(y),
        n(LEFT - 6.0),
        n(y + 4.0),
        n(value)
    );
}

fn marker(k: usize, x: f64, y: f64, colour: &str, attrs: &str) -> String {
    match k % 4 {
        0 => format!(
            r#"<circle class="point" cx="{}" cy="{}" r="4" fill="{colour}" {attrs}/>"#,
            n(x),
            n(y)
        ),
        1 => format!(
            r#"<rect class="point" x="{}" y="{}" width="8" height="8" fill="{colour}" {attrs}/>"#,
            n(x - 4.0),
            n(y - 4.0)
        ),
        2 => format!(
            r#"<path class="point" d="M{} {}L{} {}L{} {}Z" fill="{colour}" {attrs}/>"#,
            n(x),
            n(y - 5.0),
            n(x + 5.0),
            n(y + 4.0),
            n(x - 5.0),
            n(y + 4.0)
        ),
        _ => format!(
            r#"<path class="point" d="M{} {}L{} {}L{} {}L{} {}Z" fill="{colour}" {attrs}/>"#,
            n(x),
            n(y - 5.0),
            n(x + 5.0),
            n(y),
            n(x),
            n(y + 5.0),
            n(x - 5.0),
            n(y)
        ),
    }
}

impl LineChart {
    /// The chart as an SVG element; `id` must be unique on the page.
    pub fn svg(&self, id: &str) -> String {
        let mut out = String::new();
        open(id, &self.words, &mut out);
        let points = self.series.iter().flat_map(|s| &s.points);
        let (mut x_lo, mut x_hi, mut y_lo, mut y_hi) = (i32::MAX, i32::MIN, f64::MAX, f64::MIN);
        for &(x, y) in points {
            x_lo = x_lo.min(x);
            x_hi = x_hi.max(x);
            y_lo = y_lo.min(y);
            y_hi = y_hi.max(y);
        }
        if x_lo > x_hi {
            axis_labels(&self.words, &mut out);
            out.push_str("</svg>");
            return out;
        }
        if let Some(field) = self.ranks {
            y_lo = 1.0;
            y_hi = y_hi.max(f64::from(field));
        } else {
            y_lo = y_lo.min(0.0);
        }
        if y_hi <= y_lo {
            y_hi = y_lo + 1.0;
        }
        if self.ranks.is_none() {
            // The scale runs from a tick to a tick, so every value lies within labels.
            let marks = ticks_covering(y_lo, y_hi);
            y_lo = marks.first().copied().unwrap_or(y_lo);
            y_hi = marks.last().copied().unwrap_or(y_hi);
        }
        let plot_w = WIDTH - LEFT - RIGHT;
        let plot_h = HEIGHT - TOP - BOTTOM;
        let x_of = |x: i32| {
            if x_hi == x_lo {
                LEFT + plot_w / 2.0
            } else {
                LEFT + plot_w * (f64::from(x) - f64::from(x_lo))
                    / (f64::from(x_hi) - f64::from(x_lo))
            }
        };
        let y_of = |y: f64| {
            let t = (y - y_lo) / (y_hi - y_lo);
            if self.ranks.is_some() {
                TOP + plot_h * t
            } else {
                TOP + plot_h * (1.0 - t)
            }
        };
        // Grid and ticks.
        out.push_str(r#"<g class="grid">"#);
        let y_ticks: Vec<f64> = if self.ranks.is_some() {
            ticks(y_lo, y_hi)
                .into_iter()
                .map(|t| t.max(1.0).round())
                .collect()
        } else {
            ticks(y_lo, y_hi)
        };
        for t in y_ticks.iter().filter(|t| **t >= y_lo && **t <= y_hi) {
            grid_line(&mut out, plot_w, y_of(*t), *t);
        }
        // One label per round that has a point, or a bounded set of round steps when there
        // are many: the axis grows with the data, never with a value.
        let mut x_ticks: Vec<i32> = self
            .series
            .iter()
            .flat_map(|s| s.points.iter().map(|p| p.0))
            .collect();
        x_ticks.sort_unstable();
        x_ticks.dedup();
        if x_ticks.len() > MAX_X_TICKS {
            x_ticks = ticks(f64::from(x_lo), f64::from(x_hi))
                .into_iter()
                .map(|t| t.round())
                .filter(|t| *t >= f64::from(x_lo) && *t <= f64::from(x_hi))
                .map(|t| t as i32)
                .collect();
        }
        for x in x_ticks {
            let _ = write!(
                out,
                r#"<text class="tick" x="{}" y="{}" text-anchor="middle">{x}</text>"#,
                n(x_of(x)),
                n(TOP + plot_h + 18.0)
            );
        }
        out.push_str("</g>");
        axis_labels(&self.words, &mut out);
        // Lines and markers; the legend beside the plot names them.
        for (k, s) in self.series.iter().enumerate() {
            let colour = COLOURS[k % COLOURS.len()];
            let dash = DASHES[(k / 4) % DASHES.len()];
            let path: Vec<String> = s
                .points
                .iter()
                .map(|&(x, y)| format!("{} {}", n(x_of(x)), n(y_of(y))))
                .collect();
            let _ = write!(
                out,
                r#"<g class="series" data-series="{}"><title>{}</title><polyline fill="none" stroke="{colour}" stroke-width="2" stroke-dasharray="{dash}" points="{}"/>"#,
                escape(&s.key),
                escape(&s.label),
                path.join(" ")
            );
            for &(x, y) in &s.points {
                let attrs = format!(
                    r#"data-series="{}" data-x="{x}" data-y="{}""#,
                    escape(&s.key),
                    n(y)
                );
                out.push_str(&marker(k, x_of(x), y_of(y), colour, &attrs));
            }
            out.push_str("</g>");
        }
        // The legend: the dash, marker and name of every line.
        for (k, s) in self.series.iter().enumerate() {
            let colour = COLOURS[k % COLOURS.len()];
            let dash = DASHES[(k / 4) % DASHES.len()];
            // 30 units apart: on a phone the names are set larger (static/css/charts.css).
            let y = TOP + 30.0 * k as f64;
            let x = WIDTH - RIGHT + 36.0;
            let _ = write!(
                out,
                r#"<g class="legend"><line x1="{}" x2="{}" y1="{}" y2="{}" stroke="{colour}" stroke-width="2" stroke-dasharray="{dash}"/>"#,
                n(x - 16.0),
                n(x + 4.0),
                n(y),
                n(y)
            );
            out.push_str(&marker(k, x - 6.0, y, colour, "").replace("class=\"point\" ", ""));
            let _ = write!(
                out,
                r#"<text x="{}" y="{}">{}</text></g>"#,
                n(x + 10.0),
                n(y + 4.0),
                escape(&s.label)
            );
        }
        out.push_str("</svg>");
        out
    }
}

impl BarChart {
    /// The chart as an SVG element; `id` must be unique on the page.
    pub fn svg(&self, id: &str) -> String {
        let mut out = String::new();
        open(id, &self.words, &mut out);
        let plot_w = WIDTH - LEFT - 40.0;
        let plot_h = HEIGHT - TOP - BOTTOM;
        let most = self.bars.iter().map(|b| b.1).max().unwrap_or(0).max(1);
        let marks = ticks_covering(0.0, f64::from(most));
        let top = marks.last().copied().unwrap_or(f64::from(most));
        let slot = plot_w / self.bars.len().max(1) as f64;
        out.push_str(r#"<g class="grid">"#);
        for t in marks {
            grid_line(&mut out, plot_w, TOP + plot_h * (1.0 - t / top), t);
        }
        out.push_str("</g>");
        axis_labels(&self.words, &mut out);
        for (i, (label, count)) in self.bars.iter().enumerate() {
            let h = plot_h * f64::from(*count) / top;
            let x = LEFT + slot * i as f64 + slot * 0.15;
            let _ = write!(
                out,
                r#"<rect class="point bar" x="{}" y="{}" width="{}" height="{}" fill="{}" data-x="{}" data-y="{count}"><title>{}: {count}</title></rect><text class="tick" x="{}" y="{}" text-anchor="middle">{}</text><text class="bar-value" x="{}" y="{}" text-anchor="middle">{count}</text>"#,
                n(x),
                n(TOP + plot_h - h),
                n(slot * 0.7),
                n(h),
                COLOURS[0],
                escape(label),
                escape(label),
                n(x + slot * 0.35),
                n(TOP + plot_h + 18.0),
                escape(label),
                n(x + slot * 0.35),
                n(TOP + plot_h - h - 4.0),
            );
        }
        out.push_str("</svg>");
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A value far out (a round 2,147,483,647, an s of a million) adds one mark, not one per
    /// whole number in between; the axis keeps a bounded number of labels.
    #[test]
    fn charts_grow_with_the_data_not_with_a_value() {
        let chart = LineChart {
            words: words(),
            series: vec![Series {
                key: "t1".into(),
                label: "One".into(),
                points: vec![(1, 2.0), (2, 1.0), (i32::MAX, 3.0)],
            }],
            ranks: Some(4),
        };
        let svg = chart.svg("c");
        assert!(svg.len() < 20_000, "{}", svg.len());
        assert!(svg.matches("class=\"tick\"").count() < 30);
        let bars = BarChart {
            words: words(),
            bars: vec![("+3".into(), 4), ("-1000000".into(), 1)],
        };
        assert!(bars.svg("b").len() < 20_000);
    }

    fn words() -> Words {
        Words {
            title: "Rank after each round".into(),
            x_label: "Round".into(),
            y_label: "Rank".into(),
            description: "Team <A> & B".into(),
        }
    }

    #[test]
    fn one_point_per_round_and_series() {
        let chart = LineChart {
            words: words(),
            ranks: Some(2),
            series: vec![
                Series {
                    label: "东城拖拉机".into(),
                    key: "1".into(),
                    points: vec![(1, 3.0), (2, 1.0), (3, 2.0)],
                },
                Series {
                    label: "<b>Lions</b>".into(),
                    key: "4".into(),
                    points: vec![(1, 1.0), (2, 2.0), (3, 1.0)],
                },
            ],
        };
        let svg = chart.svg("race");
        assert_eq!(svg.matches("class=\"point\"").count(), 6);
        assert_eq!(svg.matches("data-series=\"1\" data-x=").count(), 3);
        assert!(svg.contains("data-series=\"4\" data-x=\"3\" data-y=\"1\""));
        assert!(svg.contains("<title id=\"race-title\">Rank after each round</title>"));
        assert!(svg.contains("Team &lt;A&gt; &amp; B"));
        assert!(svg.contains("&lt;b&gt;Lions&lt;/b&gt;"));
        assert!(!svg.contains("<b>"));
        assert!(svg.contains("role=\"img\""));
    }

    #[test]
    fn bars_one_per_category() {
        let chart = BarChart {
            words: words(),
            bars: vec![
                ("-2".into(), 3),
                ("-1".into(), 5),
                ("0".into(), 0),
                ("1".into(), 9),
            ],
        };
        let svg = chart.svg("dist");
        assert_eq!(svg.matches("class=\"point bar\"").count(), 4);
        assert!(svg.contains("data-x=\"1\" data-y=\"9\""));
    }

    #[test]
    fn ticks_are_round_numbers() {
        assert_eq!(ticks(0.0, 10.0), [0.0, 2.0, 4.0, 6.0, 8.0, 10.0]);
        assert_eq!(ticks(0.0, 60.0), [0.0, 20.0, 40.0, 60.0]);
    }

    #[test]
    fn an_empty_chart_is_still_an_image_with_a_name() {
        let chart = LineChart {
            words: words(),
            ranks: None,
            series: vec![],
        };
        let svg = chart.svg("empty");
        assert!(svg.starts_with("<svg") && svg.ends_with("</svg>"));
        assert_eq!(svg.matches("class=\"point\"").count(), 0);
    }

    #[test]
    fn the_scale_reaches_past_every_value() {
        assert_eq!(ticks_covering(0.0, 7.58), [0.0, 2.0, 4.0, 6.0, 8.0]);
        assert_eq!(ticks_covering(0.0, 6.0), [0.0, 2.0, 4.0, 6.0]);
        let chart = LineChart {
            words: words(),
            ranks: None,
            series: vec![Series {
                label: "Red Tractors".into(),
                key: "2".into(),
                points: vec![(1, 0.76), (2, 7.58)],
            }],
        };
        let svg = chart.svg("score");
        assert!(svg.contains(">8</text>"), "{svg}");
    }
}
