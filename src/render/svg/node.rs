//! SVG elements written as they are built, under the memory budget.
//!
//! An element is its tag, its attributes and the text of its children, already written out:
//! adding a child appends the child's markup to its parent's, so a picture of a million
//! cells holds about the bytes it prints (a tree of the `svg` crate's elements, one hash map
//! of attributes each, held ten times that: a 1000 × 1000 board took 2 GB).
//!
//! Every [`Element::add`] asks the memory meter (`lower/meter.rs`) first: once the process
//! holds more than `--max-memory`, the child is dropped and the element, and every element
//! it is added to, is marked *spent*; the command line then reports S401 instead of printing
//! a picture with parts missing. Drawing loops over cells also stop early at [`spent`].
//!
//! The markup is the one the `svg` crate wrote, byte for byte: attributes in byte order of
//! their names, each child on a line of its own, a text's content on a line of its own.
use crate::lower::meter;
use std::fmt::{self, Display};

/// Whether the process holds more than the memory budget (one atomic load).
#[inline]
pub fn spent() -> bool {
    meter::over()
}

/// An element: written-out children, attributes kept until the element is written into
/// its parent (so a later `set` of the same name replaces an earlier one).
#[derive(Clone, Debug)]
pub struct Element {
    name: &'static str,
    attributes: Vec<(&'static str, String)>,
    /// The markup of the children (each preceded by a line break), or a text's content.
    body: String,
    /// Whether the body is a text's content rather than children.
    text: bool,
    /// A child was dropped because the memory budget was spent.
    spent: bool,
}

impl Element {
    pub fn new(name: &'static str) -> Element {
        Element { name, attributes: Vec::new(), body: String::new(), text: false, spent: false }
    }

    /// Sets an attribute (replacing one of the same name).
    pub fn set(mut self, name: &'static str, value: impl Display) -> Element {
        let value = value.to_string();
        match self.attributes.iter_mut().find(|(n, _)| *n == name) {
            Some(slot) => slot.1 = value,
            None => self.attributes.push((name, value)),
        }
        self
    }

    /// Appends a child, unless the memory budget is spent (then the element is spent).
    pub fn add(mut self, child: Element) -> Element {
        if self.spent || child.spent || spent() {
            self.spent = true;
            return self;
        }
        self.body.push('\n');
        // Writing to a string cannot fail.
        let _ = child.write_into(&mut self.body);
        self
    }

    /// Whether the budget is spent, marking the element spent if so: a drawing loop stops at
    /// `if g.full() { break }`.
    pub fn full(&mut self) -> bool {
        self.spent |= spent();
        self.spent
    }

    /// Whether a child was dropped for want of memory (the picture is incomplete).
    pub fn is_spent(&self) -> bool {
        self.spent
    }

    /// Writes the element's markup (to a parent's body, or to the output).
    fn write_into(&self, out: &mut impl fmt::Write) -> fmt::Result {
        write!(out, "<{}", self.name)?;
        let mut attributes: Vec<&(&str, String)> = self.attributes.iter().collect();
        attributes.sort_by_key(|a| a.0);
        for (name, value) in attributes {
            write!(out, " {name}=\"")?;
            escape(value, true, out)?;
            out.write_char('"')?;
        }
        if self.body.is_empty() && !self.text {
            return out.write_str("/>");
        }
        out.write_char('>')?;
        if self.text {
            out.write_char('\n')?;
            escape(&self.body, false, out)?;
        } else {
            out.write_str(&self.body)?;
        }
        write!(out, "\n</{}>", self.name)
    }
}

impl Display for Element {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_into(f)
    }
}

/// `&`, `<` and `>` as entities, and in attributes the quotes too.
fn escape(s: &str, attribute: bool, out: &mut impl fmt::Write) -> fmt::Result {
    for c in s.chars() {
        match c {
            '&' => out.write_str("&amp;")?,
            '<' => out.write_str("&lt;")?,
            '>' => out.write_str("&gt;")?,
            '"' if attribute => out.write_str("&quot;")?,
            '\'' if attribute => out.write_str("&apos;")?,
            c => out.write_char(c)?,
        }
    }
    Ok(())
}

/// A whole picture: the `svg` element.
pub type Document = Element;

impl Document {
    /// An empty `svg` element in the SVG namespace.
    pub fn svg() -> Document {
        Element::new("svg").set("xmlns", "http://www.w3.org/2000/svg")
    }
}

/// Constructors named after the elements, as the drawing code reads them.
macro_rules! tags {
    ($($ty:ident = $tag:literal),* $(,)?) => {$(
        pub struct $ty;
        impl $ty {
            #[allow(clippy::new_ret_no_self)]
            pub fn new() -> Element {
                Element::new($tag)
            }
        }
    )*};
}

tags! {
    Animate = "animate", Circle = "circle", Group = "g", Line = "line", Path = "path",
    Polygon = "polygon", Polyline = "polyline", Rectangle = "rect",
}

/// A `text` element holding `content`.
pub struct Text;

impl Text {
    #[allow(clippy::new_ret_no_self)]
    pub fn new(content: &str) -> Element {
        Element { text: true, body: content.to_string(), ..Element::new("text") }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn markup_sorts_attributes_escapes_and_puts_children_on_lines() {
        let doc = Document::svg()
            .set("width", 10)
            .set("viewBox", "0 0 10 10")
            .add(Group::new().set("fill", "a\"b").add(Rectangle::new().set("x", 1.5)).add(Rectangle::new()))
            .add(Text::new("x<y & z").set("y", 2));
        assert_eq!(
            doc.to_string(),
            "<svg viewBox=\"0 0 10 10\" width=\"10\" xmlns=\"http://www.w3.org/2000/svg\">\n\
             <g fill=\"a&quot;b\">\n<rect x=\"1.5\"/>\n<rect/>\n</g>\n\
             <text y=\"2\">\nx&lt;y &amp; z\n</text>\n</svg>"
        );
        assert_eq!(Rectangle::new().set("x", 1).set("x", 2).to_string(), "<rect x=\"2\"/>");
    }
}
