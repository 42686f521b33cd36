"""Declared dependencies with versions from a repository's manifests: pyproject.toml, requirements*.txt,
package.json, go.mod, Cargo.toml, composer.json, Gemfile and *.gemspec, *.csproj (NuGet), pom.xml and
build.gradle (TOML read with the standard library's tomllib)."""

from __future__ import annotations

import json
import logging
import posixpath
import re
import tomllib
from collections.abc import Callable, Iterable
from dataclasses import dataclass

logger = logging.getLogger(__name__)

MANIFEST_RE = re.compile(
    r"(^|/)(pyproject\.toml|requirements[\w.-]*\.(txt|in)|package\.json|go\.mod|Cargo\.toml|composer\.json|Gemfile|"
    r"[\w.-]+\.gemspec|[\w.-]+\.csproj|Directory\.Packages\.props|pom\.xml|build\.gradle(\.kts)?)$")
#: directories whose manifests belong to installed or vendored code, not to the repository's own packages
VENDORED = re.compile(r"(^|/)(node_modules|vendor|bower_components)/")


@dataclass(frozen=True)
class Declared:
    name: str
    version: str  # the version spec as written ("" when none)
    manifest: str  # root-relative manifest path
    group: str  # "main" | "dev" | "optional:<extra>" | "build" | ...


_REQ = re.compile(r"^\s*([A-Za-z0-9][A-Za-z0-9._-]*)(\[[^\]]*\])?\s*(.*)$")


def _split_req(spec: str) -> tuple[str, str]:
    spec = spec.split(";")[0].split("#")[0].strip()
    m = _REQ.match(spec)
    if not m:
        return spec, ""
    return m.group(1), m.group(3).strip()


def read_manifests(read: Callable[[str], str | None], files: Iterable[str]) -> list[Declared]:
    """Declared dependencies with versions from the manifests found in `files` (root-relative), read with `read`
    (None: unreadable, skipped)."""
    out: list[Declared] = []
    for rel in sorted(files):
        text = read(rel)
        if text is None:
            logger.info("manifest %s could not be read", rel)
            continue
        out += parse_manifest(rel, text)
    return out


def parse_manifest(rel: str, text: str) -> list[Declared]:
    """The dependencies one manifest declares (its root-relative path tells its kind); [] for an unreadable one."""
    base = posixpath.basename(rel)
    if not MANIFEST_RE.search(rel) or VENDORED.search(rel):
        return []
    try:
        if base == "pyproject.toml":
            return _pyproject(rel, text)
        if base.startswith("requirements"):
            group = "dev" if re.search(r"dev|test|lint|doc", base) else "main"
            out = []
            for line in text.splitlines():
                line = line.strip()
                if line and not line.startswith(("#", "-")):
                    out.append(Declared(*_split_req(line), rel, group))
            return out
        if base == "package.json":
            return _package_json(rel, text)
        if base == "go.mod":
            return _gomod(rel, text)
        if base == "Cargo.toml":
            return _cargo(rel, text)
        if base == "composer.json":
            return _composer(rel, text)
        if base == "Gemfile" or base.endswith(".gemspec"):
            return _ruby(rel, text)
        if base.endswith((".csproj", ".props")):
            return [Declared(m.group(2), m.group(3) or "", rel, "main") for m in _NUGET.finditer(text)]
        if base == "pom.xml":
            return _pom(rel, text)
        if base.startswith("build.gradle"):
            return [Declared(f"{m.group(2)}:{m.group(3)}", m.group(4) or "", rel, "test" if "test" in m.group(1).lower() else "main")
                    for m in _GRADLE.finditer(text)]
    except (ValueError, tomllib.TOMLDecodeError) as exc:
        logger.info("manifest %s could not be read: %s", rel, exc)
    return []


def _package_json(rel: str, text: str) -> list[Declared]:
    data = json.loads(text)
    out = []
    for key, group in (("dependencies", "main"), ("devDependencies", "dev"), ("peerDependencies", "peer"),
                       ("optionalDependencies", "optional")):
        for name, ver in (data.get(key) or {}).items():
            out.append(Declared(name, str(ver), rel, group))
    return out


def _composer(rel: str, text: str) -> list[Declared]:
    data = json.loads(text)
    out = []
    for key, group in (("require", "main"), ("require-dev", "dev")):
        for name, ver in (data.get(key) or {}).items():
            if "/" in name:  # 'php' and 'ext-json' are the platform, not packages
                out.append(Declared(name, str(ver), rel, group))
    return out


_GEM = re.compile(r"""^\s*(?:gem|\w+\.add_(?:runtime_|development_)?dependency)\s*\(?\s*["']([\w.-]+)["']((?:\s*,\s*["'][^"']*["'])*)""", re.M)


def _ruby(rel: str, text: str) -> list[Declared]:
    out = []
    for m in _GEM.finditer(text):
        versions = ", ".join(v.strip().strip("'\"") for v in m.group(2).split(",") if v.strip())
        group = "dev" if "development" in m.group(0) else "main"
        out.append(Declared(m.group(1), versions, rel, group))
    return out


_NUGET = re.compile(r"""<Package(Reference|Version)\s+Include="([^"]+)"(?:\s+Version="([^"]*)")?""")
_POM_DEP = re.compile(r"<dependency>(.*?)</dependency>", re.S)
_GRADLE = re.compile(r"""^\s*(\w+)\s*\(?\s*["']([\w.-]+):([\w.-]+)(?::([^"'@]+))?""", re.M)


