#!/usr/bin/env bash
# Gauntlet "distributed mode" on ONE machine, without Docker.
#
# Runs the same topology as deploy/compose.yaml -- PostgreSQL, Redis (Celery broker + Channels
# layer), daphne (HTTP + websockets), N Celery workers, the upkeep's worker (maintenance queue)
# and exactly one Celery beat -- as plain background processes of this checkout. Tests and
# benchmarks use it; see docs/deploy.md.
#
#   deploy/distributed.sh start     # services up, migrate, daphne + workers + beat, wait healthy
#   deploy/distributed.sh stop      # TERM, then KILL after GAUNTLET_STOP_TIMEOUT; idempotent
#   deploy/distributed.sh status    # our processes (stderr) + `manage.py status` (args passed on)
#   deploy/distributed.sh env       # export lines: eval "$(deploy/distributed.sh env)"
#   deploy/distributed.sh restart   # stop + start
#   deploy/distributed.sh logs      # tail of every log
#
# Every process runs under a supervisor (`distributed.sh supervise NAME CMD...`, the pid file
# holds its pid): a worker, beat or daphne that dies -- SIGKILL, out of memory, a crash in the
# broker client -- is started again after 1 s (backing off to 30 s while it keeps dying within
# 10 s of its start); each restart is logged and counted in $RUN_DIR/<name>.restarts. TERM to
# the supervisor is passed on to its process (a Celery worker then finishes its task) and stops it.
#
# Knobs (environment, all optional):
#   GAUNTLET_PYTHON          interpreter                         (.venv/bin/python)
#   GAUNTLET_DB_NAME         PostgreSQL database                 (gauntlet)
#   GAUNTLET_PG_PORT         PostgreSQL port on 127.0.0.1        (5432)
#   GAUNTLET_REDIS_PORT      Redis port on 127.0.0.1 (started there if down) (6379)
#   GAUNTLET_REDIS_DIR       data directory of a Redis this script starts (/var/lib/redis)
#   GAUNTLET_REDIS_DB        Redis DB number of the Celery broker (1)
#   GAUNTLET_CHANNEL_REDIS_DB  Redis DB number of the channel layer (2)
#   GAUNTLET_HOST            daphne bind address                 (127.0.0.1)
#   GAUNTLET_PORT            daphne port                         (8001)
#   GAUNTLET_WORKERS         number of Celery workers, each --concurrency 1 (2)
#   GAUNTLET_WORKER_PREFIX   worker node names are <prefix><i>@<hostname> (worker)
#   GAUNTLET_RUN_DIR         pid files + logs                    (var/distributed)
#   GAUNTLET_START_TIMEOUT   seconds to wait for health + workers (90)
#   GAUNTLET_STOP_TIMEOUT    seconds between TERM and KILL       (20)
#   GAUNTLET_FRESH=1         start: DROP + recreate the database and FLUSH both Redis DBs first
#   GAUNTLET_COLLECTSTATIC=0 start: skip `manage.py collectstatic` (default runs it)
#   DJANGO_SETTINGS_MODULE   (gauntlet.settings); CELERY_RESULT_BACKEND, SECRET_KEY, DEBUG,
#                            ALLOWED_HOSTS ... are passed through when already set.
set -euo pipefail

SCRIPT_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
REPO=$(cd "$SCRIPT_DIR/.." && pwd)
cd "$REPO"

die() { printf 'distributed.sh: error: %s\n' "$*" >&2; exit 1; }
say() { printf 'distributed.sh: %s\n' "$*" >&2; }

abspath() { case $1 in /*) printf '%s\n' "$1" ;; *) printf '%s\n' "$REPO/$1" ;; esac; }

is_uint() { [[ $1 =~ ^[0-9]+$ ]]; }

# ---------------------------------------------------------------- configuration
PY_SPEC=${GAUNTLET_PYTHON:-.venv/bin/python}
if [[ $PY_SPEC == */* ]]; then
    PY=$(abspath "$PY_SPEC")
