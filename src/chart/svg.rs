//! The charts' drawing backend: plotters' SVG written as
//! [`super::draw::finish_svg`] used to leave it.
//!
//! Every chart was drawn with plotters-svg's `SVGBackend` (0.3.7), which
//! builds each element's attributes as a vector of freshly formatted
//! strings, and then copied again without the attributes at their SVG
//! initial values (`opacity="1"`, `stroke-width="1"`,
//! `text-anchor="start"`, `stroke="none"`), without `font-family=
//! "sans-serif"` (the chart's style sheet sets it) and with font sizes cut
//! to two decimals. That was a quarter of laying out a class of ten kernels
//! (callgrind, debug build: BENCHMARKS.md, the sixty-first session).
//! [`CompactSvg`] writes each element once, straight into the string, in
//! the form that copy had: the same elements, attributes, order and text,
//! byte for byte (`tests::same_svg_as_plotters_compacted` draws one scene
//! with both).

use plotters_backend::text_anchor::{HPos, VPos};
use plotters_backend::{
    BackendColor, BackendCoord, BackendStyle, BackendTextStyle, DrawingBackend, DrawingErrorKind, FontStyle,
    FontTransform,
};
use std::fmt::Write as _;

/// A plotters drawing backend writing SVG into a string: what
/// plotters-svg's `SVGBackend::with_string` writes, less the attributes at
/// their initial values and the `sans-serif` font family, font sizes at
/// most two decimals (see the module documentation).
pub(crate) struct CompactSvg<'a> {
    buf: &'a mut String,
    size: (u32, u32),
    /// True once `</svg>` is written.
    saved: bool,
}

impl<'a> CompactSvg<'a> {
    /// Starts an SVG of `size` pixels in `buf`: `<svg width=… height=…
    /// viewBox=… xmlns=…>` on a line of its own, as plotters-svg does.
    pub(crate) fn with_string(buf: &'a mut String, size: (u32, u32)) -> Self {
        let (w, h) = size;
        let _ = writeln!(
            buf,
            "<svg width=\"{w}\" height=\"{h}\" viewBox=\"0 0 {w} {h}\" xmlns=\"http://www.w3.org/2000/svg\">"
        );
        CompactSvg { buf, size, saved: false }
    }

    /// ` opacity="…"` unless 1 (plotters writes the alpha as `{}` prints it).
    fn opacity(&mut self, c: BackendColor) {
        if c.alpha != 1.0 {
            let _ = write!(self.buf, " opacity=\"{}\"", c.alpha);
        }
    }

    /// ` stroke-width="…"` unless 1.
    fn stroke_width(&mut self, w: u32) {
        if w != 1 {
            let _ = write!(self.buf, " stroke-width=\"{w}\"");
        }
    }

    /// ` NAME="#RRGGBB"`.
    fn colour(&mut self, name: &str, c: BackendColor) {
        let (r, g, b) = c.rgb;
        let _ = write!(self.buf, " {name}=\"#{r:02X}{g:02X}{b:02X}\"");
    }

    /// ` points="x,y x,y "`, a space after each point.
    fn points<I: IntoIterator<Item = BackendCoord>>(&mut self, path: I) {
        self.buf.push_str(" points=\"");
        for (x, y) in path {
            let _ = write!(self.buf, "{x},{y} ");
        }
        self.buf.push('"');
    }

    /// `s` with plotters-svg's five entities (`<`, `>`, `&`, `"`, `'`)
    /// through the charts' one escaper ([`super::draw::xml_escape_into`]),
    /// which also leaves out control characters (every text here has been
    /// through `draw::clean`, so there are none).
    fn escaped(&mut self, s: &str) {
        super::draw::xml_escape_into(self.buf, s);
    }

