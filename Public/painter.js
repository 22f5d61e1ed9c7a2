// MapWire painter: a thin client for wire protocol v1 (docs/protocol.md).
// It keeps the items and resources the server defines, paints them on a
// canvas when something changed, mirrors the accessibility list as DOM
// elements and sends input back. All map logic lives on the server.
// Beside it: painter-decode.js decodes and encodes messages (MapWireWire),
// painter-a11y.js keeps the mirror (MapWireMirror), painter-draw.js paints
// the item tree (MapWireDraw) and painter-input.js turns browser events into
// input messages (MapWireInput) and painter-embed.js talks to a page that
// embeds the map (MapWireEmbed). This file holds the session: frames,
// resources, the URL, the size and the connection. Everything it loads is
// found relative to the page's own URL, so the map works under a sub-path.
'use strict';

(function () {
  const Wire = window.MapWireWire;
  const canvas = document.getElementById('map');
  // Drawing (painter-draw.js) reads the session's camera, resources and size at each paint.
  const drawer = window.MapWireDraw.createCanvasPainter(canvas, {
    get camera() { return camera; },
    get images() { return images; },
    get paths() { return paths; },
    get fonts() { return fonts; },
    get cssW() { return cssW; },
    get cssH() { return cssH; },
    get dpr() { return dpr; },
  });
  // Accessibility mirror (painter-a11y.js); mouse input passes through it to the canvas.
  let mirror = null;
  const banner = document.getElementById('status');

  const WORLD = 2 ** 30;
  const CURSORS = ['default', 'pointer', 'grab', 'grabbing', 'text'];

  // ---- session state (cleared when a new session starts) --------------------
  let items;            // id -> item
  let root;             // the root item (id 0)
  let images;           // resource -> {img, width, height}
  let paths;            // resource -> {originX, originY, shift, closed, open, bbox}
  let fonts;            // font id -> {family, weight}
  let camera;           // {x, y, zoom}
  let background;       // '#rrggbbaa'
  let seq;              // last input seq sent
  let lastFrame;        // last frame applied
  let ackedFrame;       // last frame acknowledged
  let paintGen = 0;     // paint generation: items painted in this pass carry it

  // Fonts stay loaded across sessions (keyed by family|weight|url) so a
  // reconnect does not flash fallback text; the per-session id map is cleared.
  const fontFaces = new Map();

  // ---- connection / view state ------------------------------------------------
  let ws = null;
  let connected = false;
  let attempt = 0;
  let closeReason = '';
  let reconnectTimer = null;
  let countdownTimer = null;
  let cssW = 0, cssH = 0, dpr = 1;
  let sentSize = null;  // the size last told to the server
  let rafPending = false;
  let lastHash = location.hash;
  const sentAt = new Float64Array(256); // send time by seq & 255, for latency

  const stats = {
    framesPainted: 0, lastFrame: 0, connected: false, session: 0,
    inputSeq: 0, latencyMs: null, framesReceived: 0,
  };

  function resetState() {
    items = new Map();
    root = newItem(0, 'GROUP');
    items.set(0, root);
    images = new Map();
    paths = new Map();
    fonts = new Map();
    camera = { x: WORLD / 2, y: WORLD / 2, zoom: 0 };
    background = '#00000000';
    if (mirror) mirror.reset();
    seq = 0;
    lastFrame = 0;
    ackedFrame = 0;
    stats.lastFrame = 0;
    stats.inputSeq = 0;
    canvas.style.cursor = 'default';
  }

  function newItem(id, kind) {
    return {
      id, kind, parent: null, children: [],
      x: 0, y: 0, w: 0, h: 0, anchor: null,
      scale: 1, sox: 0, soy: 0, alpha: 1,
      fill: null, stroke: null, lineWidth: 1, radius: 0,
      text: '', font: 0, size: 13, image: 0, path: 0, clip: false,
      bubble: null, shadow: null, hidden: false, scrollX: 0, scrollY: 0,
      baseline: null, evenOdd: false, repeat: false, glideMs: 0, glide: null, line: null, worldClip: null, glyphs: null,
      // screen bounds from the last paint (CSS px), valid when gen === paintGen
      gen: -1, bx: 0, by: 0, bw: 0, bh: 0,
    };
  }

  // LINE as the canvas takes it; null for the default (butt, miter, solid, whole).
  const CAPS = ['butt', 'round', 'square'], JOINS = ['miter', 'round', 'bevel'];
  function lineStyle(v) {
    const [cap, join, phase, start, end, dash] = v;
    if (!cap && !join && !phase && start <= 0 && end >= 1 && dash.length === 0) return null;
    return {
      cap: CAPS[cap] || 'butt', join: JOINS[join] || 'miter', phase,
      start: Math.max(0, Math.min(1, start)), end: Math.max(0, Math.min(1, end)),
      dash: dash.every((d) => d >= 0 && Number.isFinite(d)) ? dash : [],
    };
  }

  // A colour with alpha 0 paints nothing: keep it as null.
  function colour(c) { return c.endsWith('00') ? null : c; }

  // ---- applying frames ------------------------------------------------------------
  // A new ANCHOR glides from where the item is drawn when the item's GLIDE
  // (after this op: a GLIDE beside the ANCHOR counts) is above 0; a new item,
  // never drawn, starts at its anchor.
  function applyProps(it, props) {
    let moved = null;
    for (const { key, value: v } of props) {
      switch (key) {
        case 'FRAME': it.x = v[0]; it.y = v[1]; it.w = v[2]; it.h = v[3]; break;
        case 'ANCHOR':
          if (moved === null) moved = it.anchor ? window.MapWireDraw.anchorAt(it, performance.now()) : false;
          it.anchor = v;
          break;
        case 'CLEAR_ANCHOR': it.anchor = null; it.glide = null; break;
        case 'SCALE': it.scale = v[0]; it.sox = v[1]; it.soy = v[2]; break;
        case 'ALPHA': it.alpha = v; break;
        case 'FILL': it.fill = colour(v); break;
        case 'STROKE': it.stroke = colour(v[0]); it.lineWidth = v[1]; break;
        case 'RADIUS': it.radius = v; break;
        case 'TEXT': it.text = v; break;
        case 'FONT': it.font = v[0]; it.size = v[1]; break;
        case 'IMAGE': it.image = v; break;
        case 'PATH': it.path = v; break;
        case 'CLIP': it.clip = v !== 0; break;
        case 'BUBBLE': it.bubble = { dir: v[0], x: v[1], w: v[2], h: v[3] }; break;
        case 'SHADOW': it.shadow = colour(v[0]) ? { colour: v[0], blur: v[1], dy: v[2] } : null; break;
        case 'HIDDEN': it.hidden = v !== 0; break;
        case 'SCROLL': it.scrollX = v[0]; it.scrollY = v[1]; break;
        case 'BASELINE': it.baseline = v; break;
        case 'EVEN_ODD': it.evenOdd = v !== 0; break;
        case 'REPEAT': it.repeat = v !== 0; break;
        case 'GLIDE': it.glideMs = v; break;
        case 'LINE': it.line = lineStyle(v); break;
        case 'CLIP_WORLD': it.worldClip = v[2] > 0 && v[3] > 0 ? v : null; break;
        case 'GLYPHS': it.glyphs = v.length > 0 ? v : null; break;
      }
    }
    if (moved !== null) {
      it.glide = moved && it.glideMs > 0 ? { x: moved[0], y: moved[1], ms: it.glideMs, start: null } : null;
      if (it.glide) requestPaint();
    }
  }

  function attach(it, parent, index) {
    const i = Math.max(0, Math.min(index, parent.children.length));
    parent.children.splice(i, 0, it);
    it.parent = parent;
  }

  function detach(it) {
    const p = it.parent;
    if (!p) return;
    const i = p.children.indexOf(it);
    if (i >= 0) p.children.splice(i, 1);
    it.parent = null;
  }

  function forget(it) {
    items.delete(it.id);
    for (const c of it.children) forget(c);
  }

  function malformed(what) {
    console.error('MapWire: ' + what);
  }

  function applyOp(op) {
    switch (op.op) {
      case 'DEF_IMAGE': defineImage(op); break;
      case 'DEF_PATH': definePath(op); break;
      case 'DEF_FONT': defineFont(op); break;
      case 'CAMERA': camera = { x: op.centerX, y: op.centerY, zoom: op.zoom }; break;
      case 'BACKGROUND': background = op.colour; break;
      case 'INSERT': {
        const parent = items.get(op.parent);
        if (!parent) { malformed(`INSERT ${op.item} into unknown parent ${op.parent}`); break; }
        if (op.item === 0) { malformed('INSERT of item 0'); break; }
        const old = items.get(op.item);
        if (old) { detach(old); forget(old); }
        const it = newItem(op.item, op.kind);
        applyProps(it, op.props);
        items.set(it.id, it);
        attach(it, parent, op.index);
        break;
      }
      case 'REMOVE': {
        const it = items.get(op.item);
        if (!it || it === root) { malformed(`REMOVE of unknown item ${op.item}`); break; }
        detach(it);
        forget(it);
        break;
      }
      case 'MOVE': {
        const it = items.get(op.item), parent = items.get(op.parent);
        if (!it || !parent || it === root) { malformed(`MOVE ${op.item} to ${op.parent}: unknown item`); break; }
        for (let p = parent; p; p = p.parent) {
          if (p === it) { malformed(`MOVE ${op.item} into its own subtree`); return; }
        }
        // Taken out first: index is the item's final position among the children.
        detach(it);
        attach(it, parent, op.index);
        break;
      }
      case 'PATCH': {
        const it = items.get(op.item);
        if (!it) { malformed(`PATCH of unknown item ${op.item}`); break; }
        applyProps(it, op.props);
        break;
      }
      case 'TRANSFORM': {
        const it = items.get(op.item);
        if (!it) { malformed(`TRANSFORM of unknown item ${op.item}`); break; }
        it.x = op.x; it.y = op.y;
        break;
      }
      case 'A11Y': mirror.setList(op.elements); break;
      case 'A11Y_NAMES': {
        const unknown = mirror.rename(op.names);
        if (unknown) malformed(`A11Y_NAMES for item ${unknown}, not in the list`);
        break;
      }
      case 'FOCUS': mirror.focus(op.item); break;
      case 'URL': applyUrl(op.mode, op.hash); break;
      case 'CURSOR': canvas.style.cursor = CURSORS[op.cursor] || 'default'; break;
      case 'OPEN_URL': openUrl(op.url); break;
      case 'EMBED_ORIGINS':
      case 'EVENT_SELECT':
      case 'EVENT_DESELECT':
      case 'EVENT_CAMERA':
      case 'EVENT_CALLOUT_ACTION':
        embed.apply(op);
        break;
    }
  }

  // ---- resources --------------------------------------------------------------------
  function defineImage(op) {
    const res = { img: null, width: op.width, height: op.height };
    images.set(op.resource, res);
    const myImages = images;
    const type = op.format === 1 ? 'image/svg+xml' : 'image/png';
    const blob = new Blob([op.data], { type });
    const done = (img) => {
      if (images !== myImages) return; // a new session started meanwhile
      res.img = img;
      requestPaint();
    };
    const fail = (e) => malformed(`image ${op.resource} could not be decoded: ${e && e.message}`);
    if (op.format === 1) {
      // createImageBitmap does not take SVG; an <img> keeps it a vector.
      const url = URL.createObjectURL(blob);
      const img = new Image();
      img.src = url;
      img.decode().then(() => done(img), fail).finally(() => URL.revokeObjectURL(url));
    } else {
      createImageBitmap(blob).then(done, fail);
    }
  }

  function definePath(op) {
    const rings = Wire.decodePathData(op.data);
    const closed = new Path2D(), open = new Path2D();
    let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
    for (const ring of rings) {
      if (ring.length < 2) continue;
      closed.moveTo(ring[0], ring[1]);
      open.moveTo(ring[0], ring[1]);
      for (let i = 0; i < ring.length; i += 2) {
        const x = ring[i], y = ring[i + 1];
        if (i > 0) { closed.lineTo(x, y); open.lineTo(x, y); }
        if (x < minX) minX = x;
        if (x > maxX) maxX = x;
        if (y < minY) minY = y;
        if (y > maxY) maxY = y;
      }
      closed.closePath();
    }
    paths.set(op.resource, {
      originX: op.originX, originY: op.originY, shift: op.shift, closed, open, rings,
      bbox: [minX, minY, maxX, maxY],
    });
  }

  function defineFont(op) {
    fonts.set(op.font, { family: op.family, weight: op.weight });
    const key = `${op.family}|${op.weight}|${op.url}`;
    if (fontFaces.has(key) || typeof FontFace === 'undefined') return;
    const url = new URL(op.url, document.baseURI).href; // "fonts/x.otf" under the page's own path
    const face = new FontFace(op.family, `url("${url.replace(/["\\]/g, '\\$&')}")`,
      { weight: String(op.weight) });
    fontFaces.set(key, face);
    face.load().then(() => {
      document.fonts.add(face);
      requestPaint(); // text drawn with the fallback font is redrawn
    }, (e) => malformed(`font ${op.family} ${op.url} failed to load: ${e && e.message}`));
  }

  // ---- painting -------------------------------------------------------------------
  function requestPaint() {
    if (!rafPending) {
      rafPending = true;
      requestAnimationFrame(onAnimationFrame);
    }
  }

  function onAnimationFrame() {
    rafPending = false;
    // Glides on screen go on to the next display frame.
    if (paint()) requestPaint();
    mirror.update();
    if (lastFrame > 0) stats.framesPainted++; // paints of a server scene
    if (lastFrame !== ackedFrame && connected) {
      ackedFrame = lastFrame;
      send({ op: 'ACK', frame: lastFrame });
    }
  }

  function paint() {
    paintGen++;
    return drawer.paint(root, colour(background), paintGen);
  }

  // ---- URL ----------------------------------------------------------------------
  function applyUrl(mode, hash) {
    const h = hash && hash[0] !== '#' ? '#' + hash : hash;
    const url = h || location.pathname + location.search;
    try {
      if (mode === 1) history.pushState(null, '', url);
      else history.replaceState(null, '', url);
    } catch (e) {
      malformed(`URL ${hash}: ${e.message}`);
    }
    lastHash = location.hash; // pushState/replaceState fire no hashchange
  }

  // A link on the map was pressed (a credit's): its page in a new tab, which
  // cannot reach back to this one. The frame arrives while the press still
  // counts as the user's (transient activation), so no popup blocker stops
  // it. Only web pages: the server sends nothing else, and nothing else opens.
  function openUrl(url) {
    let parsed;
    try { parsed = new URL(url); } catch (e) { malformed(`OPEN_URL ${url}: ${e.message}`); return; }
    if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') { malformed(`OPEN_URL ${url}: not http(s)`); return; }
    window.open(parsed.href, '_blank', 'noopener');
  }

  function onBrowserNavigation() {
    if (location.hash === lastHash) return; // popstate and hashchange both fire
    lastHash = location.hash;
    sendInput({ op: 'NAVIGATE', hash: location.hash });
  }
  window.addEventListener('hashchange', onBrowserNavigation);
  window.addEventListener('popstate', onBrowserNavigation);

  // ---- input ----------------------------------------------------------------------
  function send(msg) {
    if (ws && ws.readyState === WebSocket.OPEN) ws.send(Wire.encodeClient(msg));
  }

  // Input goes out only while a session is live; seq counts per session.
  function sendInput(msg) {
    if (!connected) return;
    msg.seq = ++seq;
    sentAt[seq & 255] = performance.now();
    send(msg);
  }

  // The canvas's offset, cached by measure(): no layout flush per pointer event.
  let canvasLeft = 0, canvasTop = 0;
  // Pointer, wheel and keys (painter-input.js).
  window.MapWireInput.listen(canvas, {
    sendInput,
    canvasOrigin: () => [canvasLeft, canvasTop],
    viewportHeight: () => cssH,
    mirroredItem: (element) => mirror.itemOf(element),
  });

  // ---- size -----------------------------------------------------------------------
  function measure() {
    const r = canvas.getBoundingClientRect();
    cssW = r.width;
    cssH = r.height;
    canvasLeft = r.left;
    canvasTop = r.top;
    dpr = window.devicePixelRatio || 1;
    const bw = Math.max(1, Math.round(cssW * dpr)), bh = Math.max(1, Math.round(cssH * dpr));
    if (canvas.width !== bw) canvas.width = bw;
    if (canvas.height !== bh) canvas.height = bh;
  }

  function onResize() {
    measure();
    requestPaint();
    if (connected && (!sentSize || sentSize[0] !== cssW || sentSize[1] !== cssH || sentSize[2] !== dpr)) {
      sentSize = [cssW, cssH, dpr];
      sendInput({ op: 'RESIZE', width: cssW, height: cssH, devicePixelRatio: dpr });
    }
  }

  if (typeof ResizeObserver !== 'undefined') new ResizeObserver(onResize).observe(canvas);
  window.addEventListener('resize', onResize);
  (function watchDpr() {
    // Fires when the window moves to a screen with another pixel ratio, or on browser zoom.
    const mq = matchMedia(`(resolution: ${window.devicePixelRatio || 1}dppx)`);
    mq.addEventListener('change', () => { onResize(); watchDpr(); }, { once: true });
  })();

  // ---- colour scheme ------------------------------------------------------------------
  // The server picks the map's style (docs/styles.md): it is told the browser's preference, and the
  // URL's ?style= (light, dark) that overrides it. The page's own ground follows before the first frame.
  const darkQuery = matchMedia('(prefers-color-scheme: dark)');
  const lightQuery = matchMedia('(prefers-color-scheme: light)');
  const styleParameter = new URLSearchParams(location.search).get('style') || '';
  // 0 no preference, 1 light, 2 dark (docs/protocol.md, HELLO).
  function colorScheme() { return darkQuery.matches ? 2 : lightQuery.matches ? 1 : 0; }
  if (styleParameter === 'dark' || styleParameter === 'light') {
    document.documentElement.classList.add('style-' + styleParameter);
  }
  darkQuery.addEventListener('change', () => sendInput({ op: 'COLOR_SCHEME', colorScheme: colorScheme() }));

  // ---- connection -------------------------------------------------------------------
  function showBanner(text) {
    // Only real changes: the banner is a live region, read out when it changes.
    if (banner.textContent !== text) banner.textContent = text;
    banner.hidden = false;
  }

  function connect() {
    reconnectTimer = null;
    clearInterval(countdownTimer);
    showBanner('Connecting…');
    const sock = new WebSocket(socketURL(), 'mapwire.v1');
    sock.binaryType = 'arraybuffer';
    ws = sock;
    sock.onopen = () => {
      measure();
      sentSize = [cssW, cssH, dpr];
      send({
        op: 'HELLO', version: 1, width: cssW, height: cssH, devicePixelRatio: dpr, hash: location.hash,
        colorScheme: colorScheme(), style: styleParameter,
      });
    };
    sock.onmessage = (ev) => { if (ws === sock) onMessage(ev.data); };
    sock.onclose = (ev) => {
      if (ws !== sock) return;
      ws = null;
      connected = false;
      stats.connected = false;
      // The server says why it closed (e.g. 1013 "server full: 2000 sessions"); show it.
      closeReason = ev.reason || '';
      stats.closeCode = ev.code;
      scheduleReconnect();
    };
    sock.onerror = () => { /* onclose follows */ };
  }

  // The socket beside the page: http://host/maps/ -> ws://host/maps/ws.
  function socketURL() {
    const url = new URL('ws', document.baseURI);
    url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
    url.search = '';
    url.hash = '';
    return url.href;
  }

  function scheduleReconnect() {
    if (reconnectTimer) return;
    // 0.5 s doubling to 8 s, with +-25 % jitter.
    const delay = Math.min(8, 0.5 * 2 ** attempt) * (0.75 + Math.random() * 0.5) * 1000;
    attempt++;
    const due = performance.now() + delay;
    const tick = () => {
      const left = Math.max(1, Math.ceil((due - performance.now()) / 1000));
      const why = closeReason ? ` (${closeReason})` : '';
      showBanner(`Disconnected${why} — reconnecting in ${left}s…`);
    };
    tick();
    countdownTimer = setInterval(tick, 250);
    reconnectTimer = setTimeout(connect, delay);
  }

  function onMessage(data) {
    if (!(data instanceof ArrayBuffer)) { malformed('text message on the MapWire socket'); return; }
    let msg;
    try {
      msg = Wire.decodeServer(data);
    } catch (e) {
      malformed('malformed server message: ' + e.message);
      if (ws) ws.close(1002, 'malformed server message'); // reconnect starts a fresh session
      return;
    }
    switch (msg.op) {
      case 'WELCOME':
        if (msg.version !== 1) {
          malformed(`unsupported protocol version ${msg.version}`);
          ws.close(1002, 'unsupported version');
          return;
        }
        // A new session: it starts from the empty scene with frame 1.
        resetState();
        connected = true;
        attempt = 0;
        stats.connected = true;
        stats.session = msg.session;
        clearInterval(countdownTimer);
        banner.hidden = true;
        embed.connected();
        requestPaint();
        return;
      case 'FRAME':
        if (!connected) { malformed('FRAME before WELCOME'); return; }
        try {
          for (const op of msg.ops) applyOp(op);
        } catch (e) {
          malformed(`frame ${msg.frame}: ${e.message}`);
          if (ws) ws.close(1002, 'malformed frame');
          return;
        }
        lastFrame = msg.frame;
        stats.lastFrame = msg.frame;
        stats.framesReceived++;
        if (msg.inputSeq > stats.inputSeq) {
          stats.inputSeq = msg.inputSeq;
          if (msg.inputSeq > seq - 256) stats.latencyMs = performance.now() - sentAt[msg.inputSeq & 255];
        }
        requestPaint();
        return;
      default:
        console.warn(`MapWire: ignoring unknown server opcode 0x${msg.code.toString(16)}`);
    }
  }

  // ---- test hooks ---------------------------------------------------------------------
  window.mapwire = {
    decode: (buffer) => Wire.canonical(Wire.decodeServer(buffer)),
    encode: (msg) => Wire.encodeClient(msg),
    stats,
    background: () => background,
    socketURL,
    embed: () => embed.state(),
    // The tiles that world paths are cut to (CLIP_WORLD), as [x, y, width, height] in world units.
    worldClips: () => [...items.values()].filter((it) => it.worldClip).map((it) => it.worldClip),
    itemBounds(id) {
      const it = items.get(id);
      if (!it || it.gen !== paintGen) return null;
      return { x: it.bx, y: it.by, width: it.bw, height: it.bh };
    },
  };

  const embed = window.MapWireEmbed.create({ sendInput, isConnected: () => connected });
  mirror = window.MapWireMirror.create(document.getElementById('a11y'), {
    item: (id) => items.get(id),
    painted: (it) => it.gen === paintGen,
    sendInput,
  });
  resetState();
  measure();
  requestPaint();
  connect();
})();
