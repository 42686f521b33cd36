"""Language fidelity of the structure indexer on real code (issue 13, C and Rust): definitions against Universal Ctags.

Usage:
    .venv/bin/python bench/languages.py --c /tmp/linux [--subset include/linux mm ...] [--every 10]
        [--rust /usr/share/cargo/registry/tokio-1.24.2 ...] [--before DIR] [--workers 2] [--out bench/results/languages.md]

Corpora (obtained here, never vendored):
- C: the Linux kernel source (Debian `linux-source-6.12`: unpack /usr/src/linux-source-6.12.tar.xz in a temp dir).
  `--subset` restricts to some directories, `--every N` to every Nth file (the whole tree is ~60k files).
- Rust: crates under /usr/share/cargo/registry (Debian `librust-*-dev`), e.g. tokio, whose API sits inside
  `cfg_*! { ... }` macro invocations.
- `--before DIR`: another revision's package (`git archive REV contexteer | tar -x -C DIR`), run on the same files
  for before/after columns.

Measured in one run, per corpus:
- the share of files whose tree has syntax errors (ERROR or MISSING nodes), with the directories holding most;
- recall against `ctags` (the baseline, run in the same process on the same files): per ctags kind, the share of its
  definitions (same file, same name) we also have as a definition of a matching kind, the misses grouped by kind
  with a sample; a function ctags names after its defining macro (`BPF_CALL_2`) counts when we have a function at
  its line; ctags' names for anonymous types and annotation macros it took for names are left out;
- whether our range holds ctags' line; what the revision before found and we do not;
- Rust: items against a line regex (`pub fn x`, `struct Y`... wherever they stand: ctags skips macro bodies too),
  and how many definitions with `#[...]` attributes leave them outside their range;
- wall time of our extraction (2 processes, `nice`), of the revision before and of ctags on the same files.
"""

from __future__ import annotations

import argparse
import collections
import json
import multiprocessing
import os
import re
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

# ctags kind -> our kinds that count as the same definition
C_KINDS = {"f": ("function",), "s": ("struct",), "u": ("struct",), "g": ("enum",), "t": ("type", "struct", "enum"),
           "d": ("constant", "function"), "e": ("constant",), "m": ("field", "method"), "v": ("variable", "constant")}
RUST_KINDS = {"f": ("function", "method"), "P": ("method", "function"), "s": ("struct",), "i": ("trait",), "g": ("enum",),
              "t": ("type",), "n": ("module",), "M": ("function", "macro"), "m": ("field",), "e": ("constant",),
              "v": ("variable", "constant"), "c": ("impl",)}
LANGS = {"c": (("c", "h"), C_KINDS, ("--languages=C", "--map-C=+.h")),
         "rust": (("rs",), RUST_KINDS, ("--languages=Rust",))}


def list_files(root: Path, subsets: list[str], exts: tuple[str, ...]) -> list[str]:
    out = []
    for sub in subsets or ["."]:
        for dirpath, dirnames, names in os.walk(root / sub):
            dirnames[:] = sorted(d for d in dirnames if not d.startswith("."))
            for name in sorted(names):
                if name.rsplit(".", 1)[-1] in exts:
                    p = Path(dirpath) / name
                    if p.is_file() and not p.is_symlink():
                        out.append(str(p.relative_to(root)))
    return out


def _extract_chunk(args: tuple[str, str, list[str]]) -> list[tuple[str, bool, list[tuple]] | tuple[str, str]]:
    os.nice(19)
    from contexteer.indexers import languages
    from contexteer.indexers.extract import extract

    root, lang, paths = args
    spec = languages.BY_NAME[lang]
    out: list = []
    for rel in paths:
        data = (Path(root) / rel).read_bytes()
        if len(data) > 1024 * 1024:
            out.append((rel, "too large"))
            continue
        try:
            res = extract(data, spec, 20.0)
        except Exception as exc:  # noqa: BLE001 - reported as a miss of the whole file
            out.append((rel, f"{type(exc).__name__}: {exc}"))
            continue
        out.append((rel, res.has_errors, [(s[0], s[2], s[3], s[4], s[5]) for s in res.symbols]))
    return out


def _use_code(code: str | None) -> None:
    if code:
        sys.path.insert(0, code)


