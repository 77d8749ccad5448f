//! A small PNG line plot: points with error bars joined by a line, dashed horizontal reference
//! lines with labels, axes with ticks. Plotters (bitmap backend only, no font features) draws the
//! chart into an RGB buffer; the text is drawn into the same buffer in a built-in 5×7 bitmap font
//! (upper case, digits and a few signs), so that no font file or system font library is needed;
//! the `png` crate encodes it ([`png_bytes`]); the caller writes the file.

use plotters::prelude::*;

/// Why a plot could not be made.
#[derive(Debug, thiserror::Error)]
pub enum PlotError {
    /// Plotters failed to draw.
    #[error("drawing the plot: {0}")]
    Draw(String),
    /// The PNG encoder failed.
    #[error("encoding the plot as PNG: {0}")]
    Encode(String),
}

type Result<T> = std::result::Result<T, PlotError>;

/// A series of (x, y, error) points.
#[derive(Debug, Clone)]
pub struct Series {
    pub points: Vec<(f64, f64, f64)>,
}

/// A labelled horizontal line.
#[derive(Debug, Clone)]
pub struct Reference {
    pub label: String,
    pub y: f64,
}

/// What to draw.
#[derive(Debug, Clone)]
pub struct Plot {
    pub title: String,
    pub x_label: String,
    pub y_label: String,
    pub series: Series,
    pub references: Vec<Reference>,
}

const W: usize = 800;
const H: usize = 500;
const LEFT: usize = 70;
const RIGHT: usize = 190;
const TOP: usize = 40;
const BOTTOM: usize = 60;

type Rgb = [u8; 3];
const BLACK: Rgb = [0, 0, 0];
const RED: Rgb = [200, 60, 40];
const GRID: RGBColor = RGBColor(200, 200, 200);
const LINE: RGBColor = RGBColor(31, 88, 180);
const REFERENCE: RGBColor = RGBColor(200, 60, 40);

/// Text drawn into the RGB buffer plotters drew the chart in.
struct Canvas<'a> {
    px: &'a mut [u8],
}

impl Canvas<'_> {
    fn set(&mut self, x: i64, y: i64, c: Rgb) {
        if (0..W as i64).contains(&x) && (0..H as i64).contains(&y) {
            let i = (y as usize * W + x as usize) * 3;
            self.px[i..i + 3].copy_from_slice(&c);
        }
    }

    /// Text at (x, y) (top left), scale 1 or 2; returns the width drawn.
    fn text(&mut self, x: i64, y: i64, s: &str, c: Rgb, scale: i64) -> i64 {
        let mut cx = x;
        for ch in s.chars() {
            let rows = glyph(ch);
            for (r, bits) in rows.iter().enumerate() {
                for col in 0..5 {
                    if bits & (0b10000 >> col) != 0 {
                        for sy in 0..scale {
                            for sx in 0..scale {
                                self.set(cx + col * scale + sx, y + r as i64 * scale + sy, c);
                            }
                        }
                    }
                }
            }
            cx += 6 * scale;
        }
        cx - x
    }

    /// Text drawn upwards (rotated a quarter turn), for the y axis label.
    fn text_up(&mut self, x: i64, y: i64, s: &str, c: Rgb) {
        let mut cy = y;
        for ch in s.chars() {
            let rows = glyph(ch);
            for (r, bits) in rows.iter().enumerate() {
                for col in 0..5 {
                    if bits & (0b10000 >> col) != 0 {
                        self.set(x + r as i64, cy - col, c);
                    }
                }
            }
            cy -= 6;
        }
    }
}

/// Text width in pixels at scale 1.
fn width(s: &str) -> i64 {
    6 * s.chars().count() as i64
}

