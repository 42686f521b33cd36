"""A topic file far over any entry size is never loaded whole (issue 18: size checks before any read). With
memory.location=repo a cloned repository can ship a memory file of any size; `recall` and `read` loaded it whole."""

from __future__ import annotations

from pathlib import Path

from tests.navigation.conftest import Served

HEADER = ("---\nname: {name}\ndescription: {desc}\ntag: DECISION\nsource: user\ncreatedAt: '2026-01-01T00:00:00.000Z'\n"
          "updatedAt: '2026-01-01T00:00:00.000Z'\n---\n")


def test_recall_and_read_refuse_to_load_a_topic_file_larger_than_any_entry(tmp_path: Path):
    root = tmp_path / "repo"
    folder = root / ".contexteer" / "memory"
    folder.mkdir(parents=True)
    (folder / "huge.md").write_text(HEADER.format(name="huge", desc="huge deploy notes") + "filler line\n" * 400_000)
    (folder / "small.md").write_text(HEADER.format(name="small", desc="deploy order") + "Deploy the API first.\n")
    assert (folder / "huge.md").stat().st_size > 4 << 20  # four times the 1 MB read cap
    served = Served(root, **{"memory.location": "repo"})
    recall = served.call("memory", action="recall", query="deploy")
    assert not recall.is_error, recall.text
    assert "Deploy the API first." in recall.text
    assert "larger than 1024 KB" in recall.text and recall.text.count("filler line") == 0
    read = served.call("memory", action="read", name="huge")
    assert not read.is_error and "larger than 1024 KB" in read.text
    assert read.text.count("filler line") < 1000  # the raw view is cut to memory.entry_max_bytes
