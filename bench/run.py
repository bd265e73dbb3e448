#!/usr/bin/env python3
"""Keeper benchmarks for the budgets of ARCHITECTURE section 8.

Starts the production binaries (`cargo build --profile production`, as the images ship them) on their
own loopback ports over a fresh SQLite data directory, drives them with wrk (the load generator shares the two cores with every process, as the budgets assume) and writes
a Markdown report. Every throughput figure is put beside a reference measured in the same run, so a
slower or busier machine moves both sides: the gateway is compared with calling the system service
directly, and the login storm with the bcrypt cost alone.

Usage: bench/run.py [--bin DIR] [--duration SECONDS] [--out FILE]
"""
import argparse
import base64
import hashlib
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import urllib.request
from datetime import datetime
from pathlib import Path

HERE = Path(__file__).resolve().parent
LUA = HERE / "lua"
PORTS = {"gateway": 18080, "auth": 18101, "system": 18102, "resource": 18103, "business": 18104}
ADMIN_PASSWORD = "Bench#2026"
# The authenticated reads of ARCHITECTURE section 8 (paths under the system service).
READS = ["menu/routes", "menu/buttons", "user/info", "dict/dictionary?code=sex", "user/list?current=1&size=10"]
BASIC = "Basic " + base64.b64encode(b"sword:sword_secret").decode()


def md5(s: str) -> str:
    return hashlib.md5(s.encode()).hexdigest()


def rss_kb(pid: int) -> int:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    except FileNotFoundError:
        pass
    return 0


class Stack:
    """The four processes of `make run`, started the way deploy/local/start.sh starts them."""

    def __init__(self, bin_dir: Path, data_dir: Path):
        self.bin_dir, self.data_dir, self.procs = bin_dir, data_dir, {}
        self.env = dict(os.environ)
        self.env.update({
            "KEEPER_DATA_DIR": str(data_dir),
            "KEEPER_ADMIN_PASSWORD": ADMIN_PASSWORD,
            "KEEPER_JWT_SECRET": "bench-" + "x" * 40,
            "KEEPER_CAPTCHA": "off",
            # The storm measures bcrypt and the session store, not the per-address login limiter.
            "KEEPER_LOGIN_RATE_PER_MINUTE": "1000000",
            "KEEPER_LOG": "warn",
            "KEEPER_GATEWAY_LISTEN": f"127.0.0.1:{PORTS['gateway']}",
        })
        for svc in ("auth", "system", "resource", "business"):
            self.env[f"KEEPER_{svc.upper()}_LISTEN"] = f"127.0.0.1:{PORTS[svc]}"
        self.env.pop("KEEPER_CONFIG", None)

    def start(self) -> float:
        """Starts all processes; answers the seconds from the first spawn to the gateway's first 200."""
        t0 = time.monotonic()
        # All five processes, in the order `make start` starts them (deploy/local/start.sh).
        for name in ("system", "auth", "resource", "business", "gateway"):
            log = open(self.data_dir / f"{name}.log", "w")
            self.procs[name] = subprocess.Popen([str(self.bin_dir / f"keeper-{name}")], env=self.env, stdout=log, stderr=log)
        while time.monotonic() - t0 < 30:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{PORTS['gateway']}/ready", timeout=1) as r:
                    if r.status == 200:
                        return time.monotonic() - t0
            except OSError:
                pass
            time.sleep(0.005)
        raise SystemExit("the stack did not become ready in 30 s; see the logs in " + str(self.data_dir))

    def cpu_seconds(self, name: str) -> float:
        """User plus system CPU time the process has used so far."""
        fields = Path(f"/proc/{self.procs[name].pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def rss_mb(self) -> dict:
        return {n: rss_kb(p.pid) / 1024 for n, p in self.procs.items()}

    def stop(self):
        for p in self.procs.values():
            p.send_signal(signal.SIGTERM)
        for p in self.procs.values():
            try:
                p.wait(10)
            except subprocess.TimeoutExpired:
                p.kill()


def post_form(url: str, fields: dict, headers: dict) -> dict:
    body = "&".join(f"{k}={urllib.parse.quote(v)}" for k, v in fields.items()).encode()
    req = urllib.request.Request(url, data=body, headers={"Content-Type": "application/x-www-form-urlencoded", **headers})
    with urllib.request.urlopen(req, timeout=10) as r:
        return json.loads(r.read())


def admin_token() -> str:
    reply = post_form(
        f"http://127.0.0.1:{PORTS['gateway']}/api/keeper-auth/oauth/token",
        {"tenantId": "000000", "username": "admin", "password": md5(ADMIN_PASSWORD), "grant_type": "password", "scope": "all"},
        {"Authorization": BASIC, "Tenant-Id": "000000"},
    )
    return reply["access_token"]


def wrk(url: str, connections: int, duration: int, script: Path, env: dict, sampler=None) -> dict:
    """Runs wrk and parses requests/s, p99 latency and errors; `sampler` is called once a second meanwhile."""
    cmd = ["wrk", "-t2", f"-c{connections}", f"-d{duration}s", "--latency", "-s", str(script), url]
    p = subprocess.Popen(cmd, env={**os.environ, **env}, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    while p.poll() is None:
        if sampler:
            sampler()
        time.sleep(1)
    out = p.stdout.read()
    rps = float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1))
    requests = int(re.search(r"(\d+) requests in", out).group(1))
    def percentile(p: str) -> float:
        m = re.search(rf"^\s+{p}%\s+([\d.]+)(us|ms|s)\b", out, re.M)
        return float(m.group(1)) * {"us": 0.001, "ms": 1.0, "s": 1000.0}[m.group(2)]
    errors = 0
    e = re.search(r"Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)", out)
    if e:
        errors += sum(int(x) for x in e.groups())
    n = re.search(r"Non-2xx or 3xx responses: (\d+)", out)
    if n:
        errors += int(n.group(1))
    return {"rps": rps, "requests": requests, "p50_ms": percentile("50"), "p99_ms": percentile("99"), "errors": errors, "raw": out}


