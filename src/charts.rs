//! Charts drawn on the server as SVG, pure: data and already-translated words in, SVG text
//! out. Laid out here rather than by a plotting crate: three small chart kinds, and full
//! control of what assistive technology reads (`role="img"`, `<title>`, `<desc>`) and of
//! telling series apart without colour (markers, dash patterns and labels at line ends).
//! The layout computes every coordinate; the templates in templates/charts/ write the SVG,
//! so every name and word in it is escaped by askama like the rest of the page.
//!
//! Every data point is a mark with `class="point"` and `data-series`/`data-x` attributes,
//! so pages and tests can find them.

use askama::Template;

/// One line of a line chart: a label (a team's name) and its points (round, value).
#[derive(Clone, Debug)]
pub(crate) struct Series {
    pub label: String,
    /// What identifies the series in `data-series` (a team number).
    pub key: String,
    pub points: Vec<(i32, f64)>,
}

/// The words of a chart, in the page's language.
#[derive(Clone, Debug)]
pub(crate) struct Words {
    pub title: String,
    pub(crate) x_label: String,
    pub(crate) y_label: String,
    /// The text alternative: what the chart shows, in a sentence or two.
    pub description: String,
}

/// A line chart over rounds.
#[derive(Clone, Debug)]
pub(crate) struct LineChart {
    pub words: Words,
    pub series: Vec<Series>,
    /// A chart of ranks among this many teams: 1 at the top, the axis down to at least that
    /// rank. `None` for values (scores), with 0 on the axis.
    pub ranks: Option<u32>,
}

/// A bar chart of counts by category (table scores s).
#[derive(Clone, Debug)]
pub(crate) struct BarChart {
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

/// The frame every chart shares (templates/charts/parts.svg): the opening tag with its
/// accessible name, the title and the axis labels, placed.
struct Frame<'a> {
    id: &'a str,
    words: &'a Words,
    width: String,
    height: String,
    title_x: String,
    x_label_x: String,
    x_label_y: String,
    y_label_y: String,
}

impl<'a> Frame<'a> {
    fn new(id: &'a str, words: &'a Words) -> Self {
        Frame {
            id,
            words,
            width: n(WIDTH),
            height: n(HEIGHT),
            title_x: n(WIDTH / 2.0),
            x_label_x: n(LEFT + (WIDTH - LEFT - RIGHT) / 2.0),
            x_label_y: n(HEIGHT - 10.0),
            y_label_y: n(TOP + (HEIGHT - TOP - BOTTOM) / 2.0),
        }
    }
}

/// A horizontal grid line across the plot, with its value beside it on the left.
struct GridLine {
    x1: String,
    x2: String,
    y: String,
    tick_x: String,
    tick_y: String,
    value: String,
}

/// A horizontal grid line across a plot `plot_w` wide at `y`, labelled `value`.
fn grid_line(plot_w: f64, y: f64, value: f64) -> GridLine {
    GridLine {
        x1: n(LEFT),
        x2: n(LEFT + plot_w),
        y: n(y),
        tick_x: n(LEFT - 6.0),
        tick_y: n(y + 4.0),
        value: n(value),
    }
}

/// A data point's attributes: its series, round and value.
struct Point<'a> {
    series: &'a str,
    x: i32,
    y: String,
}

/// A marker: an element and its geometry, the point it marks (none in the legend).
struct Mark<'a> {
    tag: &'static str,
    geometry: Vec<(&'static str, String)>,
    colour: &'static str,
    point: Option<Point<'a>>,
}

/// The marker of shape `k` (circle, square, triangle, diamond) at (x, y).
fn marker<'a>(
    k: usize,
    x: f64,
    y: f64,
    colour: &'static str,
    point: Option<Point<'a>>,
) -> Mark<'a> {
    let path = |corners: &[(f64, f64)]| {
        let moves: Vec<String> = corners
            .iter()
            .map(|(cx, cy)| format!("{} {}", n(*cx), n(*cy)))
            .collect();
        vec![("d", format!("M{}Z", moves.join("L")))]
    };
    let (tag, geometry) = match k % 4 {
        0 => (
            "circle",
            vec![("cx", n(x)), ("cy", n(y)), ("r", "4".into())],
        ),
        1 => (
            "rect",
            vec![
                ("x", n(x - 4.0)),
                ("y", n(y - 4.0)),
                ("width", "8".into()),
                ("height", "8".into()),
            ],
        ),
        2 => (
            "path",
            path(&[(x, y - 5.0), (x + 5.0, y + 4.0), (x - 5.0, y + 4.0)]),
        ),
        _ => (
            "path",
            path(&[(x, y - 5.0), (x + 5.0, y), (x, y + 5.0), (x - 5.0, y)]),
        ),
    };
    Mark {
        tag,
        geometry,
        colour,
        point,
    }
}

