"""`contexteer config show | snippet`: the effective configuration, and a client's registration snippet."""

from __future__ import annotations

import argparse
import json
import logging
import sys
from typing import Any, TextIO

from contexteer.config import SETTINGS, env_name, load_config
from contexteer.secrets import redact
from contexteer.server.cli.common import load
from contexteer.server.clients import CLIENTS as CLIENT_REGISTRY

logger = logging.getLogger(__name__)


def config_show(args: argparse.Namespace, out: TextIO) -> int:
    ws, loaded = load(args)
    s = loaded.settings
    out.write("# effective contexteer configuration\n")
    out.write("# files read: " + (", ".join(loaded.files) or "none") + "\n")
    out.write(f"# this project's data: {ws.data_path} (index, result store, journal; memory: {ws.memory_dir})\n")
    for info in SETTINGS:
        value: Any = s
        for part in info.name.split("."):
            value = getattr(value, part)
        src = loaded.source(info.name)
        shown = json.dumps(value) if info.name != "storage.url" else redact(json.dumps(value))[0]  # a password in the URL
        out.write(f"{info.name} = {shown}    # {src}; env {env_name(info.name)}\n")
    if loaded.warnings:
        out.write("\n# warnings\n")
        for w in loaded.warnings:
            out.write(f"warning: {w}\n")
    else:
        out.write("\n# budget arithmetic: ok\n")
    return 0


def config_snippet(args: argparse.Namespace, out: TextIO) -> int:
    from contexteer.server.cli.clientconfig import resolve_root
    from contexteer.server.clients import snippet

    root, how = resolve_root(args.root)
    port = args.port or load_config(root=None, config_file=args.config, overrides={}).settings.server.port
    out.write(snippet(args.client, args.transport, root, port, uvx=args.uvx) + "\n")
    sys.stderr.write(f"# repository: {root} ({how})\n")
    where = CLIENT_REGISTRY[args.client].where
    sys.stderr.write("# run this in a terminal in the repository\n" if args.client == "claude-code" and args.transport == "stdio"
                     else f"# put this in {where}, or let `contexteer init --client {args.client}` merge it\n")
    return 0
