//! A small PNG line plot: points with error bars joined by a line, horizontal reference lines
//! with labels, axes with ticks, and text in a built-in 5×7 bitmap font (upper case, digits and
//! a few signs), so that no font file or drawing library is needed.

use anyhow::{Context, Result};
use std::path::Path;

/// A series of (x, y, error) points.
#[derive(Debug, Clone)]
pub(crate) struct Series {
    pub points: Vec<(f64, f64, f64)>,
}

/// A labelled horizontal line.
#[derive(Debug, Clone)]
pub(crate) struct Reference {
    pub label: String,
    pub y: f64,
}

/// What to draw.
#[derive(Debug, Clone)]
pub(crate) struct Plot {
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
const WHITE: Rgb = [255, 255, 255];
const BLACK: Rgb = [0, 0, 0];
const GREY: Rgb = [200, 200, 200];
const BLUE: Rgb = [31, 88, 180];
const RED: Rgb = [200, 60, 40];

struct Canvas {
    px: Vec<u8>,
}

impl Canvas {
    fn new() -> Canvas {
        Canvas { px: vec![255; W * H * 3] }
    }

    fn set(&mut self, x: i64, y: i64, c: Rgb) {
        if (0..W as i64).contains(&x) && (0..H as i64).contains(&y) {
            let i = (y as usize * W + x as usize) * 3;
            self.px[i..i + 3].copy_from_slice(&c);
        }
    }

    fn line(&mut self, (x0, y0): (i64, i64), (x1, y1): (i64, i64), c: Rgb, dash: bool) {
        let (dx, dy) = ((x1 - x0).abs(), -(y1 - y0).abs());
        let (sx, sy) = (if x0 < x1 { 1 } else { -1 }, if y0 < y1 { 1 } else { -1 });
        let (mut x, mut y, mut err, mut n) = (x0, y0, dx + dy, 0);
        loop {
            if !dash || (n / 6) % 2 == 0 {
                self.set(x, y, c);
            }
            n += 1;
            if x == x1 && y == y1 {
                break;
            }
            let e2 = 2 * err;
            if e2 >= dy {
                err += dy;
                x += sx;
            }
            if e2 <= dx {
                err += dx;
                y += sy;
            }
        }
    }

    fn dot(&mut self, x: i64, y: i64, c: Rgb) {
        for dy in -2..=2 {
            for dx in -2..=2 {
                if dx * dx + dy * dy <= 5 {
                    self.set(x + dx, y + dy, c);
                }
            }
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

/// Renders the plot as RGB pixels (`W` × `H`).
fn render(p: &Plot) -> Vec<u8> {
    let mut c = Canvas::new();
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
    let (pw, ph) = ((W - LEFT - RIGHT) as f64, (H - TOP - BOTTOM) as f64);
    let sx = |x: f64| (LEFT as f64 + (x - x0) / (x1 - x0) * pw).round() as i64;
    let sy = |y: f64| (TOP as f64 + (y1 - y) / (y1 - y0) * ph).round() as i64;
    // Grid and ticks.
    let ystep = tick_step(y1 - y0, 6.0);
    let mut y = (y0 / ystep).ceil() * ystep;
    while y <= y1 {
        c.line((LEFT as i64, sy(y)), ((W - RIGHT) as i64, sy(y)), GREY, false);
        let label = format!("{y:.0}");
        c.text(LEFT as i64 - 6 - width(&label), sy(y) - 3, &label, BLACK, 1);
        y += ystep;
    }
    let xstep = tick_step(x1 - x0, 8.0).max(1.0);
    let mut x = (x0 / xstep).ceil() * xstep;
    while x <= x1 + 1e-9 {
        c.line((sx(x), (H - BOTTOM) as i64), (sx(x), (H - BOTTOM) as i64 + 4), BLACK, false);
        let label = format!("{x:.0}");
        c.text(sx(x) - width(&label) / 2, (H - BOTTOM) as i64 + 8, &label, BLACK, 1);
        x += xstep;
    }
    // Axes.
    c.line((LEFT as i64, TOP as i64), (LEFT as i64, (H - BOTTOM) as i64), BLACK, false);
    c.line((LEFT as i64, (H - BOTTOM) as i64), ((W - RIGHT) as i64, (H - BOTTOM) as i64), BLACK, false);
    // References.
    for r in &p.references {
        c.line((LEFT as i64, sy(r.y)), ((W - RIGHT) as i64, sy(r.y)), RED, true);
        c.text((W - RIGHT) as i64 + 6, sy(r.y) - 3, &r.label, RED, 1);
    }
    // The series: error bars, the line, the points.
    for &(x, y, e) in pts {
        c.line((sx(x), sy(y - e)), (sx(x), sy(y + e)), BLUE, false);
        c.line((sx(x) - 3, sy(y - e)), (sx(x) + 3, sy(y - e)), BLUE, false);
        c.line((sx(x) - 3, sy(y + e)), (sx(x) + 3, sy(y + e)), BLUE, false);
    }
    for w in pts.windows(2) {
        c.line((sx(w[0].0), sy(w[0].1)), (sx(w[1].0), sy(w[1].1)), BLUE, false);
    }
    for &(x, y, _) in pts {
        c.dot(sx(x), sy(y), BLUE);
    }
    // Labels.
    c.text((W as i64 - width(&p.title) * 2) / 2, 10, &p.title, BLACK, 2);
    c.text(LEFT as i64 + (pw as i64 - width(&p.x_label)) / 2, H as i64 - 24, &p.x_label, BLACK, 1);
    c.text_up(14, TOP as i64 + (ph as i64 + width(&p.y_label)) / 2, &p.y_label, BLACK);
    let _ = WHITE;
    c.px
}

/// Writes the plot as a PNG file.
pub(crate) fn write_png(p: &Plot, path: &Path) -> Result<()> {
    let pixels = render(p);
    let file = std::fs::File::create(path).with_context(|| format!("cannot write {}", path.display()))?;
    let mut enc = png::Encoder::new(std::io::BufWriter::new(file), W as u32, H as u32);
    enc.set_color(png::ColorType::Rgb);
    enc.set_depth(png::BitDepth::Eight);
    let mut writer = enc.write_header().context("PNG header")?;
    writer.write_image_data(&pixels).context("PNG data")?;
    writer.finish().context("PNG end")?;
    Ok(())
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
        let dir = std::env::temp_dir().join(format!("musashi-plot-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("p.png");
        write_png(&p, &path).unwrap();
        let bytes = std::fs::read(&path).unwrap();
        assert_eq!(&bytes[1..4], b"PNG");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