/// A round's label under the plot.
struct XTick {
    x: String,
    round: i32,
}

/// One line of the plot: its polyline and a marker on every point.
struct Line<'a> {
    key: &'a str,
    label: &'a str,
    colour: &'static str,
    dash: &'static str,
    points: String,
    marks: Vec<Mark<'a>>,
}

/// A line's entry in the legend beside the plot: its dash, marker and name.
struct LegendEntry<'a> {
    label: &'a str,
    colour: &'static str,
    dash: &'static str,
    x1: String,
    x2: String,
    y: String,
    mark: Mark<'a>,
    text_x: String,
    text_y: String,
}

/// What a line chart with points draws inside its frame.
struct LinePlot<'a> {
    grid: Vec<GridLine>,
    x_ticks: Vec<XTick>,
    x_tick_y: String,
    lines: Vec<Line<'a>>,
    legend: Vec<LegendEntry<'a>>,
}

/// A line chart as SVG; an empty one (no points) is its frame and axis labels only.
#[derive(Template)]
#[template(path = "charts/line.svg")]
struct LineSvg<'a> {
    frame: Frame<'a>,
    drawn: Option<LinePlot<'a>>,
}

/// Where a line chart's values and rounds fall on the plot.
struct Scale {
    x_lo: i32,
    x_hi: i32,
    y_lo: f64,
    y_hi: f64,
    ranks: bool,
}

const PLOT_W: f64 = WIDTH - LEFT - RIGHT;
const PLOT_H: f64 = HEIGHT - TOP - BOTTOM;

impl Scale {
    fn x_of(&self, x: i32) -> f64 {
        if self.x_hi == self.x_lo {
            LEFT + PLOT_W / 2.0
        } else {
            LEFT + PLOT_W * (f64::from(x) - f64::from(self.x_lo))
                / (f64::from(self.x_hi) - f64::from(self.x_lo))
        }
    }

    fn y_of(&self, y: f64) -> f64 {
        let t = (y - self.y_lo) / (self.y_hi - self.y_lo);
        if self.ranks {
            TOP + PLOT_H * t
        } else {
            TOP + PLOT_H * (1.0 - t)
        }
    }

    /// The grid lines and their values: round steps, whole ranks on a chart of ranks.
    fn grid(&self) -> Vec<GridLine> {
        let y_ticks: Vec<f64> = if self.ranks {
            ticks(self.y_lo, self.y_hi)
                .into_iter()
                .map(|t| t.max(1.0).round())
                .collect()
        } else {
            ticks(self.y_lo, self.y_hi)
        };
        y_ticks
            .into_iter()
            .filter(|t| *t >= self.y_lo && *t <= self.y_hi)
            .map(|t| grid_line(PLOT_W, self.y_of(t), t))
            .collect()
    }
}

impl LineChart {
    /// The chart as an SVG element; `id` must be unique on the page.
    pub(crate) fn svg(&self, id: &str) -> String {
        let view = LineSvg {
            frame: Frame::new(id, &self.words),
            drawn: self.scale().map(|scale| self.plot(&scale)),
        };
        view.render().unwrap_or_default()
    }

    /// The scale of the chart's points; `None` when it has none.
    fn scale(&self) -> Option<Scale> {
        let points = self.series.iter().flat_map(|s| &s.points);
        let (mut x_lo, mut x_hi, mut y_lo, mut y_hi) = (i32::MAX, i32::MIN, f64::MAX, f64::MIN);
        for &(x, y) in points {
            x_lo = x_lo.min(x);
            x_hi = x_hi.max(x);
            y_lo = y_lo.min(y);
            y_hi = y_hi.max(y);
        }
        if x_lo > x_hi {
            return None;
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
        Some(Scale {
            x_lo,
            x_hi,
            y_lo,
            y_hi,
            ranks: self.ranks.is_some(),
        })
    }

    fn plot(&self, scale: &Scale) -> LinePlot<'_> {
        LinePlot {
            grid: scale.grid(),
            x_ticks: self.x_ticks(scale),
            x_tick_y: n(TOP + PLOT_H + 18.0),
            lines: self.lines(scale),
            legend: self.legend(),
        }
    }