    /// One shape element, as plotters-svg writes each: nothing when the
    /// colour is transparent; else `head` (`<polygon`, `<rect x=… …`),
    /// the opacity, the colour as `paint` says, the stroke width when
    /// given (`width`), `tail` (points, a line's ends) and `/>`.
    fn shape(
        &mut self,
        c: BackendColor,
        head: impl FnOnce(&mut String),
        paint: Paint,
        width: Option<u32>,
        tail: impl FnOnce(&mut Self),
    ) {
        if c.alpha == 0.0 {
            return;
        }
        head(self.buf);
        self.opacity(c);
        match paint {
            Paint::Fill => self.colour("fill", c),
            Paint::Stroke => self.colour("stroke", c),
            Paint::Outline => {
                self.buf.push_str(" fill=\"none\"");
                self.colour("stroke", c);
            }
        }
        if let Some(w) = width {
            self.stroke_width(w);
        }
        tail(self);
        self.buf.push_str("/>\n");
    }
}

/// How [`CompactSvg::shape`] paints an element in its colour.
#[derive(Clone, Copy)]
enum Paint {
    /// `fill="#…"`.
    Fill,
    /// `stroke="#…"` (a line, a polyline whose `fill="none"` comes first).
    Stroke,
    /// `fill="none" stroke="#…"`: a rect's or circle's outline.
    Outline,
}

impl Paint {
    /// `Fill` when `fill`, else `Outline` (plotters' rect and circle).
    fn filled(fill: bool) -> Self {
        if fill { Paint::Fill } else { Paint::Outline }
    }
}

/// A font size as plotters-svg writes it (`size / 1.24`, as `{}` prints
/// it), cut to at most two decimals without trailing zeros
/// (`10.887096774193548` → `10.89`, `12` stays `12`).
fn font_size(out: &mut String, size: f64) {
    let v = size / 1.24;
    if !v.is_finite() {
        let _ = write!(out, "{v}");
        return;
    }
    let _ = write!(out, "{v:.2}");
    while out.ends_with('0') {
        out.pop();
    }
    if out.ends_with('.') {
        out.pop();
    }
}