def bcrypt_reference(seconds: float = 3.0) -> float:
    """bcrypt verifications per second at cost 10 on both cores: the ceiling of any login path."""
    code = (
        "import bcrypt,time,sys\n"
        "h=bcrypt.hashpw(b'x'*32,bcrypt.gensalt(10));n=0;t=time.monotonic()\n"
        f"while time.monotonic()-t<{seconds}:\n bcrypt.checkpw(b'x'*32,h);n+=1\n"
        "print(n/(time.monotonic()-t))"
    )
    procs = [subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, text=True) for _ in range(2)]
    return sum(float(p.communicate()[0]) for p in procs)


class Progress(list):
    """The report's rows, each printed as it is measured: a failure later in the run loses nothing."""

    def append(self, row):
        super().append(row)
        print(f"{row[0]}: {row[1]}", flush=True)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin", default=os.path.join(os.environ.get("CARGO_TARGET_DIR", os.path.expanduser("~/.cache/keeper/target")), "production"))
    ap.add_argument("--duration", type=int, default=20)
    ap.add_argument("--out", default=str(HERE / "results" / f"{datetime.now():%Y-%m-%d}.md"))
    args = ap.parse_args()
    bin_dir = Path(args.bin)
    if not shutil.which("wrk"):
        raise SystemExit("wrk is missing: apt-get install wrk (make bench installs it)")
    data = Path(tempfile.mkdtemp(prefix="keeper-bench-"))
    stack = Stack(bin_dir, data)
    rows, notes = Progress(), []
    try:
        cold = stack.start()
        rows.append(("cold start of all processes to the gateway's first 200", f"{cold * 1000:.0f} ms", "<= 1 s", cold <= 1.0))
        time.sleep(2)
        idle = stack.rss_mb()
        total_idle = sum(idle.values())
        rows.append(("idle RSS, all processes", f"{total_idle:.1f} MB ({', '.join(f'{k} {v:.1f}' for k, v in idle.items())})", "<= 60 MB", total_idle <= 60))

        token = admin_token()
        env = {"KEEPER_TOKEN": token, "KEEPER_BASIC": BASIC}
        peak = {"rss": 0.0}

        def sample():
            peak["rss"] = max(peak["rss"], sum(stack.rss_mb().values()))

        # The reads every page of the SPA makes, each through the gateway and straight to the service.
        for path in READS:
            direct = wrk(f"http://127.0.0.1:{PORTS['system']}/{path}", 200, args.duration, LUA / "get.lua", env, sample)
            cpu = {n: stack.cpu_seconds(n) for n in ("gateway", "system")}
            via = wrk(f"http://127.0.0.1:{PORTS['gateway']}/api/keeper-system/{path}", 200, args.duration, LUA / "get.lua", env, sample)
            per_request = {n: (stack.cpu_seconds(n) - cpu[n]) / via["requests"] * 1e6 for n in cpu}
            overhead = 1 - via["rps"] / direct["rps"]
            added = via["p50_ms"] - direct["p50_ms"]
            rows.append((
                f"GET {path} through the gateway, 200 connections",
                f"{via['rps']:,.0f} req/s, p50 {via['p50_ms']:.1f} ms, p99 {via['p99_ms']:.1f} ms, {via['errors']} errors",
                ">= 5,000 req/s, p99 <= 50 ms",
                via["rps"] >= 5000 and via["p99_ms"] <= 50 and via["errors"] == 0,
            ))
            rows.append((
                "  the same, straight to the system service (reference)",
                f"{direct['rps']:,.0f} req/s, p50 {direct['p50_ms']:.1f} ms, p99 {direct['p99_ms']:.1f} ms, {direct['errors']} errors",
                "-",
                None,
            ))
            rows.append((
                "  gateway overhead: throughput, added p50",
                f"{overhead * 100:.0f} %, {added:+.1f} ms",
                "<= 30 %, <= 5 ms",
                overhead <= 0.30 and added <= 5,
            ))
            rows.append((
                "  CPU time per request through the gateway: gateway, system",
                f"{per_request['gateway']:.0f} us, {per_request['system']:.0f} us",
                "-",
                None,
            ))

        # Every read above in turn on each connection, as 200 signed-in users browsing would ask.
        peak["rss"] = 0.0
        mixed = wrk(f"http://127.0.0.1:{PORTS['gateway']}", 200, args.duration, LUA / "mixed.lua", {**env, "KEEPER_PATHS": " ".join(READS)}, sample)
        # Not yet ARCHITECTURE's mixed load (200 users browsing the business screens for 10 minutes): one
        # account's reads, for the memory under load and the errors.
        rows.append((
            "the five reads in turn through the gateway, 200 connections",
            f"{mixed['rps']:,.0f} req/s, p99 {mixed['p99_ms']:.1f} ms, {mixed['errors']} errors",
            "0 errors",
            mixed["errors"] == 0,
        ))
        rows.append(("peak RSS during those reads, all processes", f"{peak['rss']:.1f} MB", "<= 250 MB", peak["rss"] <= 250))

        reference = bcrypt_reference()
        peak["rss"] = 0.0
        login_env = {**env, "KEEPER_PASSWORD_MD5": md5(ADMIN_PASSWORD)}
        login = wrk(f"http://127.0.0.1:{PORTS['gateway']}/api/keeper-auth/oauth/token", 20, args.duration, LUA / "login.lua", login_env, sample)
        rows.append((
            "login storm (bcrypt cost 10), 20 connections",
            f"{login['rps']:.1f} logins/s ({login['rps'] / reference * 100:.0f} % of the reference), p99 {login['p99_ms']:.0f} ms, {login['errors']} errors",
            ">= 20 logins/s, >= 90 %, p99 <= 1 s, 0 errors",
            login["rps"] >= 20 and login["rps"] / reference >= 0.9 and login["p99_ms"] <= 1000 and login["errors"] == 0,
        ))
        rows.append(("bcrypt cost 10 verifications on both cores (reference)", f"{reference:.1f} /s; logins reach {login['rps'] / reference * 100:.0f} % of it", "-", None))
        rows.append(("peak RSS during the login storm, all processes", f"{peak['rss']:.1f} MB", "<= 150 MB", peak["rss"] <= 150))
        time.sleep(1)
        after = sum(stack.rss_mb().values())
        notes.append(f"RSS of all processes after the runs: {after:.1f} MB.")
    finally:
        stack.stop()
        shutil.rmtree(data, ignore_errors=True)

    cpu = next((l.split(":", 1)[1].strip() for l in Path("/proc/cpuinfo").read_text().splitlines() if l.startswith("model name")), "?")
    lines = [
        f"# Benchmark run {datetime.now():%Y-%m-%d %H:%M}",
        "",
        f"Machine: {os.cpu_count()} cores ({cpu}); binaries: `{bin_dir}`; SQLite; wrk on the same machine; {args.duration} s per load run.",
        "",
        "| what | measured | budget | within |",
        "|---|---|---|---|",
    ]
    for what, value, budget, ok in rows:
        lines.append(f"| {what} | {value} | {budget} | {'-' if ok is None else ('yes' if ok else '**no**')} |")
    lines += ["", *notes, ""]
    Path(args.out).parent.mkdir(parents=True, exist_ok=True)
    Path(args.out).write_text("\n".join(lines))
    print("\n".join(lines))
    print(f"written to {args.out}")


if __name__ == "__main__":
    import urllib.parse  # noqa: E402  (used by post_form)
    main()
