"""deploy/compose.yaml and its Caddyfile agree with each other and with the image (no Docker engine is needed)."""

from __future__ import annotations

import re
from pathlib import Path

import yaml

DEPLOY = Path(__file__).resolve().parents[2] / "deploy"


def _compose() -> dict:
    return yaml.safe_load((DEPLOY / "compose.yaml").read_text(encoding="utf-8"))  # trusted: our own file (has anchors)


def test_every_replica_is_built_from_the_dockerfile_with_the_repository_read_only_and_the_shared_database():
    services = _compose()["services"]
    replicas = {name: svc for name, svc in services.items() if name.startswith("replica-")}
    assert len(replicas) >= 2 and {"db", "lb"} <= set(services)
    for name, svc in replicas.items():
        assert svc["build"]["dockerfile"] == "Dockerfile" and (DEPLOY / svc["build"]["context"] / "Dockerfile").is_file()
        assert any(v.endswith(":/workspace:ro") for v in svc["volumes"]), f"{name}: the repository must be mounted read-only"
        env = svc["environment"]
        url = env["CONTEXTEER_DATABASE_URL"]
        assert url.startswith("postgresql://") and "@db:" in url and ":" not in url.split("//", 1)[1].split("@", 1)[0], \
            f"{name}: the password goes in PGPASSWORD, never in the URL"
        assert env["CONTEXTEER_SERVER__TOKENS_FILE"] and env["CONTEXTEER_PROJECT"]
        assert svc["depends_on"]["db"]["condition"] == "service_healthy"


def test_the_load_balancer_sends_requests_to_every_replica_round_robin():
    services = _compose()["services"]
    replicas = sorted(name for name in services if name.startswith("replica-"))
    caddyfile = (DEPLOY / "Caddyfile").read_text(encoding="utf-8")
    upstreams = re.search(r"reverse_proxy ([^{]+)\{", caddyfile)
    assert upstreams is not None
    assert sorted(u.split(":")[0] for u in upstreams.group(1).split()) == replicas
    assert "lb_policy round_robin" in caddyfile and "health_uri /healthz" in caddyfile
    assert any(v.startswith("./Caddyfile:") for v in services["lb"]["volumes"])


def test_the_image_serves_streamable_http_on_the_port_the_load_balancer_uses_and_has_the_driver():
    dockerfile = (DEPLOY.parent / "Dockerfile").read_text(encoding="utf-8")
    cmd = re.search(r'^CMD \[(.*)\]$', dockerfile, re.M)
    assert cmd is not None
    args = [a.strip().strip('"') for a in cmd.group(1).split(",")]
    assert args[:2] == ["contexteer", "serve"] and "http" in args and "0.0.0.0" in args and "/workspace" in args
    assert args[args.index("--port") + 1] == "8000"
    assert "['optional-dependencies']['postgres']" in dockerfile