else
    PY=$(command -v "$PY_SPEC" || printf '%s' "$PY_SPEC")
fi

DB_NAME=${GAUNTLET_DB_NAME:-gauntlet}
PG_HOST=127.0.0.1
PG_PORT=${GAUNTLET_PG_PORT:-5432}
PG_USER=postgres
REDIS_HOST=127.0.0.1
REDIS_PORT=${GAUNTLET_REDIS_PORT:-6379}
REDIS_DIR=$(abspath "${GAUNTLET_REDIS_DIR:-/var/lib/redis}")
BROKER_DB=${GAUNTLET_REDIS_DB:-1}
CHANNEL_DB=${GAUNTLET_CHANNEL_REDIS_DB:-2}
HOST=${GAUNTLET_HOST:-127.0.0.1}
PORT=${GAUNTLET_PORT:-8001}
WORKERS=${GAUNTLET_WORKERS:-2}
WORKER_PREFIX=${GAUNTLET_WORKER_PREFIX:-worker}
RUN_DIR=$(abspath "${GAUNTLET_RUN_DIR:-var/distributed}")
START_TIMEOUT=${GAUNTLET_START_TIMEOUT:-90}
STOP_TIMEOUT=${GAUNTLET_STOP_TIMEOUT:-20}
SETTINGS=${DJANGO_SETTINGS_MODULE:-gauntlet.settings}

[[ $DB_NAME =~ ^[A-Za-z_][A-Za-z0-9_]{0,62}$ ]] \
    || die "GAUNTLET_DB_NAME must be a plain identifier ([A-Za-z_][A-Za-z0-9_]*), got '$DB_NAME'"
is_uint "$PG_PORT" || die "GAUNTLET_PG_PORT must be a port, got '$PG_PORT'"
is_uint "$REDIS_PORT" || die "GAUNTLET_REDIS_PORT must be a port, got '$REDIS_PORT'"
is_uint "$BROKER_DB" || die "GAUNTLET_REDIS_DB must be a number, got '$BROKER_DB'"
is_uint "$CHANNEL_DB" || die "GAUNTLET_CHANNEL_REDIS_DB must be a number, got '$CHANNEL_DB'"
[[ $BROKER_DB != "$CHANNEL_DB" ]] || die "broker and channel layer must use different Redis DBs"
is_uint "$PORT" && ((PORT > 0 && PORT < 65536)) || die "GAUNTLET_PORT must be a port, got '$PORT'"
is_uint "$WORKERS" && ((WORKERS >= 1)) || die "GAUNTLET_WORKERS must be >= 1, got '$WORKERS'"
[[ $WORKER_PREFIX =~ ^[A-Za-z0-9_.-]+$ ]] || die "bad GAUNTLET_WORKER_PREFIX '$WORKER_PREFIX'"
is_uint "$START_TIMEOUT" || die "GAUNTLET_START_TIMEOUT must be seconds"
is_uint "$STOP_TIMEOUT" || die "GAUNTLET_STOP_TIMEOUT must be seconds"

case $HOST in
    0.0.0.0 | "") PROBE_HOST=127.0.0.1 ;;
    :: | "[::]") PROBE_HOST="[::1]" ;;
    *:*) PROBE_HOST="[$HOST]" ;;
    *) PROBE_HOST=$HOST ;;
esac
BASE_URL="http://$PROBE_HOST:$PORT"

DATABASE_URL_VALUE="postgres://$PG_USER@$PG_HOST:$PG_PORT/$DB_NAME"
BROKER_URL_VALUE="redis://$REDIS_HOST:$REDIS_PORT/$BROKER_DB"
CHANNEL_URL_VALUE="redis://$REDIS_HOST:$REDIS_PORT/$CHANNEL_DB"
PYTHONPATH_VALUE="$REPO:$REPO/platform"

# Component names, in start order. Each has $RUN_DIR/<name>.pid and $RUN_DIR/<name>.log.
COMPONENTS=(web)
for ((i = 1; i <= WORKERS; i++)); do COMPONENTS+=("worker$i"); done
COMPONENTS+=(maintenance beat)