def ours(root: Path, lang: str, files: list[str], workers: int, code: str | None = None) -> tuple[dict, float]:
    """Our definitions per file; `code`: a directory holding another revision's `contexteer` package to run instead."""
    chunks = [(str(root), lang, files[i : i + 40]) for i in range(0, len(files), 40)]
    t = time.perf_counter()
    result: dict[str, tuple] = {}
    with multiprocessing.get_context("spawn").Pool(workers, initializer=_use_code, initargs=(code,)) as pool:
        for part in pool.imap_unordered(_extract_chunk, chunks):
            for row in part:
                result[row[0]] = row[1:]
    return result, time.perf_counter() - t


def ctags(root: Path, lang: str, files: list[str]) -> tuple[list[dict], float]:
    _exts, _kinds, opts = LANGS[lang]
    t = time.perf_counter()
    proc = subprocess.run(["nice", "-n", "19", "ctags", *opts, "--kinds-C=+p" if lang == "c" else "--kinds-Rust=*",
                           "--fields=+neKzs", "--output-format=json", "-f", "-", "-L", "-"],
                          input="\n".join(files), cwd=root, capture_output=True, text=True, check=True)
    tags = [json.loads(line) for line in proc.stdout.splitlines() if line.startswith("{")]
    return [t_ for t_ in tags if t_.get("_type") == "tag"], time.perf_counter() - t


_RUST_ITEM = re.compile(r"^[ \t]*(?:pub(?:\([^)\n]*\))?[ \t]+)?(?:(?:const|async|unsafe|default|extern[ \t]+\"[^\"\n]*\")[ \t]+)*"
                        r"(fn|struct|enum|trait|union|type|mod)[ \t]+([A-Za-z_]\w*)", re.M)
MACRO_NAME = re.compile(r"^[A-Z][A-Z0-9_]*$")
_GREP_KINDS = {"fn": "f", "struct": "s", "enum": "g", "trait": "i", "union": "s", "type": "t", "mod": "n"}


def grep_items(root: Path, files: list[str]) -> list[dict]:
    """Rust items by a line regex (`pub fn x`, `struct Y`...), wherever they stand, macro bodies included: the
    reference for what ctags does not see (ctags skips macro invocations too). Kinds as ctags letters."""
    tags = []
    for rel in files:
        text = (root / rel).read_text(encoding="utf-8", errors="replace")
        for m in _RUST_ITEM.finditer(text):
            tags.append({"path": rel, "name": m.group(2), "line": text.count("\n", 0, m.start(1)) + 1,
                         "kind": _GREP_KINDS[m.group(1)]})
    return tags


def attributes_outside(root: Path, found: dict) -> tuple[int, int]:
    """Rust definitions carrying `#[...]` attributes: how many ranges leave the attribute line right above them
    out, of how many (the attribute either right above the range or on its first line)."""
    outside = total = 0
    for rel, row in found.items():
        if not isinstance(row[0], bool):
            continue
        lines = (root / rel).read_text(encoding="utf-8", errors="replace").splitlines()
        for _name, _kind, start, _end, _sig in row[1]:
            above = lines[start - 2].lstrip() if start >= 2 else ""
            first = lines[start - 1].lstrip() if start >= 1 else ""
            if above.startswith("#[") or first.startswith("#["):
                total += 1
                outside += above.startswith("#[")
    return outside, total


def _is_annotation(name: str) -> bool:
    from contexteer.indexers import c_prep, languages

    return c_prep.is_attribute_macro(name) or bool(languages.MACRO_NAME_RE.fullmatch(name))


