#!/usr/bin/env python3
"""Load test of the tablebase explorer's API (`grundy serve`).

Starts `grundy serve --tiles T --port 0` (or uses --url), collects
positions by playing random games through the API, then sends REQUESTS
requests to /api/position from CLIENTS concurrent clients (one keep-alive
connection each) and prints the latency percentiles. Exits 1 if the p99
latency exceeds --p99-ms (default 50) or any request fails.

    scripts/explorer-load.py [--grundy target/release/grundy] [--tiles 16]
        [--requests 1000] [--clients 16] [--url http://127.0.0.1:PORT/]

Only the Python standard library is used.
"""
import argparse
import http.client
import json
import random
import subprocess
import sys
import threading
import time
import urllib.parse


def fetch(conn, path):
    conn.request("GET", path)
    r = conn.getresponse()
    body = r.read()
    return r.status, body


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--grundy", default="target/release/grundy")
    ap.add_argument("--tiles", type=int, default=16)
    ap.add_argument("--requests", type=int, default=1000)
    ap.add_argument("--clients", type=int, default=16)
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--p99-ms", type=float, default=50.0)
    ap.add_argument("--url")
    ap.add_argument("--seed", type=int, default=1)
    a = ap.parse_args()
    server = None
    if a.url is None:
        t0 = time.time()
        server = subprocess.Popen(
            [a.grundy, "serve", "--quiet", "--port", "0", "--tiles", str(a.tiles)],
            stdout=subprocess.PIPE, text=True)
        for line in server.stdout:
            if line.startswith("listening on "):
                a.url = line.split()[-1]
                break
        else:
            sys.exit("error: the server did not start")
        print(f"server ready in {time.time() - t0:.1f} s at {a.url}")
    u = urllib.parse.urlparse(a.url)
    host, port = u.hostname, u.port
    try:
        rng = random.Random(a.seed)
        conn = http.client.HTTPConnection(host, port)
        positions = []
        for _ in range(a.games):
            p = "-"
            while True:
                positions.append(p)
                st, body = fetch(conn, "/api/position?p=" + urllib.parse.quote(p))
                if st != 200:
                    sys.exit(f"error: {p}: HTTP {st}: {body[:200]!r}")
                ans = json.loads(body)
                if ans["finished"]:
                    break
                p = rng.choice(ans["moves"])["position"]
        print(f"{len(positions)} positions from {a.games} random games")
        paths = ["/api/position?p=" + urllib.parse.quote(rng.choice(positions))
                 for _ in range(a.requests)]
        lat = []
        errors = []
        lock = threading.Lock()
        per = [paths[i::a.clients] for i in range(a.clients)]

        def client(mine):
            c = http.client.HTTPConnection(host, port)
            out = []
            for path in mine:
                t = time.perf_counter()
                st, _ = fetch(c, path)
                out.append((time.perf_counter() - t) * 1000)
                if st != 200:
                    with lock:
                        errors.append((path, st))
            with lock:
                lat.extend(out)

        t0 = time.perf_counter()
        threads = [threading.Thread(target=client, args=(m,)) for m in per]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        wall = time.perf_counter() - t0
        lat.sort()
        pct = lambda q: lat[min(len(lat) - 1, int(q * len(lat)))]
        print(f"{len(lat)} requests from {a.clients} clients in {wall:.2f} s "
              f"({len(lat) / wall:.0f}/s): p50 {pct(0.50):.2f} ms, p90 {pct(0.90):.2f} ms, "
              f"p99 {pct(0.99):.2f} ms, max {lat[-1]:.2f} ms; {len(errors)} errors")
        if errors or pct(0.99) > a.p99_ms:
            sys.exit(1)
    finally:
        if server:
            server.kill()


if __name__ == "__main__":
    main()