impl DrawingBackend for CompactSvg<'_> {
    type ErrorType = std::io::Error;

    fn get_size(&self) -> (u32, u32) {
        self.size
    }

    fn ensure_prepared(&mut self) -> Result<(), DrawingErrorKind<Self::ErrorType>> {
        Ok(())
    }

    fn present(&mut self) -> Result<(), DrawingErrorKind<Self::ErrorType>> {
        if !self.saved {
            self.buf.push_str("</svg>\n");
            self.saved = true;
        }
        Ok(())
    }

    fn draw_pixel(
        &mut self,
        point: BackendCoord,
        color: BackendColor,
    ) -> Result<(), DrawingErrorKind<Self::ErrorType>> {
        let head = |b: &mut String| {
            let _ = write!(b, "<rect x=\"{}\" y=\"{}\" width=\"1\" height=\"1\"", point.0, point.1);
        };
        self.shape(color, head, Paint::Fill, None, |_| {});
        Ok(())
    }

    fn draw_line<S: BackendStyle>(
        &mut self,
        from: BackendCoord,
        to: BackendCoord,
        style: &S,
    ) -> Result<(), DrawingErrorKind<Self::ErrorType>> {
        self.shape(
            style.color(),
            |b| b.push_str("<line"),
            Paint::Stroke,
            Some(style.stroke_width()),
            |s| {
                let _ = write!(s.buf, " x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\"", from.0, from.1, to.0, to.1);
            },
        );
        Ok(())
    }

    fn draw_rect<S: BackendStyle>(
        &mut self,
        upper_left: BackendCoord,
        bottom_right: BackendCoord,
        style: &S,
        fill: bool,
    ) -> Result<(), DrawingErrorKind<Self::ErrorType>> {
        let head = |b: &mut String| {
            let (w, h) = (bottom_right.0 - upper_left.0, bottom_right.1 - upper_left.1);
            let _ = write!(b, "<rect x=\"{}\" y=\"{}\" width=\"{w}\" height=\"{h}\"", upper_left.0, upper_left.1);
        };
        self.shape(style.color(), head, Paint::filled(fill), None, |_| {});
        Ok(())
    }

    fn draw_path<S: BackendStyle, I: IntoIterator<Item = BackendCoord>>(
        &mut self,
        path: I,
        style: &S,
    ) -> Result<(), DrawingErrorKind<Self::ErrorType>> {
        let head = |b: &mut String| b.push_str("<polyline fill=\"none\"");
        self.shape(style.color(), head, Paint::Stroke, Some(style.stroke_width()), |s| s.points(path));
        Ok(())
    }

    fn fill_polygon<S: BackendStyle, I: IntoIterator<Item = BackendCoord>>(
        &mut self,
        path: I,
        style: &S,
    ) -> Result<(), DrawingErrorKind<Self::ErrorType>> {
        self.shape(style.color(), |b| b.push_str("<polygon"), Paint::Fill, None, |s| s.points(path));
        Ok(())
    }

    fn draw_circle<S: BackendStyle>(
        &mut self,
        center: BackendCoord,
        radius: u32,
        style: &S,
        fill: bool,
    ) -> Result<(), DrawingErrorKind<Self::ErrorType>> {
        let head = |b: &mut String| {
            let _ = write!(b, "<circle cx=\"{}\" cy=\"{}\" r=\"{radius}\"", center.0, center.1);
        };
        self.shape(style.color(), head, Paint::filled(fill), Some(style.stroke_width()), |_| {});
        Ok(())
    }

    fn draw_text<S: BackendTextStyle>(
        &mut self,
        text: &str,
        style: &S,
        pos: BackendCoord,
    ) -> Result<(), DrawingErrorKind<Self::ErrorType>> {
        let c = style.color();
        if c.alpha == 0.0 {
            return Ok(());
        }
        let (x0, y0) = pos;
        let anchor = style.anchor();
        let dy = match anchor.v_pos {
            VPos::Top => "0.76em",
            VPos::Center => "0.5ex",
            VPos::Bottom => "-0.5ex",
        };
        let _ = write!(self.buf, "<text x=\"{x0}\" y=\"{y0}\" dy=\"{dy}\"");
        match anchor.h_pos {
            HPos::Left => {}
            HPos::Right => self.buf.push_str(" text-anchor=\"end\""),
            HPos::Center => self.buf.push_str(" text-anchor=\"middle\""),
        }
        let family = style.family();
        if family.as_str() != "sans-serif" {
            self.buf.push_str(" font-family=\"");
            self.escaped(family.as_str());
            self.buf.push('"');
        }
        self.buf.push_str(" font-size=\"");
        font_size(self.buf, style.size());
        self.buf.push('"');
        self.opacity(c);
        self.colour("fill", c);
        match style.style() {
            FontStyle::Normal => {}
            FontStyle::Bold => self.buf.push_str(" font-weight=\"bold\""),
            other => {
                self.buf.push_str(" font-style=\"");
                self.escaped(other.as_str());
                self.buf.push('"');
            }
        }
        let turn = match style.transform() {
            FontTransform::Rotate90 => Some(90),
            FontTransform::Rotate180 => Some(180),
            FontTransform::Rotate270 => Some(270),
            FontTransform::None => None,
        };
        if let Some(deg) = turn {
            let _ = write!(self.buf, " transform=\"rotate({deg}, {x0}, {y0})\"");
        }
        self.buf.push_str(">\n");
        self.escaped(text);
        self.buf.push_str("\n</text>\n");
        Ok(())
    }
}

impl Drop for CompactSvg<'_> {
    fn drop(&mut self) {
        let _ = self.present();
    }
}

#[cfg(test)]
mod tests {
    use super::CompactSvg;
    use plotters::prelude::*;
    use plotters::style::text_anchor::{HPos, Pos, VPos};
    use plotters::style::{FontStyle, FontTransform};

