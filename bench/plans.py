"""Query plans of the business scenarios (bench/run.py --only business).

PostgreSQL's are the plans the server itself ran for the service's statements: while the plans are
captured, the bench database loads `auto_explain` into every new session with ANALYZE on, one request of
each endpoint is made, and the plans are read back from the server's log. Nothing is reconstructed by hand,
so the statements are exactly those the service sent, N+1 patterns included. SQLite has no such log: its
plans are `EXPLAIN QUERY PLAN` of the same statement texts over the bench's SQLite file (sea-query renders
these SELECTs alike for both; `$n` is a parameter name SQLite accepts, and the services compile SQLite
statements independently of their bound values, `SQLITE_DBCONFIG_ENABLE_QPSG`).
"""
import re
import subprocess
from pathlib import Path

# Set on the bench database only while the plans are captured; reset before anything is timed.
CAPTURE = {
    "session_preload_libraries": "auto_explain",
    "auto_explain.log_min_duration": "0",
    "auto_explain.log_analyze": "on",
    "auto_explain.log_buffers": "off",
}

ENTRY = re.compile(r"^\S+ \S+ \S+ \[\d+\] \S+@(\S+) LOG:  duration: ([\d.]+) ms  plan:$")


def psql(url: str, *statements: str) -> str:
    cmd = ["psql", "-X", "-q", "-A", "-t", "-v", "ON_ERROR_STOP=1", url]
    for s in statements:
        cmd += ["-c", s]
    return subprocess.run(cmd, check=True, capture_output=True, text=True).stdout


def server_log(url: str) -> Path | None:
    """The server's log file when it runs on this machine and logs to stderr (Debian's pg_ctlcluster)."""
    version = psql(url, "SHOW server_version_num").strip()[:2]
    candidates = sorted(Path("/var/log/postgresql").glob(f"postgresql-{version}-*.log"))
    return candidates[-1] if candidates else None


class Log:
    """Reads what the server logged after a mark."""

    def __init__(self, path: Path):
        self.path = path

    def mark(self) -> int:
        return self.path.stat().st_size

    def since(self, mark: int) -> str:
        with open(self.path, "rb") as f:
            f.seek(mark)
            return f.read().decode(errors="replace")


def parse(text: str, database: str) -> list[dict]:
    """The auto_explain entries of `database`: duration (ms), statement text and plan, in order."""
    out, cur = [], None
    for line in text.splitlines():
        m = ENTRY.match(line)
        if m:
            cur = {"db": m.group(1), "ms": float(m.group(2)), "query": "", "plan": []} if m.group(1) == database else None
            if cur:
                out.append(cur)
            continue
        if cur is None or not line.startswith("\t"):
            if not line.startswith("\t"):
                cur = None
            continue
        body = line[1:]
        if body.startswith("Query Text: "):
            cur["query"] = body[len("Query Text: "):]
        else:
            cur["plan"].append(body)
    return out


def business_only(entries: list[dict]) -> list[dict]:
    """The statements over the business tables (not the session checks of the other services)."""
    return [e for e in entries if "biz_" in e["query"]]


def sqlite_plan(db_file: Path, query: str) -> str:
    r = subprocess.run(["sqlite3", "-readonly", str(db_file), "EXPLAIN QUERY PLAN " + query], capture_output=True, text=True)
    return (r.stdout or r.stderr).rstrip()


def shorten(query: str, limit: int = 600) -> str:
    """A statement as the report prints it: the selected columns of a whole-row SELECT elided."""
    q = re.sub(r'^SELECT ("[a-z_]+"\."[a-z_]+"(?: AS "[a-z_]+")?, ){8,}("[a-z_]+"\."[a-z_]+"(?: AS "[a-z_]+")?) FROM', "SELECT <all columns> FROM", query)
    return q if len(q) <= limit else q[:limit] + " …"