/// Rows of a 5×7 glyph (bit 4 = leftmost column). Lower case is drawn as upper case; unknown
/// characters as a small box.
fn glyph(c: char) -> [u8; 7] {
    match c.to_ascii_uppercase() {
        ' ' => [0; 7],
        '0' => [0x0E, 0x11, 0x13, 0x15, 0x19, 0x11, 0x0E],
        '1' => [0x04, 0x0C, 0x04, 0x04, 0x04, 0x04, 0x0E],
        '2' => [0x0E, 0x11, 0x01, 0x02, 0x04, 0x08, 0x1F],
        '3' => [0x1F, 0x02, 0x04, 0x02, 0x01, 0x11, 0x0E],
        '4' => [0x02, 0x06, 0x0A, 0x12, 0x1F, 0x02, 0x02],
        '5' => [0x1F, 0x10, 0x1E, 0x01, 0x01, 0x11, 0x0E],
        '6' => [0x06, 0x08, 0x10, 0x1E, 0x11, 0x11, 0x0E],
        '7' => [0x1F, 0x01, 0x02, 0x04, 0x08, 0x08, 0x08],
        '8' => [0x0E, 0x11, 0x11, 0x0E, 0x11, 0x11, 0x0E],
        '9' => [0x0E, 0x11, 0x11, 0x0F, 0x01, 0x02, 0x0C],
        'A' => [0x0E, 0x11, 0x11, 0x1F, 0x11, 0x11, 0x11],
        'B' => [0x1E, 0x11, 0x11, 0x1E, 0x11, 0x11, 0x1E],
        'C' => [0x0E, 0x11, 0x10, 0x10, 0x10, 0x11, 0x0E],
        'D' => [0x1C, 0x12, 0x11, 0x11, 0x11, 0x12, 0x1C],
        'E' => [0x1F, 0x10, 0x10, 0x1E, 0x10, 0x10, 0x1F],
        'F' => [0x1F, 0x10, 0x10, 0x1E, 0x10, 0x10, 0x10],
        'G' => [0x0E, 0x11, 0x10, 0x17, 0x11, 0x11, 0x0F],
        'H' => [0x11, 0x11, 0x11, 0x1F, 0x11, 0x11, 0x11],
        'I' => [0x0E, 0x04, 0x04, 0x04, 0x04, 0x04, 0x0E],
        'J' => [0x07, 0x02, 0x02, 0x02, 0x02, 0x12, 0x0C],
        'K' => [0x11, 0x12, 0x14, 0x18, 0x14, 0x12, 0x11],
        'L' => [0x10, 0x10, 0x10, 0x10, 0x10, 0x10, 0x1F],
        'M' => [0x11, 0x1B, 0x15, 0x15, 0x11, 0x11, 0x11],
        'N' => [0x11, 0x11, 0x19, 0x15, 0x13, 0x11, 0x11],
        'O' => [0x0E, 0x11, 0x11, 0x11, 0x11, 0x11, 0x0E],
        'P' => [0x1E, 0x11, 0x11, 0x1E, 0x10, 0x10, 0x10],
        'Q' => [0x0E, 0x11, 0x11, 0x11, 0x15, 0x12, 0x0D],
        'R' => [0x1E, 0x11, 0x11, 0x1E, 0x14, 0x12, 0x11],
        'S' => [0x0F, 0x10, 0x10, 0x0E, 0x01, 0x01, 0x1E],
        'T' => [0x1F, 0x04, 0x04, 0x04, 0x04, 0x04, 0x04],
        'U' => [0x11, 0x11, 0x11, 0x11, 0x11, 0x11, 0x0E],
        'V' => [0x11, 0x11, 0x11, 0x11, 0x11, 0x0A, 0x04],
        'W' => [0x11, 0x11, 0x11, 0x15, 0x15, 0x15, 0x0A],
        'X' => [0x11, 0x11, 0x0A, 0x04, 0x0A, 0x11, 0x11],
        'Y' => [0x11, 0x11, 0x11, 0x0A, 0x04, 0x04, 0x04],
        'Z' => [0x1F, 0x01, 0x02, 0x04, 0x08, 0x10, 0x1F],
        '-' => [0, 0, 0, 0x1F, 0, 0, 0],
        '+' => [0, 0x04, 0x04, 0x1F, 0x04, 0x04, 0],
        '.' => [0, 0, 0, 0, 0, 0x0C, 0x0C],
        ',' => [0, 0, 0, 0, 0x0C, 0x04, 0x08],
        ':' => [0, 0x0C, 0x0C, 0, 0x0C, 0x0C, 0],
        '=' => [0, 0, 0x1F, 0, 0x1F, 0, 0],
        '/' => [0x01, 0x01, 0x02, 0x04, 0x08, 0x10, 0x10],
        '_' => [0, 0, 0, 0, 0, 0, 0x1F],
        '(' => [0x02, 0x04, 0x08, 0x08, 0x08, 0x04, 0x02],
        ')' => [0x08, 0x04, 0x02, 0x02, 0x02, 0x04, 0x08],
        _ => [0, 0x1F, 0x11, 0x11, 0x11, 0x1F, 0],
    }
}