def _pom(rel: str, text: str) -> list[Declared]:
    out = []
    for block in _POM_DEP.findall(text):
        tag = {k: (re.search(rf"<{k}>\s*([^<]*?)\s*</{k}>", block) or [None, ""])[1] for k in ("groupId", "artifactId", "version", "scope")}
        if tag["groupId"] and tag["artifactId"]:
            out.append(Declared(f"{tag['groupId']}:{tag['artifactId']}", tag["version"] or "", rel, tag["scope"] or "main"))
    return out


def _pyproject(rel: str, text: str) -> list[Declared]:
    data = tomllib.loads(text)
    out: list[Declared] = []
    proj = data.get("project") or {}
    for spec in proj.get("dependencies") or []:
        out.append(Declared(*_split_req(spec), rel, "main"))
    for extra, specs in (proj.get("optional-dependencies") or {}).items():
        for spec in specs:
            out.append(Declared(*_split_req(spec), rel, f"optional:{extra}"))
    for group, specs in (data.get("dependency-groups") or {}).items():
        for spec in specs:
            if isinstance(spec, str):
                out.append(Declared(*_split_req(spec), rel, group))
    poetry = (data.get("tool") or {}).get("poetry") or {}
    for key, group in (("dependencies", "main"), ("dev-dependencies", "dev")):
        for name, ver in (poetry.get(key) or {}).items():
            if name.lower() != "python":
                out.append(Declared(name, ver if isinstance(ver, str) else str(ver.get("version", "")), rel, group))
    for spec in (data.get("build-system") or {}).get("requires") or []:
        out.append(Declared(*_split_req(spec), rel, "build"))
    return out


def _gomod(rel: str, text: str) -> list[Declared]:
    out = []
    block = False
    for line in text.splitlines():
        s = line.split("//")[0].strip()
        indirect = "// indirect" in line
        if s.startswith("require ("):
            block = True
            continue
        if block and s == ")":
            block = False
            continue
        if block or s.startswith("require "):
            parts = s.removeprefix("require ").split()
            if len(parts) >= 2:
                out.append(Declared(parts[0], parts[1], rel, "indirect" if indirect else "main"))
    return out


def _cargo(rel: str, text: str) -> list[Declared]:
    data = tomllib.loads(text)
    tables = [(data, "")] + [(t, "") for t in (data.get("target") or {}).values() if isinstance(t, dict)]
    tables.append((data.get("workspace") or {}, "workspace "))
    out = []
    for table, scope in tables:
        for key, group in (("dependencies", "main"), ("dev-dependencies", "dev"), ("build-dependencies", "build")):
            for name, ver in (table.get(key) or {}).items():
                if isinstance(ver, dict):
                    v = ver.get("version") or ("path " + ver["path"] if "path" in ver else "git" if "git" in ver
                                               else "workspace" if ver.get("workspace") else "")
                else:
                    v = str(ver)
                out.append(Declared(name, str(v), rel, scope + group if scope else group))
    return out


def normalize_pkg(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


#: Python import names whose distribution (what a manifest declares) is named otherwise.
IMPORT_TO_DISTRIBUTIONS: dict[str, tuple[str, ...]] = {
    "sklearn": ("scikit-learn",), "skimage": ("scikit-image",), "PIL": ("Pillow", "pillow-simd"),
    "bs4": ("beautifulsoup4",), "cv2": ("opencv-python", "opencv-python-headless", "opencv-contrib-python"),
    "dateutil": ("python-dateutil",), "yaml": ("PyYAML",), "google.protobuf": ("protobuf",),
    "attr": ("attrs",), "jwt": ("PyJWT",), "dotenv": ("python-dotenv",), "magic": ("python-magic",),
    "serial": ("pyserial",), "usb": ("pyusb",), "OpenSSL": ("pyOpenSSL",), "Crypto": ("pycryptodome", "pycrypto"),
    "Cryptodome": ("pycryptodomex",), "docx": ("python-docx",), "pptx": ("python-pptx",), "git": ("GitPython",),
    "zmq": ("pyzmq",), "MySQLdb": ("mysqlclient",), "psycopg2": ("psycopg2", "psycopg2-binary"),
    "win32api": ("pywin32",), "win32con": ("pywin32",), "googleapiclient": ("google-api-python-client",),
    "telegram": ("python-telegram-bot",), "multipart": ("python-multipart",), "jose": ("python-jose",),
    "Levenshtein": ("python-Levenshtein", "levenshtein"), "fitz": ("PyMuPDF",), "ldap": ("python-ldap",),
    "slugify": ("python-slugify",), "pkg_resources": ("setuptools",), "faiss": ("faiss-cpu", "faiss-gpu"),
    "sentencepiece": ("sentencepiece",), "tensorflow": ("tensorflow", "tensorflow-cpu"), "Bio": ("biopython",),
    "nacl": ("PyNaCl",), "github": ("PyGithub",), "gi": ("PyGObject",), "wx": ("wxPython",),
    "ruamel.yaml": ("ruamel.yaml",), "mpl_toolkits": ("matplotlib",), "lxml": ("lxml",), "kafka": ("kafka-python",),
    "websocket": ("websocket-client",), "socks": ("PySocks",), "markdown": ("Markdown",), "jinja2": ("Jinja2",),
}


def distribution_candidates(import_name: str) -> list[str]:
    """Normalised manifest names an imported package may be declared under: itself (dots as dashes), the
    well-known distribution of an import name (sklearn -> scikit-learn, PIL -> Pillow), py-/python- forms."""
    key = normalize_pkg(import_name)
    out = [key]
    for dist in IMPORT_TO_DISTRIBUTIONS.get(import_name, ()) + IMPORT_TO_DISTRIBUTIONS.get(import_name.split(".")[0], ()):
        out.append(normalize_pkg(dist))
    out += ["py" + key, key.removeprefix("py"), key + "-python", "python-" + key, key.replace("-", "")]
    return list(dict.fromkeys(out))
