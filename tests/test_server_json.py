"""server.json, the entry for the official MCP Registry, is valid against the registry's published schema and agrees
with the package it describes (name, version, description, launch command, environment variables).

tests/registry/server.schema.json is the registry's schema, vendored because tests run without the network: its
source is https://static.modelcontextprotocol.io/schemas/2025-09-29/server.schema.json (its `$id`), generated in the
registry's repository (modelcontextprotocol/registry, docs/reference/server-json/server.schema.json) from its OpenAPI
description; refresh it from there when server.json moves to a newer schema version."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path

import jsonschema
import pytest

from contexteer import __version__
from contexteer.config import SETTINGS, env_name
from contexteer.server.cli import build_parser

ROOT = Path(__file__).resolve().parents[1]
SCHEMA = json.loads((ROOT / "tests" / "registry" / "server.schema.json").read_text(encoding="utf-8"))
SERVER = json.loads((ROOT / "server.json").read_text(encoding="utf-8"))
PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]


def _errors(doc: dict) -> list[str]:
    validator = jsonschema.Draft7Validator(SCHEMA, format_checker=jsonschema.Draft7Validator.FORMAT_CHECKER)
    return [f"{'/'.join(map(str, e.absolute_path))}: {e.message}" for e in validator.iter_errors(doc)]


def test_server_json_is_valid_against_the_registry_schema():
    assert SERVER["$schema"] == SCHEMA["$id"]
    assert _errors(SERVER) == []


def test_the_schema_check_catches_what_the_registry_refuses():
    too_long = {**SERVER, "description": "x" * 101}
    assert any("description" in e for e in _errors(too_long))
    latest = json.loads(json.dumps(SERVER))
    latest["packages"][0]["version"] = "latest"
    assert _errors(latest)
    assert _errors({**SERVER, "name": "contexteer"})  # no namespace


def test_server_json_agrees_with_the_package():
    assert SERVER["description"] == PROJECT["description"] and len(PROJECT["description"]) <= 100
    assert SERVER["version"] == PROJECT["version"] == __version__
    for package in SERVER["packages"]:
        assert package["identifier"] == PROJECT["name"] and package["version"] == PROJECT["version"]
        assert package["runtimeHint"] == "uvx"


@pytest.mark.parametrize("index", [0, 1])
def test_each_package_launches_a_command_line_contexteer_accepts(index: int):
    package = SERVER["packages"][index]
    argv: list[str] = []
    for arg in package["packageArguments"]:
        value = arg.get("value") or arg.get("default") or "8000"
        argv += [value] if arg["type"] == "positional" else [arg["name"], value]
    args = build_parser().parse_args(argv)
    assert args.command == "serve" and args.root == "."
    transport = package["transport"]["type"]
    assert args.transport == {"stdio": "stdio", "streamable-http": "http"}[transport]


def test_environment_variables_are_settings_contexteer_reads():
    known = {env_name(s.name) for s in SETTINGS} | {"CONTEXTEER_TOKEN"}
    named = {v["name"] for p in SERVER["packages"] for v in p.get("environmentVariables", [])}
    assert named and named <= known, named - known