    /// One scene of every element the charts draw (and the ones they may:
    /// pixels, circles, polygons, rotated and italic text, a text to
    /// escape), on `b`.
    fn scene<DB: DrawingBackend>(b: DB) {
        let root = b.into_drawing_area();
        let area = root.clone().shrink((20, 30), (300u32, 200u32));
        let mut chart = ChartBuilder::on(&area)
            .margin_top(20)
            .x_label_area_size(30)
            .y_label_area_size(60)
            .build_cartesian_2d(0f64..10f64, -1f64..7.5f64)
            .unwrap();
        chart
            .configure_mesh()
            .bold_line_style(RGBColor(0xE3, 0xE3, 0xE3))
            .axis_style(RGBColor(0x55, 0x55, 0x55))
            .label_style(("sans-serif", 13.5).into_font())
            .x_desc("MB/s, bigger is better")
            .y_desc("ms <less> & \"'")
            .draw()
            .unwrap();
        let c = RGBColor(0x1F, 0x77, 0xB4);
        chart.draw_series([Rectangle::new([(1.0, 0.0), (2.0, 5.0)], c.filled())]).unwrap();
        chart.draw_series([Rectangle::new([(3.0, 0.0), (4.0, 6.0)], c.mix(0.5).filled())]).unwrap();
        chart.draw_series([Rectangle::new([(5.0, 0.0), (6.0, 2.0)], c.stroke_width(2))]).unwrap();
        chart.draw_series([Rectangle::new([(6.5, 0.0), (7.0, 2.0)], c.mix(0.0).filled())]).unwrap();
        chart
            .draw_series(std::iter::once(PathElement::new(vec![(0.0, 1.0), (9.0, 3.0)], BLACK.stroke_width(1))))
            .unwrap();
        chart
            .draw_series(std::iter::once(PathElement::new(vec![(0.0, 2.0), (9.0, 4.0)], BLACK.stroke_width(3))))
            .unwrap();
        chart.draw_series(std::iter::once(Circle::new((5.0, 5.0), 4, c.filled()))).unwrap();
        chart.draw_series(std::iter::once(Circle::new((6.0, 5.0), 3, c.mix(0.3).stroke_width(2)))).unwrap();
        chart.draw_series(std::iter::once(Circle::new((7.0, 5.0), 3, c))).unwrap();
        chart
            .draw_series(std::iter::once(Polygon::new(vec![(1.0, 6.0), (2.0, 7.0), (3.0, 6.0)], c.mix(0.25))))
            .unwrap();
        chart
            .draw_series(std::iter::once(
                EmptyElement::at((2.0, 2.0))
                    + Text::new(
                        "2.4.10-ac1 <&> \"q\" 'a'",
                        (5, 0),
                        TextStyle::from(("sans-serif", 11.0).into_font()).pos(Pos::new(HPos::Left, VPos::Center)),
                    ),
            ))
            .unwrap();
        for (i, (h, v)) in
            [(HPos::Left, VPos::Top), (HPos::Center, VPos::Center), (HPos::Right, VPos::Bottom)].into_iter().enumerate()
        {
            let y = 10 + 20 * i as i32;
            root.draw(&Text::new(
                "t",
                (5, y),
                TextStyle::from(("sans-serif", 12.0 + i as f64 / 3.0, FontStyle::Bold).into_font()).pos(Pos::new(h, v)),
            ))
            .unwrap();
            root.draw(&Text::new(
                "i",
                (9, y),
                TextStyle::from(("serif", 12.0, FontStyle::Italic).into_font()).transform(FontTransform::Rotate180),
            ))
            .unwrap();
            root.draw(&Text::new(
                "m",
                (13, y),
                ("monospace", 10.0).into_font().color(&c.mix(0.5)).transform(FontTransform::Rotate90),
            ))
            .unwrap();
        }
        root.draw_pixel((3, 4), &c.to_rgba()).unwrap();
        root.draw_pixel((5, 6), &c.mix(0.5).to_rgba()).unwrap();
        root.present().unwrap();
    }

    #[test]
    fn same_svg_as_plotters_compacted() {
        let mut theirs = String::new();
        scene(SVGBackend::with_string(&mut theirs, (400, 300)));
        let mut ours = String::new();
        scene(CompactSvg::with_string(&mut ours, (400, 300)));
        assert!(theirs.contains(" opacity=\"1\"") && theirs.contains("font-size=\"10.887096774193548\""), "{theirs}");
        let end = theirs.find('>').unwrap() + 1;
        let mut compacted = theirs[..end].to_string();
        crate::chart::draw::compact_attributes(&theirs[end..], &mut compacted);
        assert_eq!(ours, compacted);
        assert!(ours.contains("&lt;less&gt; &amp; &quot;&apos;") && ours.contains("rotate(90, "), "{ours}");
    }
}