    /// One label per round that has a point, or a bounded set of round steps when there
    /// are many: the axis grows with the data, never with a value.
    fn x_ticks(&self, scale: &Scale) -> Vec<XTick> {
        let (x_lo, x_hi) = (scale.x_lo, scale.x_hi);
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
        x_ticks
            .into_iter()
            .map(|round| XTick {
                x: n(scale.x_of(round)),
                round,
            })
            .collect()
    }

    /// Lines and markers; the legend beside the plot names them.
    fn lines(&self, scale: &Scale) -> Vec<Line<'_>> {
        self.series
            .iter()
            .enumerate()
            .map(|(k, s)| {
                let colour = COLOURS[k % COLOURS.len()];
                let path: Vec<String> = s
                    .points
                    .iter()
                    .map(|&(x, y)| format!("{} {}", n(scale.x_of(x)), n(scale.y_of(y))))
                    .collect();
                let mark = |&(x, y): &(i32, f64)| {
                    let point = Point {
                        series: &s.key,
                        x,
                        y: n(y),
                    };
                    marker(k, scale.x_of(x), scale.y_of(y), colour, Some(point))
                };
                Line {
                    key: &s.key,
                    label: &s.label,
                    colour,
                    dash: DASHES[(k / 4) % DASHES.len()],
                    points: path.join(" "),
                    marks: s.points.iter().map(mark).collect(),
                }
            })
            .collect()
    }

    /// The legend: the dash, marker and name of every line.
    fn legend(&self) -> Vec<LegendEntry<'_>> {
        self.series
            .iter()
            .enumerate()
            .map(|(k, s)| {
                let colour = COLOURS[k % COLOURS.len()];
                // 30 units apart: on a phone the names are set larger (static/css/charts.css).
                let y = TOP + 30.0 * k as f64;
                let x = WIDTH - RIGHT + 36.0;
                LegendEntry {
                    label: &s.label,
                    colour,
                    dash: DASHES[(k / 4) % DASHES.len()],
                    x1: n(x - 16.0),
                    x2: n(x + 4.0),
                    y: n(y),
                    mark: marker(k, x - 6.0, y, colour, None),
                    text_x: n(x + 10.0),
                    text_y: n(y + 4.0),
                }
            })
            .collect()
    }
}

/// A bar and its labels: the category under it, the count above it.
struct Bar<'a> {
    label: &'a str,
    count: u32,
    x: String,
    y: String,
    width: String,
    height: String,
    label_x: String,
    tick_y: String,
    value_y: String,
}

/// A bar chart as SVG.
#[derive(Template)]
#[template(path = "charts/bar.svg")]
struct BarSvg<'a> {
    frame: Frame<'a>,
    grid: Vec<GridLine>,
    colour: &'static str,
    bars: Vec<Bar<'a>>,
}

impl BarChart {
    /// The chart as an SVG element; `id` must be unique on the page.
    pub(crate) fn svg(&self, id: &str) -> String {
        let plot_w = WIDTH - LEFT - 40.0;
        let most = self.bars.iter().map(|b| b.1).max().unwrap_or(0).max(1);
        let marks = ticks_covering(0.0, f64::from(most));
        let top = marks.last().copied().unwrap_or(f64::from(most));
        let slot = plot_w / self.bars.len().max(1) as f64;
        let bars = self.bars.iter().enumerate().map(|(i, (label, count))| {
            let h = PLOT_H * f64::from(*count) / top;
            let x = LEFT + slot * i as f64 + slot * 0.15;
            Bar {
                label,
                count: *count,
                x: n(x),
                y: n(TOP + PLOT_H - h),
                width: n(slot * 0.7),
                height: n(h),
                label_x: n(x + slot * 0.35),
                tick_y: n(TOP + PLOT_H + 18.0),
                value_y: n(TOP + PLOT_H - h - 4.0),
            }
        });
        let view = BarSvg {
            frame: Frame::new(id, &self.words),
            grid: marks
                .into_iter()
                .map(|t| grid_line(plot_w, TOP + PLOT_H * (1.0 - t / top), t))
                .collect(),
            colour: COLOURS[0],
            bars: bars.collect(),
        };
        view.render().unwrap_or_default()
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
        assert!(svg.contains("Team &#60;A&#62; &#38; B"));
        assert!(svg.contains("&#60;b&#62;Lions&#60;/b&#62;"));
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