# ---------------------------------------------------------------- environment
env_pairs() {
    printf '%s\0' \
        PYTHONPATH "$PYTHONPATH_VALUE" \
        DJANGO_SETTINGS_MODULE "$SETTINGS" \
        DATABASE_URL "$DATABASE_URL_VALUE" \
        CELERY_BROKER_URL "$BROKER_URL_VALUE" \
        CHANNEL_LAYER_URL "$CHANNEL_URL_VALUE" \
        GAUNTLET_BASE_URL "$BASE_URL" \
        GAUNTLET_RUN_DIR "$RUN_DIR"
}

print_env() {
    local k v
    while IFS= read -r -d '' k && IFS= read -r -d '' v; do
        printf 'export %s=%q\n' "$k" "$v"
    done < <(env_pairs)
}

apply_env() {
    local k v
    while IFS= read -r -d '' k && IFS= read -r -d '' v; do
        export "$k=$v"
    done < <(env_pairs)
    export PYTHONUNBUFFERED=1
}

# ---------------------------------------------------------------- processes
pidfile() { printf '%s/%s.pid\n' "$RUN_DIR" "$1"; }
logfile() { printf '%s/%s.log\n' "$RUN_DIR" "$1"; }

# A pid file holds "<pid> <start time>": the start time (field 22 of /proc/<pid>/stat) tells our
# process from a later one that got the same pid, so stop never signals a stranger.
proc_starttime() {
    local rest
    rest=$(sed 's/^.*) //' "/proc/$1/stat" 2>/dev/null) || return 1
    [[ -n $rest ]] || return 1
    # shellcheck disable=SC2086  # split the fields on purpose
    set -- $rest
    printf '%s\n' "${20}"  # fields after "(comm)" start at 3: field 22 is the 20th
}

# read_pidfile NAME -> "<pid> <start time>" (start time "?" if unknown)
read_pidfile() {
    local f pid st
    f=$(pidfile "$1")
    [[ -f $f ]] || return 1
    read -r pid st <"$f" || true
    is_uint "${pid:-}" || return 1
    printf '%s %s\n' "$pid" "${st:-?}"
}

# Running and not a zombie (our own children stay zombies until reaped).
pid_alive() {
    local stat
    stat=$(sed 's/^.*) //' "/proc/$1/stat" 2>/dev/null | cut -d' ' -f1) || return 1
    [[ -n $stat && $stat != Z && $stat != X ]]
}

# ours_alive PID START: the very process we launched is still running.
ours_alive() {
    local st
    st=$(proc_starttime "$1") || return 1
    [[ $st == "$2" ]] && pid_alive "$1"
}

# orphans_alive PID START: our main process is gone (or a zombie) but live processes of its
# process group remain (setsid made pgid == pid; e.g. a Celery pool child). A pid is never
# reused while it is still some group's id, so those are ours.
orphans_alive() {
    local st
    if st=$(proc_starttime "$1"); then
        [[ $st == "$2" ]] || return 1  # the pid now belongs to another process
    fi
    ps -eo pgid=,stat= 2>/dev/null | awk -v g="$1" '$1 == g && $2 !~ /^[ZX]/ { f = 1 } END { exit !f }'
}

component_alive() {
    local pid st
    read -r pid st < <(read_pidfile "$1") || return 1
    ours_alive "$pid" "$st"
}

# supervise NAME CMD...: run CMD; whenever it exits, start it again (1 s, doubling to 30 s while
# it dies within 10 s of its start); TERM or INT is passed on to CMD, and then we stop.
cmd_supervise() {
    local name=$1 child=0 sleeper=0 started rc delay=1 restarts=0
    shift
    trap 'kill -TERM "$child" "$sleeper" 2>/dev/null; wait "$child" 2>/dev/null; exit 0' TERM INT
    while :; do
        started=$SECONDS
        "$@" &
        child=$!
        rc=0
        wait "$child" || rc=$?
        restarts=$((restarts + 1))
        printf '%s\n' "$restarts" >"$RUN_DIR/$name.restarts"
        say "$(date -u +%FT%TZ) $name exited (status $rc): restart $restarts in ${delay}s"
        sleep "$delay" &
        sleeper=$!
        wait "$sleeper" || true
        if ((SECONDS - started < 10)); then
            delay=$((delay * 2 > 30 ? 30 : delay * 2))
        else
            delay=1
        fi
    done
}

