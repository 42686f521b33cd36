"""'What is at path:line' for a Rust method: its type is declared elsewhere, so the read names the method (or the
impl block holding the range), never an empty 'overlaps' (the tokio A/B run: `bounded.rs:228-232 — overlaps `)."""

from __future__ import annotations

from pathlib import Path

from tests.navigation.conftest import Served

SOURCE = """pub struct Receiver<T> {
    chan: Vec<T>,
}

impl<T> Receiver<T> {
    /// Receives the next value.
    pub fn recv(&mut self) -> Option<T> {
        self.chan.pop()
    }

    /// Closes the channel.
    pub fn close(&mut self) {
        self.chan.clear();
    }
}
"""


def _first_line(served: Served, start: int, end: int) -> str:
    a = served.call("read_code_range", path="src/chan.rs", start_line=start, end_line=end)
    assert not a.is_error, a.text
    return a.text.split("\n")[0]


def test_a_range_in_a_rust_method_names_the_method_and_a_trailing_blank_line_does_not_leave_it(tmp_path: Path):
    (tmp_path / "r" / "src").mkdir(parents=True)
    (tmp_path / "r" / "src" / "chan.rs").write_text(SOURCE, encoding="utf-8")
    served = Served(tmp_path / "r")
    assert _first_line(served, 8, 10).endswith("— in method Receiver.recv 7-9, in impl<T> Receiver<T> 5-15")
    assert _first_line(served, 6, 14).endswith("— in impl<T> Receiver<T> 5-15, overlapping Receiver.recv 7-9, Receiver.close 12-14")
    assert _first_line(served, 2, 7).endswith("— overlaps Receiver 1-3, impl<T> Receiver<T> 5-15")