/// Round tick spacing for a span.
fn tick_step(span: f64, target: f64) -> f64 {
    let raw = (span / target).max(1e-9);
    let mag = 10f64.powf(raw.log10().floor());
    [1.0, 2.0, 5.0, 10.0].iter().map(|m| m * mag).find(|s| *s >= raw).unwrap_or(10.0 * mag)
}

/// Values at round steps from `lo` to `hi`.
fn ticks(lo: f64, hi: f64, step: f64) -> Vec<f64> {
    let mut v = Vec::new();
    let mut t = (lo / step).ceil() * step;
    while t <= hi + 1e-9 {
        v.push(t);
        t += step;
    }
    v
}

/// A text label in pixels: where, what, colour.
type Label = (i64, i64, String, Rgb);

/// Renders the plot as RGB pixels (`W` × `H`).
fn render(p: &Plot) -> Result<Vec<u8>> {
    let pts = &p.series.points;
    let (mut x0, mut x1) = pts.iter().fold((f64::INFINITY, f64::NEG_INFINITY), |(a, b), q| (a.min(q.0), b.max(q.0)));
    if !x0.is_finite() {
        (x0, x1) = (0.0, 1.0);
    }
    if x1 - x0 < 1.0 {
        x1 = x0 + 1.0;
    }
    let ys = pts.iter().flat_map(|q| [q.1 - q.2, q.1 + q.2]).chain(p.references.iter().map(|r| r.y));
    let (mut y0, mut y1) = ys.fold((f64::INFINITY, f64::NEG_INFINITY), |(a, b), y| (a.min(y), b.max(y)));
    if !y0.is_finite() {
        (y0, y1) = (-100.0, 100.0);
    }
    let pad = ((y1 - y0) * 0.08).max(20.0);
    (y0, y1) = (y0 - pad, y1 + pad);
    let yticks = ticks(y0, y1, tick_step(y1 - y0, 6.0));
    let xticks = ticks(x0, x1, tick_step(x1 - x0, 8.0).max(1.0));
    // A margin so that the first and last error bars are not drawn on the frame.
    let xpad = (x1 - x0) * 0.03;
    (x0, x1) = (x0 - xpad, x1 + xpad);

    let mut px = vec![255u8; W * H * 3];
    let mut labels: Vec<Label> = Vec::new();
    {
        let err = |e: DrawingAreaErrorKind<_>| PlotError::Draw(format!("{e:?}"));
        let root = BitMapBackend::with_buffer(&mut px, (W as u32, H as u32)).into_drawing_area();
        root.fill(&WHITE).map_err(err)?;
        let area = root.margin(TOP as u32, BOTTOM as u32, LEFT as u32, RIGHT as u32);
        let mut chart = ChartBuilder::on(&area).build_cartesian_2d(x0..x1, y0..y1).map_err(err)?;
        let at = |x: f64, y: f64| {
            let (a, b) = chart.backend_coord(&(x, y));
            (a as i64, b as i64)
        };
        // Grid, axes and ticks; their labels are drawn afterwards.
        for &y in &yticks {
            let (_, py) = at(x0, y);
            let label = format!("{y:.0}");
            labels.push((LEFT as i64 - 6 - width(&label), py - 3, label, BLACK));
        }
        for &x in &xticks {
            let (pxx, _) = at(x, y0);
            let label = format!("{x:.0}");
            labels.push((pxx - width(&label) / 2, (H - BOTTOM) as i64 + 8, label, BLACK));
        }
        for r in &p.references {
            let (_, py) = at(x1, r.y);
            labels.push(((W - RIGHT) as i64 + 6, py - 3, r.label.clone(), RED));
        }
        chart.draw_series(yticks.iter().map(|&y| PathElement::new(vec![(x0, y), (x1, y)], GRID))).map_err(err)?;
        let tick_len = (y1 - y0) * 4.0 / (H - TOP - BOTTOM) as f64;
        chart
            .draw_series(xticks.iter().map(|&x| PathElement::new(vec![(x, y0), (x, y0 + tick_len)], BLACK_STYLE)))
            .map_err(err)?;
        chart.draw_series([PathElement::new(vec![(x0, y1), (x0, y0), (x1, y0)], BLACK_STYLE)]).map_err(err)?;
        for r in &p.references {
            chart.draw_series(DashedLineSeries::new([(x0, r.y), (x1, r.y)], 6, 6, REFERENCE.into())).map_err(err)?;
        }
        // The series: error bars, the line, the points.
        chart
            .draw_series(pts.iter().map(|&(x, y, e)| ErrorBar::new_vertical(x, y - e, y, y + e, LINE.filled(), 6)))
            .map_err(err)?;
        chart.draw_series(LineSeries::new(pts.iter().map(|q| (q.0, q.1)), LINE.stroke_width(2))).map_err(err)?;
        chart.draw_series(pts.iter().map(|q| Circle::new((q.0, q.1), 3, LINE.filled()))).map_err(err)?;
        root.present().map_err(err)?;
    }
    let mut c = Canvas { px: &mut px };
    for (x, y, s, colour) in &labels {
        c.text(*x, *y, s, *colour, 1);
    }
    let (pw, ph) = ((W - LEFT - RIGHT) as i64, (H - TOP - BOTTOM) as i64);
    c.text((W as i64 - width(&p.title) * 2) / 2, 10, &p.title, BLACK, 2);
    c.text(LEFT as i64 + (pw - width(&p.x_label)) / 2, H as i64 - 24, &p.x_label, BLACK, 1);
    c.text_up(14, TOP as i64 + (ph + width(&p.y_label)) / 2, &p.y_label, BLACK);
    Ok(px)
}

