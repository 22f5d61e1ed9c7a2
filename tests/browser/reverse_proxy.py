"""A small reverse proxy for the browser tests, as a site would put in front of
MapWire: requests under a prefix (e.g. `/maps/`) go upstream with the prefix
stripped, HTTP and WebSocket upgrades alike; anything else is answered 404
here (a bare `/maps` is redirected to `/maps/`) and never reaches MapWire.
Every request path is recorded, so a test can show that the page asked for
nothing outside the prefix.

Each plain HTTP request goes upstream with `Connection: close` and the
answer is piped back, one request per connection: the proxy never has to
find where an answer ends. An upgrade is piped both ways until either side
closes. `Host` is passed through unchanged (as `proxy_set_header Host
$http_host` in nginx, or Caddy's default). With `drop_headers`, those
response headers are removed (a test uses it to stand for a proxy that loses
the Content-Security-Policy).
"""

from __future__ import annotations

import socket
import threading


def _read_head(sock: socket.socket) -> tuple[bytes, bytes] | None:
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = sock.recv(65536)
        if not chunk:
            return None
        data += chunk
        if len(data) > 1 << 20:
            return None
    head, rest = data.split(b"\r\n\r\n", 1)
    return head, rest


def _pipe(src: socket.socket, dst: socket.socket) -> None:
    try:
        while True:
            chunk = src.recv(65536)
            if not chunk:
                break
            dst.sendall(chunk)
    except OSError:
        pass
    finally:
        for s in (dst, src):
            try:
                s.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass


class ReverseProxy:
    def __init__(self, upstream_port: int, prefix: str = "/maps/", drop_headers=()):
        assert prefix.startswith("/") and prefix.endswith("/")
        self.upstream_port = upstream_port
        self.prefix = prefix
        self.drop = {h.lower().encode() for h in drop_headers}
        self.paths: list[str] = []
        self._lock = threading.Lock()
        self._listener = socket.socket()
        self._listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self._listener.bind(("127.0.0.1", 0))
        self._listener.listen(64)
        self.port = self._listener.getsockname()[1]
        self.url = f"http://127.0.0.1:{self.port}"
        self._closed = False
        threading.Thread(target=self._accept, daemon=True).start()

    def close(self) -> None:
        self._closed = True
        self._listener.close()

    def requested(self) -> list[str]:
        with self._lock:
            return list(self.paths)

    def _accept(self) -> None:
        while not self._closed:
            try:
                client, _ = self._listener.accept()
            except OSError:
                return
            threading.Thread(target=self._serve, args=(client,), daemon=True).start()

    def _serve(self, client: socket.socket) -> None:
        try:
            got = _read_head(client)
            if got is None:
                client.close()
                return
            head, rest = got
            lines = head.split(b"\r\n")
            method, target, version = lines[0].split(b" ", 2)
            path = target.decode("latin-1")
            with self._lock:
                self.paths.append(path)
            if path == self.prefix.rstrip("/"):
                client.sendall(b"HTTP/1.1 301 Moved Permanently\r\nLocation: " + self.prefix.encode()
                               + b"\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")
                client.close()
                return
            if not path.startswith(self.prefix):
                client.sendall(b"HTTP/1.1 404 Not Found\r\nContent-Length: 9\r\nConnection: close\r\n\r\nnot found")
                client.close()
                return
            upgrade = any(line.lower().startswith(b"upgrade:") for line in lines[1:])
            headers = [line for line in lines[1:]
                       if upgrade or not line.lower().startswith((b"connection:", b"keep-alive:"))]
            if not upgrade:
                headers.append(b"Connection: close")
            stripped = "/" + path[len(self.prefix):]
            request = b" ".join([method, stripped.encode("latin-1"), version]) + b"\r\n"
            request += b"\r\n".join(headers) + b"\r\n\r\n" + rest
            upstream = socket.create_connection(("127.0.0.1", self.upstream_port))
            upstream.sendall(request)
            threading.Thread(target=_pipe, args=(client, upstream), daemon=True).start()
            if not upgrade:
                # The browser must not send a second request down this connection.
                answer = _read_head(upstream)
                if answer is None:
                    client.close()
                    return
                ahead, arest = answer
                drop = self.drop | {b"connection", b"keep-alive"}
                alines = [line for line in ahead.split(b"\r\n")
                          if line.split(b":", 1)[0].strip().lower() not in drop]
                alines.append(b"Connection: close")
                client.sendall(b"\r\n".join(alines) + b"\r\n\r\n" + arest)
            _pipe(upstream, client)
        except OSError:
            client.close()
