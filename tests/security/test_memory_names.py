"""Memory names are normalised once and stay addressable (issue 18, finding 8, and the `nul.txt` low):
`memory save name=notes.md.md` wrote `notes.md.md`, which no read, delete or recall could address, and every
recall of the project failed on it; `nul.txt` was accepted although Windows can create no such file."""

from __future__ import annotations

from pathlib import Path

import pytest

from contexteer.errors import InputError
from contexteer.memory import entries as E
from tests.navigation.conftest import Served

ENTRY = ("---\nname: {name}\ndescription: {desc}\ntag: DECISION\nsource: user\ncreatedAt: '2026-01-01T00:00:00.000Z'\n"
         "updatedAt: '2026-01-01T00:00:00.000Z'\n---\n{body}\n")


def _served(tmp_path: Path, files: dict[str, str] | None = None) -> Served:
    root = tmp_path / "repo"
    folder = root / ".contexteer" / "memory"
    folder.mkdir(parents=True)
    for file, body in (files or {}).items():
        (folder / file).write_text(ENTRY.format(name=file[:-3], desc=f"about {body}", body=body), encoding="utf-8")
    return Served(root, **{"memory.location": "repo"})


def test_memory_save_name_notes_md_md_is_stored_as_notes_and_every_form_of_the_name_reaches_it(tmp_path: Path):
    served = _served(tmp_path)
    saved = served.call("memory", action="save", name="notes.md.md", content="Deploys go through CI.", tag="DECISION")
    assert not saved.is_error, saved.text
    assert "stored as 'notes'" in saved.text
    assert sorted(p.name for p in (tmp_path / "repo/.contexteer/memory").glob("*.md")) == ["MEMORY.md", "notes.md"]
    for name in ("notes", "notes.md", "notes.md.md", "NOTES.MD"):
        read = served.call("memory", action="read", name=name)
        assert not read.is_error and "Deploys go through CI." in read.text, (name, read.text)
    recall = served.call("memory", action="recall")
    assert not recall.is_error and "Deploys go through CI." in recall.text, recall.text
    gone = served.call("memory", action="delete", name="notes.md.md")
    assert not gone.is_error and "notes" in gone.text, gone.text
    assert not (tmp_path / "repo/.contexteer/memory/notes.md").exists()


def test_a_topic_file_named_by_an_older_version_is_renamed_at_start_and_recall_keeps_working(tmp_path: Path):
    served = _served(tmp_path, {"notes.md.md": "old-version entry", "Mixed.md": "upper-case entry", "ok.md": "plain entry"})
    recall = served.call("memory", action="recall")
    assert not recall.is_error, recall.text
    for body in ("old-version entry", "upper-case entry", "plain entry"):
        assert body in recall.text
    assert "notes.md.md -> notes.md" in recall.text and "Mixed.md -> mixed.md" in recall.text  # said once, at start
    folder = tmp_path / "repo/.contexteer/memory"
    assert {p.name for p in folder.glob("*.md")} == {"MEMORY.md", "notes.md", "mixed.md", "ok.md"}
    assert not served.call("memory", action="delete", name="notes").is_error
    assert not served.call("memory", action="read", name="mixed").is_error


def test_a_topic_file_whose_name_cannot_be_normalised_is_listed_with_the_fix_and_never_breaks_recall(tmp_path: Path):
    served = _served(tmp_path, {"ok.md": "plain entry", "notes.md.md": "clashing entry", "notes.md": "the real notes"})
    folder = tmp_path / "repo/.contexteer/memory"
    (folder / "Bad Name.md").write_text(ENTRY.format(name="bad", desc="bad", body="spaced entry"), encoding="utf-8")
    recall = served.call("memory", action="recall")
    assert not recall.is_error, recall.text
    assert "plain entry" in recall.text and "the real notes" in recall.text
    assert "clashing entry" not in recall.text and "spaced entry" not in recall.text
    assert "notes.md exists too; merge the two by hand" in recall.text
    assert "rename Bad Name.md by hand" in recall.text
    listed = served.call("memory", action="list")
    assert not listed.is_error and "not a valid memory file name" in listed.text
    assert (folder / "notes.md.md").exists()  # never renamed over an existing entry


@pytest.mark.parametrize("name", ["nul.txt", "NUL", "nul.md", "con.notes", "com1.x", "lpt9.md.md", "aux"])
def test_windows_device_names_are_refused_whatever_follows_the_dot(tmp_path: Path, name: str):
    served = _served(tmp_path)
    a = served.call("memory", action="save", name=name, content="x", tag="DECISION")
    assert a.is_error and "Windows device name" in a.text and "Choose another name" in a.text, a.text
    assert not list((tmp_path / "repo/.contexteer/memory").glob("*.md"))


@pytest.mark.parametrize("raw", ["notes", "Notes.MD", "notes.md.md.md", "a.b.md", "v1.2", "x_y-z.md", "nullable", "console"])
def test_normalising_a_memory_name_twice_changes_nothing(raw: str):
    once = E.validate_name(raw)
    assert E.validate_name(once) == once
    assert E.canonical_stem(once) == once
    assert not once.endswith(".md")


def test_a_name_that_is_only_md_suffixes_is_refused():
    with pytest.raises(InputError, match="not a valid memory name"):
        E.validate_name(".md.md")