const BLACK_STYLE: RGBColor = RGBColor(0, 0, 0);

/// The plot as the bytes of a PNG file.
pub fn png_bytes(p: &Plot) -> Result<Vec<u8>> {
    let pixels = render(p)?;
    let mut bytes = Vec::new();
    {
        let encode = |e: png::EncodingError| PlotError::Encode(e.to_string());
        let mut enc = png::Encoder::new(&mut bytes, W as u32, H as u32);
        enc.set_color(png::ColorType::Rgb);
        enc.set_depth(png::BitDepth::Eight);
        let mut writer = enc.write_header().map_err(encode)?;
        writer.write_image_data(&pixels).map_err(encode)?;
        writer.finish().map_err(encode)?;
    }
    Ok(bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ticks_are_round() {
        assert_eq!(tick_step(100.0, 5.0), 20.0);
        assert_eq!(tick_step(7.0, 8.0), 1.0);
        assert_eq!(tick_step(1300.0, 6.0), 500.0);
    }

    #[test]
    fn renders_a_png() {
        let p = Plot {
            title: "Elo by generation".into(),
            x_label: "generation".into(),
            y_label: "Elo".into(),
            series: Series { points: vec![(0.0, -300.0, 80.0), (1.0, -100.0, 60.0), (2.0, 50.0, 50.0)] },
            references: vec![Reference { label: "alphabeta:depth=1".into(), y: 0.0 }],
        };
        let bytes = png_bytes(&p).unwrap();
        assert_eq!(&bytes[1..4], b"PNG");
        // The line, the reference and the text were drawn.
        let pixels = render(&p).unwrap();
        let count = |c: [u8; 3]| pixels.chunks_exact(3).filter(|q| *q == c).count();
        assert!(count([31, 88, 180]) > 100 && count([200, 60, 40]) > 100 && count([0, 0, 0]) > 100);
    }
}
