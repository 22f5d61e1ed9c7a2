// MapWire wire protocol v1: decoder for server messages and encoder for client
// messages. Every opcode, field and property below follows docs/protocol.md;
// fixtures/protocol/golden.* (made by scripts/make_golden.py) pin it down.
// No map logic here: bytes in, plain objects out (and back).
'use strict';

(function () {
  const te = new TextEncoder();
  const td = new TextDecoder('utf-8', { fatal: true });

  // --- protocol.md tables -------------------------------------------------
  const SERVER_OP = { WELCOME: 0x01, FRAME: 0x02 };
  const FRAME_OP = {
    0x10: 'DEF_IMAGE', 0x11: 'DEF_PATH', 0x12: 'DEF_FONT',
    0x20: 'CAMERA', 0x21: 'BACKGROUND',
    0x30: 'INSERT', 0x31: 'REMOVE', 0x32: 'MOVE', 0x33: 'PATCH', 0x34: 'TRANSFORM',
    0x40: 'A11Y', 0x41: 'FOCUS', 0x42: 'URL', 0x43: 'CURSOR', 0x44: 'A11Y_NAMES',
    0x45: 'OPEN_URL',
    0x50: 'EMBED_ORIGINS', 0x51: 'EVENT_SELECT', 0x52: 'EVENT_DESELECT', 0x53: 'EVENT_CAMERA',
    0x54: 'EVENT_CALLOUT_ACTION',
  };
  const KIND = { 1: 'GROUP', 2: 'RECT', 3: 'TEXT', 4: 'IMAGE', 5: 'WORLD_PATH', 6: 'BUBBLE', 7: 'BADGE', 8: 'CURVED_TEXT' };
  // key -> [name, layout]; layout letters: f f32, i i32, I u32, H u16, B u8,
  // c rgba, s str, L a u8 count then that many f32; '' no value. One letter -> scalar value, more -> array.
  const PROP = {
    0x01: ['FRAME', 'ffff'], 0x02: ['ANCHOR', 'ii'], 0x03: ['CLEAR_ANCHOR', ''],
    0x04: ['SCALE', 'fff'], 0x05: ['ALPHA', 'f'], 0x06: ['FILL', 'c'],
    0x07: ['STROKE', 'cf'], 0x08: ['RADIUS', 'f'], 0x09: ['TEXT', 's'],
    0x0A: ['FONT', 'Hf'], 0x0B: ['IMAGE', 'I'], 0x0C: ['PATH', 'I'],
    0x0D: ['CLIP', 'B'], 0x0E: ['BUBBLE', 'Bfff'], 0x0F: ['SHADOW', 'cff'],
    0x10: ['HIDDEN', 'B'], 0x11: ['SCROLL', 'ff'], 0x12: ['BASELINE', 'f'],
    0x13: ['EVEN_ODD', 'B'], 0x14: ['REPEAT', 'B'], 0x15: ['GLIDE', 'H'],
    0x16: ['LINE', 'BBfffL'], 0x17: ['CLIP_WORLD', 'iiii'],
    0x18: ['GLYPHS', 'G'],
  };
  const CLIENT = {
    HELLO: [0x01, [['version', 'H'], ['width', 'f'], ['height', 'f'], ['devicePixelRatio', 'f'], ['hash', 's'],
      ['colorScheme', 'B'], ['style', 's']]],
    ACK: [0x02, [['frame', 'I']]],
    POINTER: [0x10, [['seq', 'I'], ['phase', 'B'], ['pointerId', 'I'], ['pointerType', 'B'], ['buttons', 'B'],
      ['modifiers', 'B'], ['x', 'f'], ['y', 'f'], ['time', 'd']]],
    WHEEL: [0x11, [['seq', 'I'], ['modifiers', 'B'], ['x', 'f'], ['y', 'f'], ['deltaX', 'f'], ['deltaY', 'f'], ['time', 'd']]],
    KEY: [0x12, [['seq', 'I'], ['phase', 'B'], ['modifiers', 'B'], ['key', 's']]],
    RESIZE: [0x13, [['seq', 'I'], ['width', 'f'], ['height', 'f'], ['devicePixelRatio', 'f']]],
    FOCUS: [0x14, [['seq', 'I'], ['item', 'I']]],
    ACTIVATE: [0x15, [['seq', 'I'], ['item', 'I']]],
    NAVIGATE: [0x16, [['seq', 'I'], ['hash', 's']]],
    COLOR_SCHEME: [0x17, [['seq', 'I'], ['colorScheme', 'B']]],
    EMBED_SET_CAMERA: [0x20, [['seq', 'I'], ['latitude', 'd'], ['longitude', 'd'], ['zoom', 'd'], ['animated', 'B']]],
    EMBED_SELECT: [0x21, [['seq', 'I'], ['id', 's']]],
    EMBED_DESELECT: [0x22, [['seq', 'I']]],
  };

  class WireError extends Error {
    constructor(message) { super(message); this.name = 'WireError'; }
  }

  // --- reader ---------------------------------------------------------------
  class Reader {
    constructor(buffer) {
      this.dv = new DataView(buffer);
      this.u8a = new Uint8Array(buffer);
      this.p = 0;
    }
    need(n) {
      if (this.p + n > this.dv.byteLength) {
        throw new WireError(`truncated message: need ${n} bytes at offset ${this.p} of ${this.dv.byteLength}`);
      }
    }
    get done() { return this.p >= this.dv.byteLength; }
    u8() { this.need(1); return this.dv.getUint8(this.p++); }
    u16() { this.need(2); const v = this.dv.getUint16(this.p, true); this.p += 2; return v; }
    u32() { this.need(4); const v = this.dv.getUint32(this.p, true); this.p += 4; return v; }
    i32() { this.need(4); const v = this.dv.getInt32(this.p, true); this.p += 4; return v; }
    f32() { this.need(4); const v = this.dv.getFloat32(this.p, true); this.p += 4; return v; }
    f64() { this.need(8); const v = this.dv.getFloat64(this.p, true); this.p += 8; return v; }
    rgba() {
      const v = this.u32();
      return '#' + v.toString(16).padStart(8, '0');
    }
    raw(n) {
      this.need(n);
      const v = this.u8a.subarray(this.p, this.p + n);
      this.p += n;
      return v;
    }
    str() {
      const n = this.u16();
      try { return td.decode(this.raw(n)); } catch (e) { throw new WireError('invalid UTF-8 in str'); }
    }
    bytes() { return this.raw(this.u32()).slice(); }
    read(t) {
      switch (t) {
        case 'B': return this.u8();
        case 'H': return this.u16();
        case 'I': return this.u32();
        case 'i': return this.i32();
        case 'f': return this.f32();
        case 'd': return this.f64();
        case 'c': return this.rgba();
        case 's': return this.str();
        case 'L': return Array.from({ length: this.u8() }, () => this.f32());
        case 'G': return Array.from({ length: this.u16() }, () => [this.u8(), this.f32(), this.f32(), this.f32()]);
        default: throw new Error('bad layout ' + t);
      }
    }
    props() {
      const count = this.u8();
      const props = [];
      for (let i = 0; i < count; i++) {
        const code = this.u8();
        const def = PROP[code];
        if (!def) throw new WireError(`unknown property key 0x${code.toString(16)}`);
        const [key, layout] = def;
        let value = null;
        if (layout.length === 1) value = this.read(layout);
        else if (layout.length > 1) value = Array.from(layout, (t) => this.read(t));
        props.push({ key, value });
      }
      return props;
    }
  }

  function decodeFrameOp(r) {
    const code = r.u8();
    const op = FRAME_OP[code];
    switch (op) {
      case 'DEF_IMAGE':
        return { op, resource: r.u32(), format: r.u8(), width: r.f32(), height: r.f32(), data: r.bytes() };
      case 'DEF_PATH':
        return { op, resource: r.u32(), originX: r.i32(), originY: r.i32(), shift: r.u8(), data: r.bytes() };
      case 'DEF_FONT':
        return { op, font: r.u16(), family: r.str(), url: r.str(), weight: r.u16() };
      case 'CAMERA':
        return { op, centerX: r.f64(), centerY: r.f64(), zoom: r.f64() };
      case 'BACKGROUND':
        return { op, colour: r.rgba() };
      case 'INSERT': {
        const item = r.u32(), parent = r.u32(), index = r.u32(), k = r.u8();
        const kind = KIND[k];
        if (!kind) throw new WireError(`unknown item kind ${k}`);
        return { op, item, parent, index, kind, props: r.props() };
      }
      case 'REMOVE':
        return { op, item: r.u32() };
      case 'MOVE':
        return { op, item: r.u32(), parent: r.u32(), index: r.u32() };
      case 'PATCH':
        return { op, item: r.u32(), props: r.props() };
      case 'TRANSFORM':
        return { op, item: r.u32(), x: r.f32(), y: r.f32() };
      case 'A11Y': {
        const count = r.u32();
        // Each element takes at least 8 bytes: refuse absurd counts early.
        r.need(Math.min(count, 1 << 24) * 8);
        const elements = [];
        for (let i = 0; i < count; i++) {
          elements.push({ item: r.u32(), role: r.u8(), flags: r.u8(), name: r.str() });
        }
        return { op, elements };
      }
      case 'A11Y_NAMES': {
        const count = r.u32();
        // Each name takes at least 8 bytes (item and length).
        r.need(Math.min(count, 1 << 24) * 8);
        const names = [];
        for (let i = 0; i < count; i++) names.push({ item: r.u32(), name: r.str() });
        return { op, names };
      }
      case 'FOCUS':
        return { op, item: r.u32() };
      case 'URL':
        return { op, mode: r.u8(), hash: r.str() };
      case 'CURSOR':
        return { op, cursor: r.u8() };
      case 'OPEN_URL':
        return { op, url: r.str() };
      case 'EMBED_ORIGINS': {
        const count = r.u16();
        const origins = [];
        for (let i = 0; i < count; i++) origins.push(r.str());
        return { op, origins };
      }
      case 'EVENT_SELECT':
      case 'EVENT_DESELECT':
        return { op, id: r.str() };
      case 'EVENT_CAMERA':
        return { op, latitude: r.f64(), longitude: r.f64(), zoom: r.f64() };
      case 'EVENT_CALLOUT_ACTION':
        return { op, id: r.str(), control: r.str() };
      default:
        throw new WireError(`unknown frame op 0x${code.toString(16)} at offset ${r.p - 1}`);
    }
  }

  // Decodes one server message. rgba values come out as '#rrggbbaa' strings
  // (usable as canvas styles), bytes as Uint8Array. Throws WireError on
  // malformed data. Unknown top-level opcodes decode to {op:'UNKNOWN'}.
  function decodeServer(buffer) {
    const r = new Reader(buffer);
    const code = r.u8();
    switch (code) {
      case SERVER_OP.WELCOME: {
        const msg = { op: 'WELCOME', version: r.u16(), session: r.u32() };
        if (!r.done) throw new WireError('overlong WELCOME');
        return msg;
      }
      case SERVER_OP.FRAME: {
        const msg = { op: 'FRAME', frame: r.u32(), inputSeq: r.u32(), ops: [] };
        while (!r.done) msg.ops.push(decodeFrameOp(r));
        return msg;
      }
      default:
        return { op: 'UNKNOWN', code };
    }
  }

  // --- path data (protocol.md "Paths") ------------------------------------
  // Returns an array of rings, each a flat array [x0,y0,x1,y1,...] in local units.
  function decodePathData(data) {
    let p = 0;
    function varint() {
      let v = 0, shift = 0, b;
      do {
        if (p >= data.length) throw new WireError('truncated path data');
        if (shift > 28) throw new WireError('varint too long in path data');
        b = data[p++];
        v += (b & 0x7f) * 2 ** shift;
        shift += 7;
      } while (b & 0x80);
      return v >>> 0;
    }
    function zigzag() { const n = varint(); return (n >>> 1) ^ -(n & 1); }
    const rings = [];
    const ringCount = varint();
    let x = 0, y = 0;
    for (let i = 0; i < ringCount; i++) {
      const n = varint();
      if (n > data.length) throw new WireError('path point count exceeds data');
      const ring = new Array(n * 2);
      for (let j = 0; j < n; j++) {
        x += zigzag(); y += zigzag();
        ring[2 * j] = x; ring[2 * j + 1] = y;
      }
      rings.push(ring);
    }
    return rings;
  }

  // --- canonical JSON form (see scripts/make_golden.py) -------------------
  function base64(u8) {
    let s = '';
    for (let i = 0; i < u8.length; i += 0x8000) {
      s += String.fromCharCode.apply(null, u8.subarray(i, i + 0x8000));
    }
    return btoa(s);
  }
  function canonical(v) {
    if (v instanceof Uint8Array) return base64(v);
    if (Array.isArray(v)) return v.map(canonical);
    if (v && typeof v === 'object') {
      const out = {};
      for (const k of Object.keys(v)) out[k] = canonical(v[k]);
      return out;
    }
    return v;
  }

  // --- client encoder -------------------------------------------------------
  // encodeClient({op:'POINTER', seq, ...}) -> ArrayBuffer.
  function encodeClient(msg) {
    const def = CLIENT[msg.op];
    if (!def) throw new Error('unknown client op ' + msg.op);
    const [code, fields] = def;
    const strs = {};
    let size = 1;
    for (const [name, t] of fields) {
      if (t === 's') {
        // A str holds at most 0xffff bytes; longer strings are cut (never by the page's own use).
        strs[name] = te.encode(msg[name] || '').subarray(0, 0xffff);
        size += 2 + strs[name].length;
      }
      else size += { B: 1, H: 2, I: 4, f: 4, d: 8 }[t];
    }
    const buf = new ArrayBuffer(size);
    const dv = new DataView(buf);
    dv.setUint8(0, code);
    let p = 1;
    for (const [name, t] of fields) {
      const v = msg[name];
      switch (t) {
        case 'B': dv.setUint8(p, v); p += 1; break;
        case 'H': dv.setUint16(p, v, true); p += 2; break;
        case 'I': dv.setUint32(p, v, true); p += 4; break;
        case 'f': dv.setFloat32(p, v, true); p += 4; break;
        case 'd': dv.setFloat64(p, v, true); p += 8; break;
        case 's': {
          const b = strs[name];
          dv.setUint16(p, b.length, true); p += 2;
          new Uint8Array(buf, p, b.length).set(b); p += b.length;
          break;
        }
      }
    }
    return buf;
  }

  window.MapWireWire = { decodeServer, decodePathData, encodeClient, canonical, WireError };
})();