def compare(lang: str, found: dict, tags: list[dict]) -> dict:
    kinds = LANGS[lang][1]
    by_file: dict[str, dict[str, list[tuple]]] = {}
    for rel, row in found.items():
        if isinstance(row[0], bool):
            names: dict[str, list[tuple]] = {}
            for s in row[1]:
                names.setdefault(s[0], []).append(s)
            by_file[rel] = names
    per_kind: dict[str, list[int]] = collections.defaultdict(lambda: [0, 0, 0])  # total, found, line inside
    misses: dict[str, list[str]] = collections.defaultdict(list)
    by_macro = 0
    hits: set[tuple] = set()
    for tag in tags:
        letter = _letter(tag)
        if letter not in kinds or tag["name"].startswith("__anon") or tag["path"] not in by_file:
            continue  # ctags' names for anonymous types; files we do not parse (too large: reported apart)
        if lang == "c" and _is_annotation(tag["name"]):
            continue  # ctags took an annotation macro for a name (`struct x y ____cacheline_aligned;`)
        ok_kinds = kinds[letter]
        cand = [s for s in by_file[tag["path"]].get(tag["name"], []) if s[1] in ok_kinds]
        if not cand and letter == "f" and MACRO_NAME.match(tag["name"]):
            # `BPF_CALL_2(bpf_map_lookup_elem, ...) {`: ctags names it after the macro, we after its first argument
            line = tag.get("line", 0)
            cand = [s for syms in by_file[tag["path"]].values() for s in syms if s[1] in ok_kinds and s[2] == line]
            by_macro += bool(cand)
        stat = per_kind[letter]
        stat[0] += 1
        if cand:
            stat[1] += 1
            hits.add((tag["path"], tag.get("line"), tag["name"], letter))
            if any(s[2] <= tag.get("line", 0) <= s[3] for s in cand):
                stat[2] += 1
        else:
            misses[letter].append(f"{tag['path']}:{tag.get('line')} {tag['name']}")
    errors = sum(1 for r in found.values() if r[0] is True)
    return {"per_kind": dict(per_kind), "misses": dict(misses), "by_macro": by_macro, "errors": errors, "hits": hits}


def _letter(tag: dict) -> str:
    kind = tag.get("kind", "")
    return {"function": "f", "prototype": "p", "struct": "s", "union": "u", "enum": "g", "typedef": "t", "macro": "d",
            "enumerator": "e", "member": "m", "variable": "v", "externvar": "x", "method": "P", "interface": "i",
            "implementation": "c", "typedef_alias": "t", "module": "n", "field": "m", "enumerator_alias": "e",
            "variant": "e", "typedef-alias": "t", "macro_definition": "M", "macroDefinition": "M"}.get(kind, kind)


def error_dirs(found: dict, depth: int = 2) -> list[tuple[str, int, int]]:
    tally: dict[str, list[int]] = collections.defaultdict(lambda: [0, 0])
    for rel, row in found.items():
        d = "/".join(rel.split("/")[:depth])
        tally[d][0] += 1
        tally[d][1] += bool(row[0] is True)
    return sorted(((d, n, e) for d, (n, e) in tally.items()), key=lambda x: -x[2])


