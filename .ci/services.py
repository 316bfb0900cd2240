"""Check (and, for CI, start) the services the test suite's second pass needs.

``python .ci/services.py check URL...``  exits 0 when every URL's host:port answers.
``python .ci/services.py start``         starts PostgreSQL and Redis when they are down.
"""

from __future__ import annotations

import glob
import os
import socket
import subprocess
import sys
import time
from urllib.parse import urlparse

STARTERS = {
    5432: "pg_ctlcluster --skip-systemctl-redirect {version} main start",
    6379: (
        'redis-server --daemonize yes --bind 127.0.0.1 -::1 --port 6379 --save "" '
        "--appendonly no --dir /var/lib/redis --logfile /var/log/redis/ci.log"
    ),
}


def answers(host: str, port: int, timeout: float = 2.0) -> bool:
    try:
        with socket.create_connection((host, port), timeout=timeout):
            return True
    except OSError:
        return False


def check(urls: list[str]) -> int:
    down = []
    for url in urls:
        parsed = urlparse(url)
        if not answers(parsed.hostname or "127.0.0.1", parsed.port or 0):
            down.append(url)
    for url in down:
        print(f"not reachable: {url}", file=sys.stderr)
    return 1 if down else 0


def start() -> int:
    failed = 0
    for port, command in STARTERS.items():
        if answers("127.0.0.1", port):
            print(f"port {port}: up")
            continue
        if port == 5432:
            versions = [os.path.basename(p) for p in glob.glob("/etc/postgresql/*")]
            if not versions:
                print("PostgreSQL is not installed (/etc/postgresql is empty)", file=sys.stderr)
                failed += 1
                continue
            command = command.format(version=sorted(versions)[-1])
        if port == 6379:
            os.makedirs("/var/lib/redis", exist_ok=True)
            os.makedirs("/var/log/redis", exist_ok=True)
        print(f"port {port}: down, starting: {command}")
        subprocess.run(command, shell=True, check=False)
        for _ in range(60):
            if answers("127.0.0.1", port):
                print(f"port {port}: up")
                break
            time.sleep(0.5)
        else:
            print(f"port {port}: still down after starting it", file=sys.stderr)
            failed += 1
    return 1 if failed else 0


if __name__ == "__main__":
    if len(sys.argv) >= 2 and sys.argv[1] == "check":
        sys.exit(check(sys.argv[2:]))
    if len(sys.argv) == 2 and sys.argv[1] == "start":
        sys.exit(start())
    print(__doc__, file=sys.stderr)
    sys.exit(2)