# launch NAME CMD... : background under the supervisor, own session/process group, stdin
# /dev/null, log file, pid file (the supervisor's pid).
launch() {
    local name=$1
    shift
    local log
    log=$(logfile "$name")
    : >"$log"
    rm -f "$RUN_DIR/$name.restarts"
    setsid bash "$SCRIPT_DIR/distributed.sh" supervise "$name" "$@" </dev/null >>"$log" 2>&1 9>&- &
    local pid=$!
    printf '%s %s\n' "$pid" "$(proc_starttime "$pid" || echo '?')" >"$(pidfile "$name")"
}

stop_all() {
    local name pid st f any=0
    local -a pids=() starts=() names=()
    shopt -s nullglob
    for f in "$RUN_DIR"/*.pid; do
        name=$(basename "$f" .pid)
        if ! read -r pid st < <(read_pidfile "$name"); then
            rm -f "$f"
            continue
        fi
        if ours_alive "$pid" "$st"; then
            # TERM the main process only: a Celery worker then does a warm shutdown (finishes
            # its task) and stops its pool child itself.
            kill -TERM "$pid" 2>/dev/null || true
        elif orphans_alive "$pid" "$st"; then
            kill -TERM -- "-$pid" 2>/dev/null || true
        else
            rm -f "$f"
            continue
        fi
        pids+=("$pid")
        starts+=("$st")
        names+=("$name")
        any=1
    done
    shopt -u nullglob
    if ((!any)); then
        say "not running (nothing to stop in $RUN_DIR)"
        return 0
    fi
    say "stopping ${names[*]} (TERM; KILL after ${STOP_TIMEOUT}s)"
    local deadline=$((SECONDS + STOP_TIMEOUT)) left i
    while :; do
        left=0
        for i in "${!pids[@]}"; do
            if ours_alive "${pids[$i]}" "${starts[$i]}" || orphans_alive "${pids[$i]}" "${starts[$i]}"; then
                left=1
            fi
        done
        ((left)) || break
        if ((SECONDS >= deadline)); then
            for i in "${!pids[@]}"; do
                if ours_alive "${pids[$i]}" "${starts[$i]}" || orphans_alive "${pids[$i]}" "${starts[$i]}"; then
                    say "${names[$i]} (pid ${pids[$i]}) still running after TERM: KILL"
                    kill -KILL -- "-${pids[$i]}" 2>/dev/null || kill -KILL "${pids[$i]}" 2>/dev/null || true
                fi
            done
            sleep 0.5
            break
        fi
        sleep 0.2
    done
    for i in "${!pids[@]}"; do
        wait "${pids[$i]}" 2>/dev/null || true  # reap, when they are our own children
        rm -f "$(pidfile "${names[$i]}")"
    done
    say "stopped"
}

tail_logs() {
    local f n=${1:-40}
    shopt -s nullglob
    for f in "$RUN_DIR"/*.log; do
        printf '\n----- %s (last %s lines) -----\n' "$f" "$n" >&2
        tail -n "$n" "$f" >&2 || true
    done
    shopt -u nullglob
}

# ---------------------------------------------------------------- services
pg_up() {
    if command -v pg_isready >/dev/null 2>&1; then
        pg_isready -q -h "$PG_HOST" -p "$PG_PORT" -U "$PG_USER" -t 2
    else
        psql -h "$PG_HOST" -p "$PG_PORT" -U "$PG_USER" -d postgres -Atqc 'SELECT 1' >/dev/null 2>&1
    fi
}

redis_up() {
    if command -v redis-cli >/dev/null 2>&1; then
        [[ $(redis-cli -h "$REDIS_HOST" -p "$REDIS_PORT" ping 2>/dev/null) == PONG ]]
    else
        local reply=""
        { exec 8<>"/dev/tcp/$REDIS_HOST/$REDIS_PORT"; } 2>/dev/null || return 1
        printf 'PING\r\n' >&8
        IFS= read -r -t 2 reply <&8 || true
        exec 8>&-
        [[ $reply == +PONG* ]]
    fi
}

wait_for() {  # wait_for SECONDS WHAT FUNC
    local deadline=$((SECONDS + $1))
    until "$3"; do
        ((SECONDS < deadline)) || return 1
        sleep 0.5
    done
}

ensure_postgres() {
    pg_up && return 0
    local ver
    ver=$(ls /etc/postgresql 2>/dev/null | sort -V | tail -n 1) || true
    [[ -n $ver ]] || die "PostgreSQL does not answer on $PG_HOST:$PG_PORT and no cluster in /etc/postgresql"
    say "PostgreSQL is down: starting cluster $ver/main"
    # (no inherited stdin/stdout/lock: a caller reading our output must not wait for the server)
    if ! pg_ctlcluster --skip-systemctl-redirect "$ver" main start \
        </dev/null >>"$RUN_DIR/services.log" 2>&1 9>&-; then
        tail -n 20 "$RUN_DIR/services.log" >&2
        die "could not start PostgreSQL ($ver/main)"
    fi
    wait_for 30 PostgreSQL pg_up || die "PostgreSQL still does not answer on $PG_HOST:$PG_PORT"
}

ensure_redis() {
    redis_up && return 0
    say "Redis is down: starting redis-server on $REDIS_HOST:$REDIS_PORT"
    mkdir -p "$REDIS_DIR"
    # Append-only file: a restarted Redis keeps the broker's queued tasks (an fsync a second).
    if ! redis-server --daemonize yes --bind 127.0.0.1 -::1 --port "$REDIS_PORT" --save "" \
        --appendonly yes --appendfsync everysec --dir "$REDIS_DIR" \
        --logfile "$REDIS_DIR/redis.log" \
        </dev/null >>"$RUN_DIR/services.log" 2>&1 9>&-; then
        tail -n 20 "$RUN_DIR/services.log" >&2
        die "could not start redis-server"
    fi
    wait_for 20 Redis redis_up || die "Redis still does not answer on $REDIS_HOST:$REDIS_PORT"
}

psql_admin() { psql -h "$PG_HOST" -p "$PG_PORT" -U "$PG_USER" -d postgres -v ON_ERROR_STOP=1 -Atq "$@"; }

ensure_database() {
    if [[ ${GAUNTLET_FRESH:-0} == 1 ]]; then
        say "GAUNTLET_FRESH=1: dropping database $DB_NAME, flushing Redis DBs $BROKER_DB and $CHANNEL_DB"
        psql_admin -c "DROP DATABASE IF EXISTS \"$DB_NAME\" WITH (FORCE)" >/dev/null
        redis_flush "$BROKER_DB"
        redis_flush "$CHANNEL_DB"
    fi
    local exists
    exists=$(psql_admin -c "SELECT 1 FROM pg_database WHERE datname = '$DB_NAME'") \
        || die "cannot query PostgreSQL as $PG_USER@$PG_HOST:$PG_PORT"
    if [[ $exists != 1 ]]; then
        say "creating database $DB_NAME"
        psql_admin -c "CREATE DATABASE \"$DB_NAME\"" >/dev/null || die "could not create database $DB_NAME"
    fi
}

redis_flush() {
    if command -v redis-cli >/dev/null 2>&1; then
        redis-cli -h "$REDIS_HOST" -p "$REDIS_PORT" -n "$1" FLUSHDB >/dev/null
    else
        "$PY" -c 'import sys, redis; redis.Redis(host=sys.argv[1], port=int(sys.argv[2]), db=int(sys.argv[3])).flushdb()' \
            "$REDIS_HOST" "$REDIS_PORT" "$1"
    fi
}

port_busy() {
    "$PY" - "$1" "$2" <<'EOF'
import socket, sys
host, port = sys.argv[1].strip("[]"), int(sys.argv[2])
try:
    socket.create_connection((host, port), timeout=1).close()
except OSError:
    sys.exit(1)
EOF
}

health_ok() {
    if command -v curl >/dev/null 2>&1; then
        curl -fsS -o /dev/null --max-time 5 "$BASE_URL/api/health/" 2>/dev/null
    else
        "$PY" -c 'import sys, urllib.request as u; sys.exit(0 if u.urlopen(sys.argv[1], timeout=5).status == 200 else 1)' \
            "$BASE_URL/api/health/" >/dev/null 2>&1
    fi
}

# Every worker log says "<name>@<host> ready." (cheap; the broker check below is authoritative).
workers_logged_ready() {
    local i
    for ((i = 1; i <= WORKERS; i++)); do
        grep -q "$WORKER_PREFIX$i@.* ready\." "$(logfile "worker$i")" 2>/dev/null || return 1
    done
}

# `manage.py status --json` lists every one of our workers?
workers_ok() {
    local out
    out=$(timeout 60 "$PY" manage.py status --json --timeout 1.5 2>>"$RUN_DIR/status-check.log") || true
    [[ -n $out ]] || return 1
    printf '%s' "$out" | "$PY" -c '
import json, socket, sys
prefix, n = sys.argv[1], int(sys.argv[2])
try:
    data = json.loads(sys.stdin.read())
except ValueError:
    sys.exit(1)
seen = set((data.get("broker") or {}).get("workers") or [])
host = socket.gethostname()
missing = [f"{prefix}{i}@{host}" for i in range(1, n + 1) if f"{prefix}{i}@{host}" not in seen]
if missing:
    print("waiting for workers: " + ", ".join(missing), file=sys.stderr)
    sys.exit(1)
' "$WORKER_PREFIX" "$WORKERS" 2>>"$RUN_DIR/status-check.log"
}

# ---------------------------------------------------------------- commands
cmd_start() {
    [[ -x $PY ]] || die "python not found at '$PY' (set GAUNTLET_PYTHON)"
    [[ -f manage.py ]] || die "no manage.py in $REPO"
    mkdir -p "$RUN_DIR"
    exec 9>"$RUN_DIR/.lock"
    flock -w 120 9 || die "another distributed.sh holds $RUN_DIR/.lock"

    local name all=1 some=0
    for name in "${COMPONENTS[@]}"; do
        if component_alive "$name"; then some=1; else all=0; fi
    done
    if ((all)); then
        apply_env
        if health_ok && workers_ok; then
            say "already running ($BASE_URL, ${#COMPONENTS[@]} processes in $RUN_DIR)"
            return 0
        fi
    fi
    if ((some)); then
        say "partial or unhealthy previous run: stopping it first"
        stop_all
    fi

    if port_busy "$PROBE_HOST" "$PORT"; then
        die "port $PORT is already in use on $PROBE_HOST (set GAUNTLET_PORT)"
    fi

    ensure_postgres
    ensure_redis
    ensure_database
    apply_env

    say "migrating $DATABASE_URL_VALUE"
    if ! "$PY" manage.py migrate --noinput >"$RUN_DIR/migrate.log" 2>&1 9>&-; then
        tail -n 60 "$RUN_DIR/migrate.log" >&2
        die "manage.py migrate failed (full log: $RUN_DIR/migrate.log)"
    fi
    if [[ ${GAUNTLET_COLLECTSTATIC:-1} == 1 ]]; then
        if ! "$PY" manage.py collectstatic --noinput >"$RUN_DIR/collectstatic.log" 2>&1 9>&-; then
            tail -n 40 "$RUN_DIR/collectstatic.log" >&2
            die "manage.py collectstatic failed (set GAUNTLET_COLLECTSTATIC=0 to skip)"
        fi
    fi

    rm -f "$RUN_DIR/status-check.log"
    print_env >"$RUN_DIR/env"
    launch web "$PY" -m daphne -b "$HOST" -p "$PORT" gauntlet.asgi:application
    local i
    for ((i = 1; i <= WORKERS; i++)); do
        launch "worker$i" "$PY" -m celery -A gauntlet.celery_app worker -l info \
            --concurrency 1 -n "$WORKER_PREFIX$i@%h"
    done
    # The upkeep (reaper, clocks, lost tasks, matchmaker) on a queue and worker of its own.
    launch maintenance "$PY" -m celery -A gauntlet.celery_app worker -l info \
        -Q maintenance --concurrency 1 -n "maintenance@%h"
    launch beat "$PY" -m celery -A gauntlet.celery_app beat -l info \
        --schedule "$RUN_DIR/celerybeat-schedule"

    say "waiting up to ${START_TIMEOUT}s for $BASE_URL/api/health/ and $WORKERS worker(s)"
    local deadline=$((SECONDS + START_TIMEOUT)) healthy=0
    while :; do
        for name in "${COMPONENTS[@]}"; do
            if ! component_alive "$name" || [[ -f $RUN_DIR/$name.restarts ]]; then
                say "$name exited during startup"
                tail_logs 60
                stop_all || true
                die "$name exited during startup (logs above, in $RUN_DIR)"
            fi
        done
        if ((!healthy)) && health_ok; then healthy=1; fi
        if ((healthy)) && workers_logged_ready && workers_ok; then break; fi
        if ((SECONDS >= deadline)); then
            if ((healthy)); then
                say "web is healthy but not all workers answered; last status check:"
            else
                say "$BASE_URL/api/health/ never answered 200"
            fi
            tail -n 20 "$RUN_DIR/status-check.log" >&2 2>/dev/null || true
            tail_logs 60
            stop_all || true
            die "timed out after ${START_TIMEOUT}s waiting for the distributed mode to come up"
        fi
        sleep 1
    done
    say "up: $BASE_URL  workers: $WORKERS  run dir: $RUN_DIR"
    say "environment for clients: eval \"\$(deploy/distributed.sh env)\"  (also in $RUN_DIR/env)"
}

cmd_stop() {
    [[ -d $RUN_DIR ]] || { say "not running (no $RUN_DIR)"; return 0; }
    exec 9>"$RUN_DIR/.lock"
    flock -w 120 9 || die "another distributed.sh holds $RUN_DIR/.lock"
    stop_all
}

cmd_status() {
    local name rc=0
    # The process table goes to stderr, so that `status --json` prints JSON alone on stdout.
    for name in "${COMPONENTS[@]}"; do
        if component_alive "$name"; then
            printf '%-10s running  pid %s  restarts %s\n' "$name" \
                "$(read_pidfile "$name" | cut -d' ' -f1)" "$(cat "$RUN_DIR/$name.restarts" 2>/dev/null || echo 0)"
        elif [[ -f $(pidfile "$name") ]]; then
            printf '%-10s DEAD     (stale %s)\n' "$name" "$(pidfile "$name")"
            rc=1
        else
            printf '%-10s stopped\n' "$name"
            rc=1
        fi
    done >&2
    apply_env
    "$PY" manage.py status "$@" || rc=$?
    return "$rc"
}

usage() {
    sed -n '2,/^set -euo/p' "${BASH_SOURCE[0]}" | sed -e '/^set -euo/d' -e 's/^# \{0,1\}//' >&2
}

main() {
    local cmd=${1:-}
    (($#)) && shift
    case $cmd in
        start) cmd_start ;;
        stop) cmd_stop ;;
        restart) cmd_stop && cmd_start ;;
        status) cmd_status "$@" ;;
        env) print_env ;;
        logs) tail_logs "${1:-40}" 2>&1 ;;
        supervise) cmd_supervise "$@" ;;
        -h | --help | help) usage ;;
        *)
            usage
            die "unknown command '${cmd}' (start|stop|status|env|restart|logs)"
            ;;
    esac
}

main "$@"