def run(lang: str, root: Path, subsets: list[str], workers: int, sample: int, every: int = 1,
        before: str | None = None) -> list[str]:
    files = list_files(root, subsets, LANGS[lang][0])[::every]
    found, ours_s = ours(root, lang, files, workers)
    tags, ctags_s = ctags(root, lang, files)
    cmp = compare(lang, found, tags)
    old_found, before_s = ours(root, lang, files, workers, before) if before else (None, 0.0)
    old = compare(lang, old_found, tags) if old_found is not None else None
    grepped = grep_items(root, files) if lang == "rust" else []
    grep = compare(lang, found, grepped) if lang == "rust" else None
    old_grep = compare(lang, old_found, grepped) if lang == "rust" and old_found is not None else None
    errors = sum(1 for r in found.values() if r[0] is True)
    failed = [(rel, r[0]) for rel, r in found.items() if isinstance(r[0], str)]
    label = f"{root.name}" + (f" ({', '.join(subsets)})" if subsets else "") + (f", every {every}th file" if every > 1 else "")
    lines = [f"### {lang}: {label}", "",
             f"{len(files)} files; ours {ours_s:.1f} s ({workers} processes)"
             + (f", the revision before {before_s:.1f} s ({ours_s / max(before_s, 1e-9):.2f}x)" if before else "")
             + f", ctags {ctags_s:.1f} s (1 process).",
             f"Files with syntax errors: **{errors} of {len(files)} ({100 * errors / max(1, len(files)):.1f}%)**"
             + (f" (before: {old['errors']}, {100 * old['errors'] / max(1, len(files)):.1f}%)" if old else "")
             + f"; not extracted: {len(failed)}.", "",
             "| ctags kind | ctags definitions | " + ("before: found, recall | " if old else "")
             + "found by us | recall | our range holds ctags' line |", "|---|---|" + ("---|" if old else "") + "---|---|---|"]
    for letter, (total, hit, inside) in sorted(cmp["per_kind"].items(), key=lambda kv: -kv[1][0]):
        was = ""
        if old:
            o = old["per_kind"].get(letter, [0, 0, 0])[1]
            was = f"{o}, {100 * o / total:.2f}% | "
        lines.append(f"| {letter} ({'/'.join(LANGS[lang][1][letter])}) | {total} | {was}{hit} | "
                     f"**{100 * hit / total:.2f}%** | {100 * inside / max(1, hit):.1f}% |")
    if old:
        lost = sorted(old["hits"] - cmp["hits"])
        lines.append(f"\nFound by the revision before and not now: {len(lost)}"
                     + (": " + "; ".join(f"`{p}:{n} {name}` ({k})" for p, n, name, k in lost[:sample]) if lost and sample else "."))
    if cmp["by_macro"]:
        lines.append(f"\n{cmp['by_macro']} of the functions found are defined through a macro (`BPF_CALL_2(name, ...) {{`): "
                     "ctags names them after the macro, we after the function (same file and line).")
    lines.append("")
    if lang == "rust":
        out_now, tot_now = attributes_outside(root, found)
        text = f"Definitions with `#[...]` attributes whose range leaves them out: **{out_now} of {tot_now}**"
        if old_found is not None:
            out_old, tot_old = attributes_outside(root, old_found)
            text += f" (before: {out_old} of {tot_old}, {100 * out_old / max(1, tot_old):.0f}%)"
        lines += [text + ".", ""]
    if grep is not None:
        lines += ["Against a line regex for items (`pub fn x`, `struct Y`... wherever they stand, macro bodies included, "
                  "which ctags skips):", "", "| item | grep | " + ("before: found, recall | " if old_grep else "")
                  + "found by us | recall |", "|---|---|" + ("---|" if old_grep else "") + "---|---|"]
        for letter, (total, hit, _inside) in sorted(grep["per_kind"].items(), key=lambda kv: -kv[1][0]):
            was = ""
            if old_grep:
                o = old_grep["per_kind"].get(letter, [0, 0, 0])[1]
                was = f"{o}, {100 * o / total:.2f}% | "
            lines.append(f"| {letter} | {total} | {was}{hit} | **{100 * hit / total:.2f}%** |")
        lines.append("")
        for letter, missed in sorted(grep["misses"].items(), key=lambda kv: -len(kv[1])):
            if sample:
                lines.append(f"Missed (grep) `{letter}` ({len(missed)}), first {min(sample, len(missed))}: "
                             + "; ".join(f"`{m}`" for m in missed[:sample]))
        lines.append("")
    worst = [f"{d} {e}/{n}" for d, n, e in error_dirs(found)[:8] if e]
    if worst:
        lines += ["Most files with syntax errors: " + ", ".join(worst), ""]
    for letter, missed in sorted(cmp["misses"].items(), key=lambda kv: -len(kv[1])):
        if sample:
            lines.append(f"Missed `{letter}` ({len(missed)}), first {min(sample, len(missed))}: "
                         + "; ".join(f"`{m}`" for m in missed[:sample]))
    if failed:
        lines.append(f"Not extracted, left out of the comparison ({len(failed)}): "
                     + "; ".join(f"`{rel}` ({why})" for rel, why in failed[: max(sample, 3)]))
    lines.append("")
    return lines


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    ap.add_argument("--c", type=Path, help="a C tree (the Linux kernel source)")
    ap.add_argument("--subset", nargs="*", default=[], help="directories of the C tree to measure (default: all)")
    ap.add_argument("--rust", type=Path, nargs="*", default=[], help="Rust crate directories")
    ap.add_argument("--every", type=int, default=1, help="measure every Nth C file only (in path order)")
    ap.add_argument("--before", help="a directory holding another revision's contexteer package (`git archive REV "
                    "contexteer | tar -x -C DIR`), measured on the same files for a before/after column")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--sample", type=int, default=12, help="misses shown per kind")
    ap.add_argument("--out", type=Path, help="write the markdown section here too")
    args = ap.parse_args()
    out = [f"Command: `.venv/bin/python bench/languages.py {' '.join(sys.argv[1:])}` · load average at start: "
           + ", ".join(f"{x:.1f}" for x in os.getloadavg()), ""]
    if args.c:
        out += run("c", args.c, args.subset, args.workers, args.sample, args.every, args.before)
    for crate in args.rust:
        out += run("rust", crate, [], args.workers, args.sample, before=args.before)
    text = "\n".join(out)
    print(text)  # noqa: T201 - a benchmark's report
    if args.out:
        args.out.write_text("## Language fidelity (issue 13)\n\n" + text + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
