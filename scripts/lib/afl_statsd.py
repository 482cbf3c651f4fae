# Receives the StatsD metrics each afl-fuzz sends every second (AFL_STATSD, with
# AFL_STATSD_TAGS_FLAVOR=dogstatsd: "fuzzing.execs_done:1234|g|#banner:main,...") and keeps each
# instance's latest in FOLDER/<banner>, "name value" a line, for scripts/fuzz.sh's progress lines:
# without its UI, afl-fuzz rewrites fuzzer_stats only once a minute.
# Usage: python3 afl_statsd.py FOLDER   (prints the UDP port it listens on, then runs until killed)
import os
import socket
import sys

folder = sys.argv[1]
sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
sock.bind(("127.0.0.1", 0))
print(sock.getsockname()[1], flush=True)
while True:
    figures = {}
    banner = None
    for line in sock.recv(65536).decode(errors="replace").splitlines():
        metric, _, rest = line.partition(":")
        value, _, tags = rest.partition("|")
        for tag in tags.partition("#")[2].split(","):
            if tag.startswith("banner:"):
                banner = tag[len("banner:"):]
        figures[metric.removeprefix("fuzzing.")] = value
    if banner and "/" not in banner and not banner.startswith("."):
        path = os.path.join(folder, banner)
        with open(path + ".new", "w") as new:
            new.writelines(f"{name} {value}\n" for name, value in figures.items())
        os.replace(path + ".new", path)
