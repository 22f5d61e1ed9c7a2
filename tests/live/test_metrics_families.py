"""/metrics as a Prometheus server reads it: every family documented and typed,
labels where an operator filters, and only bounded label values."""

import socket
import urllib.error
import urllib.request

from prometheus_client.parser import text_string_to_metric_families

CLOSE_REASONS = {"connection_limit", "session_limit", "timeout", "input_rate", "slow_client", "protocol"}


def scrape(server) -> dict:
    with urllib.request.urlopen(server.http + "/metrics", timeout=5) as response:
        assert response.headers["Content-Type"].startswith("text/plain; version=0.0.4")
        text = response.read().decode()
    families = {}
    for family in text_string_to_metric_families(text):
        assert family.name not in families, f"{family.name} written twice"
        families[family.name] = family
    return families


def get(server, path: str) -> int:
    try:
        with urllib.request.urlopen(server.http + path, timeout=5) as response:
            return response.status
    except urllib.error.HTTPError as error:
        return error.code


def requests_counted(families, **labels) -> float:
    return sum(s.value for s in families["mapwire_http_requests"].samples
               if all(s.labels.get(k) == v for k, v in labels.items()))


def test_every_family_has_help_and_a_type(live_server):
    families = scrape(live_server)
    assert len(families) > 20
    for family in families.values():
        assert family.documentation.strip(), f"{family.name} has no # HELP"
        assert family.type in ("counter", "gauge", "histogram"), f"{family.name} is {family.type}"
    # The parser names a counter's family without `_total`; its samples keep it.
    for name in ("mapwire_moves_applied", "mapwire_frames_sent", "mapwire_store_commits", "mapwire_ws_connections",
                 "mapwire_connection_closes", "mapwire_http_requests", "process_cpu_seconds"):
        assert families[name].type == "counter", name
    for name in ("mapwire_sessions", "mapwire_annotations", "mapwire_ws_connections_open", "mapwire_build_info",
                 "process_start_time_seconds", "process_resident_memory_bytes", "process_open_fds"):
        assert families[name].type == "gauge", name
    for name in ("mapwire_event_to_frame_seconds", "mapwire_cluster_epoch_wait_seconds",
                 "mapwire_cluster_merge_seconds", "mapwire_cluster_epoch_to_frame_seconds"):
        assert families[name].type == "histogram", name


def test_closes_are_one_family_labelled_by_reason(live_server):
    families = scrape(live_server)
    reasons = {s.labels["reason"] for s in families["mapwire_connection_closes"].samples}
    assert reasons == CLOSE_REASONS
    for old in ("mapwire_ws_slow_client_closes", "mapwire_ws_protocol_closes", "mapwire_timeout_closes",
                "mapwire_ws_input_rate_closes", "mapwire_connections_refused", "mapwire_ws_sessions_refused"):
        assert old not in families, old


def test_build_and_process(live_server):
    families = scrape(live_server)
    [build] = families["mapwire_build_info"].samples
    assert build.value == 1 and build.labels["version"].count(".") == 2, build
    [started] = families["process_start_time_seconds"].samples
    [resident] = families["process_resident_memory_bytes"].samples
    assert started.value > 1.6e9, started
    assert resident.value > 1e6, resident
    assert families["process_open_fds"].samples[0].value > 0
    assert families["process_cpu_seconds"].samples[0].value > 0


def test_requests_count_under_the_route_pattern_never_the_path(live_server):
    before = scrape(live_server)
    assert get(live_server, "/api/annotations/x") == 404
    assert get(live_server, "/api/annotations/y") == 404
    assert get(live_server, "/no-such-file.txt") == 404
    assert get(live_server, "/api/no-such-route") == 404
    after = scrape(live_server)
    for family in (before, after):
        for sample in family["mapwire_http_requests"].samples:
            assert set(sample.labels) == {"method", "route", "status"}, sample
    pattern = {"method": "GET", "route": "/api/annotations/{id}", "status": "404"}
    assert requests_counted(after, **pattern) - requests_counted(before, **pattern) == 2
    file = {"method": "GET", "route": "file", "status": "404"}
    assert requests_counted(after, **file) - requests_counted(before, **file) == 1
    none = {"method": "GET", "route": "none", "status": "404"}
    assert requests_counted(after, **none) - requests_counted(before, **none) == 1
    routes = {s.labels["route"] for s in after["mapwire_http_requests"].samples}
    assert not routes & {"/api/annotations/x", "/api/annotations/y", "/no-such-file.txt", "/api/no-such-route"}
    # The scrape before this one was answered 200 under its own route.
    assert requests_counted(after, method="GET", route="/metrics", status="200") >= 1


def test_methods_nobody_serves_share_one_label(live_server):
    before = scrape(live_server)
    with socket.create_connection(("127.0.0.1", live_server.port), timeout=5) as s:
        s.sendall(b"BREW /pot HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        assert s.recv(65536).startswith(b"HTTP/1.1 501")
    after = scrape(live_server)
    brewed = {"method": "other", "route": "none", "status": "501"}
    assert requests_counted(after, **brewed) - requests_counted(before, **brewed) == 1
    assert "BREW" not in {s.labels["method"] for s in after["mapwire_http_requests"].samples}


def test_the_server_runs_on_jemalloc_without_thread_caches(live_server):
    # Thread caches kept the pages a crowd of closed sessions freed resident (docs/performance.md).
    families = scrape(live_server)
    [info] = families["mapwire_heap_allocator_info"].samples
    assert info.labels == {"allocator": "jemalloc", "thread_caches": "off"}, info.labels
    [allocated] = families["mapwire_heap_allocated_bytes"].samples
    [active] = families["mapwire_heap_active_bytes"].samples
    [resident] = families["mapwire_heap_resident_bytes"].samples
    [process] = families["process_resident_memory_bytes"].samples
    # jemalloc's resident count is an upper bound: it may take in pages the system never touched.
    assert 1e6 < allocated.value <= active.value <= resident.value, (allocated.value, active.value, resident.value)
    assert allocated.value < process.value, (allocated.value, process.value)
