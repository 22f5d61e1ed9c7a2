// MapWire painter, drawing: paints the item tree the frames built onto the
// canvas, in CSS pixels scaled by the device pixel ratio. Items anchored to
// the world and world paths are projected with the session's camera, so a
// pan repaints without any item changing. The world repeats east and west:
// an anchored item shows in the copy of the world nearest the camera's
// centre, and a REPEAT item's subtree (the base map) is painted once for
// every copy the canvas shows. An item whose anchor glides is drawn on its
// way there. Leaves each painted item its screen bounds and paint generation
// for the accessibility mirror.
'use strict';

(function () {
  const WORLD = 2 ** 30;

  // Where an anchored item is drawn at `now` (ms): its anchor, or on a glide
  // (GLIDE) the point that far from where the glide began, the short way
  // round the world. A glide not painted yet is at its start.
  function anchorAt(it, now) {
    const g = it.glide;
    if (!g) return it.anchor;
    const f = g.start === null ? 0 : (now - g.start) / g.ms;
    if (f >= 1) return it.anchor;
    let dx = (it.anchor[0] - g.x) % WORLD;
    if (dx >= WORLD / 2) dx -= WORLD; else if (dx < -WORLD / 2) dx += WORLD;
    return [g.x + dx * f, g.y + (it.anchor[1] - g.y) * f];
  }

  // `session` answers, at each paint, what the current session holds:
  // camera {x, y, zoom}, images, paths and fonts by resource id, and the
  // canvas's CSS size and device pixel ratio (cssW, cssH, dpr).
  function createCanvasPainter(canvas, session) {
    const ctx = canvas.getContext('2d');
    let camera, images, paths, fonts, cssW, cssH, dpr, paintGen, now, gliding;

    function pxPerUnit() { return 256 * 2 ** camera.zoom / WORLD; }
    function screenX(wx) { return (wx - camera.x) * pxPerUnit() + cssW / 2; }
    function screenY(wy) { return (wy - camera.y) * pxPerUnit() + cssH / 2; }
    // wx moved by whole worlds to within half a world of the camera's centre
    // (as the server's WorldWrap.nearest, so both hit the same copy).
    function nearestCopy(wx) {
      const d = wx - camera.x;
      if (d >= -WORLD / 2 && d < WORLD / 2) return wx;
      return wx - Math.floor(d / WORLD + 0.5) * WORLD;
    }
    // Copies of the world a REPEAT subtree is painted in: every one that
    // meets the canvas, with room for names that reach east of their cities.
    function visibleCopies() {
      const reach = (cssW / 2 + 512) / pxPerUnit();
      const first = Math.floor((camera.x - reach) / WORLD), last = Math.floor((camera.x + reach) / WORLD);
      const out = [];
      for (let k = first; k <= last; k++) out.push(k * WORLD);
      return out;
    }

    // Paints `root`'s tree over `background` (null: transparent); `gen`
    // marks each item painted in this pass (the accessibility mirror reads it,
    // with the bounds left on each item).
    // Returns whether an item is still gliding, so the caller paints again.
    function paint(root, background, gen) {
      ({ camera, images, paths, fonts, cssW, cssH, dpr } = session);
      paintGen = gen;
      now = performance.now();
      gliding = false;
      ctx.setTransform(1, 0, 0, 1, 0, 0);
      ctx.globalAlpha = 1;
      ctx.shadowColor = 'transparent';
      ctx.clearRect(0, 0, canvas.width, canvas.height);
      if (background) {
        ctx.fillStyle = background;
        ctx.fillRect(0, 0, canvas.width, canvas.height);
      }
      ctx.lineJoin = 'round';
      ctx.lineCap = 'round';
      const view = [0, 0, cssW, cssH];
      for (const c of root.children) paintItem(c, 1, 0, 0, 1, view, null);
      return gliding;
    }

    // (tx, ty, s) is the parent's coordinate system in CSS px: screen = local * s + t.
    // clip is the visible screen rectangle [x0, y0, x1, y1] (for mirror bounds).
    // copy: inside a REPEAT subtree, the world units its anchors and paths are
    // moved east by for the copy being painted; null elsewhere.
    function paintItem(it, parentAlpha, tx, ty, s, clip, copy) {
      if (it.hidden) return;
      if (it.repeat && copy === null) {
        for (const c of visibleCopies()) paintItem(it, parentAlpha, tx, ty, s, clip, c);
        return;
      }
      // An anchored item's position is its anchor's screen point plus (x, y),
      // taken in the parent's coordinates (as ViewKit's originInSuperview; the
      // usual parent is an unscaled group at the origin, so: screen space).
      let anchor = it.anchor;
      if (it.glide) {
        // A glide runs from the paint that first shows it, ends by itself.
        if (it.glide.start === null) it.glide.start = now;
        anchor = anchorAt(it, now);
        if (anchor === it.anchor) it.glide = null; else gliding = true;
      }
      const ax = anchor ? (copy === null ? nearestCopy(anchor[0]) : anchor[0] + copy) : 0;
      const px = anchor ? screenX(ax) + it.x : it.x;
      const py = anchor ? screenY(anchor[1]) + it.y : it.y;
      const ox = tx + px * s, oy = ty + py * s;
      // SCALE about (sox, soy) in the item's own coordinates.
      const S = s * it.scale;
      const X = ox + s * it.sox * (1 - it.scale);
      const Y = oy + s * it.soy * (1 - it.scale);
      const alpha = parentAlpha * it.alpha;

      const x0 = Math.max(clip[0], Math.min(X, X + it.w * S)), y0 = Math.max(clip[1], Math.min(Y, Y + it.h * S));
      const x1 = Math.min(clip[2], Math.max(X, X + it.w * S)), y1 = Math.min(clip[3], Math.max(Y, Y + it.h * S));
      it.gen = paintGen;
      it.bx = x0; it.by = y0; it.bw = Math.max(0, x1 - x0); it.bh = Math.max(0, y1 - y0);

      if (alpha > 0) {
        ctx.globalAlpha = Math.min(1, alpha);
        if (it.kind === 'WORLD_PATH') {
          drawWorldPath(it, tx, ty, s, copy || 0);
        } else {
          ctx.setTransform(dpr * S, 0, 0, dpr * S, dpr * X, dpr * Y);
          drawItem(it, S);
        }
      }

      if (it.children.length === 0) return;
      let childClip = clip;
      if (it.clip) {
        ctx.save();
        ctx.setTransform(dpr * S, 0, 0, dpr * S, dpr * X, dpr * Y);
        ctx.beginPath();
        roundRect(ctx, it.w, it.h, it.radius);
        ctx.clip();
        childClip = [x0, y0, Math.max(x0, x1), Math.max(y0, y1)];
      }
      const cx = X - it.scrollX * S, cy = Y - it.scrollY * S;
      for (const c of it.children) paintItem(c, alpha, cx, cy, S, childClip, copy);
      if (it.clip) ctx.restore();
    }

    function roundRect(target, w, h, r) {
      const rr = Math.max(0, Math.min(r, Math.abs(w) / 2, Math.abs(h) / 2));
      if (rr > 0) target.roundRect(0, 0, w, h, rr);
      else target.rect(0, 0, w, h);
    }

    // A rounded rectangle with an arrow below (dir 0) or above (dir 1) it, one outline.
    function bubblePath(w, h, r, b) {
      r = Math.max(0, Math.min(r, w / 2, h / 2));
      const aw = b ? b.w : 0, ah = b ? b.h : 0;
      const tip = b ? b.x : w / 2;
      const left = Math.max(r, Math.min(tip - aw / 2, w - r - aw));
      const right = Math.min(w - r, left + aw);
      ctx.beginPath();
      ctx.moveTo(r, 0);
      if (b && b.dir === 1 && aw > 0) {
        ctx.lineTo(left, 0); ctx.lineTo(tip, -ah); ctx.lineTo(right, 0);
      }
      ctx.lineTo(w - r, 0);
      ctx.arcTo(w, 0, w, r, r);
      ctx.lineTo(w, h - r);
      ctx.arcTo(w, h, w - r, h, r);
      if (b && b.dir === 0 && aw > 0) {
        ctx.lineTo(right, h); ctx.lineTo(tip, h + ah); ctx.lineTo(left, h);
      }
      ctx.lineTo(r, h);
      ctx.arcTo(0, h, 0, h - r, r);
      ctx.lineTo(0, r);
      ctx.arcTo(0, 0, r, 0, r);
      ctx.closePath();
    }

    function setShadow(it, S) {
      if (!it.shadow) return false;
      ctx.shadowColor = it.shadow.colour;
      // Shadow sizes are not transformed by the canvas matrix: scale them here.
      ctx.shadowBlur = it.shadow.blur * dpr * S;
      ctx.shadowOffsetX = 0;
      ctx.shadowOffsetY = it.shadow.dy * dpr * S;
      return true;
    }

    function fillAndStroke(it, S) {
      if (it.fill) {
        const shadowed = setShadow(it, S);
        ctx.fillStyle = it.fill;
        ctx.fill();
        if (shadowed) ctx.shadowColor = 'transparent';
      } else if (it.shadow && it.stroke) {
        setShadow(it, S);
      }
      if (it.stroke && it.lineWidth > 0) {
        ctx.strokeStyle = it.stroke;
        ctx.lineWidth = it.lineWidth;
        ctx.stroke();
      }
      ctx.shadowColor = 'transparent';
    }

    function setFont(it) {
      const f = fonts.get(it.font);
      ctx.font = f
        ? `${f.weight} ${it.size}px "${f.family}", sans-serif`
        : `${it.size}px sans-serif`;
    }

    function drawItem(it, S) {
      switch (it.kind) {
        case 'RECT':
          if (!it.fill && !it.stroke) return;
          ctx.beginPath();
          roundRect(ctx, it.w, it.h, it.radius);
          fillAndStroke(it, S);
          return;
        case 'BUBBLE':
          bubblePath(it.w, it.h, it.radius, it.bubble);
          fillAndStroke(it, S);
          return;
        case 'BADGE':
          ctx.beginPath();
          roundRect(ctx, it.w, it.h, it.radius);
          fillAndStroke(it, S);
          if (!it.stroke || !it.text) return;
          setFont(it);
          ctx.textAlign = 'center';
          ctx.textBaseline = 'alphabetic';
          ctx.fillStyle = it.stroke;
          ctx.fillText(it.text, it.w / 2, it.baseline === null ? it.h / 2 + it.size * 0.35 : it.baseline);
          return;
        case 'CURVED_TEXT': {
          // Each cluster of the text centred at its own point and turned by its own angle, as the server's
          // layout placed it along a line; the halo (the stroke) goes under every cluster first.
          // Without GLYPHS the text is level and centred on the item's point (a place's name).
          if (!it.fill || !it.text) return;
          setFont(it);
          ctx.textAlign = 'center';
          ctx.textBaseline = 'middle';
          const base = ctx.getTransform();
          const halo = it.stroke && it.lineWidth > 0;
          if (halo) {
            ctx.strokeStyle = it.stroke;
            ctx.lineWidth = it.lineWidth * 2;
            ctx.lineJoin = 'round';
          }
          ctx.fillStyle = it.fill;
          if (!it.glyphs) {
            if (halo) ctx.strokeText(it.text, 0, 0);
            ctx.fillText(it.text, 0, 0);
            ctx.lineJoin = 'miter';
            return;
          }
          for (const pass of halo ? ['halo', 'text'] : ['text']) {
            let at = 0;
            for (const [length, gx, gy, angle] of it.glyphs) {
              const cluster = it.text.slice(at, at + length);
              at += length;
              ctx.setTransform(base);
              ctx.translate(gx, gy);
              ctx.rotate(angle);
              if (pass === 'halo') ctx.strokeText(cluster, 0, 0);
              else ctx.fillText(cluster, 0, 0);
            }
          }
          ctx.setTransform(base);
          ctx.lineJoin = 'miter';
          return;
        }
        case 'TEXT': {
          if (!it.fill || !it.text) return;
          setFont(it);
          ctx.textAlign = 'left';
          ctx.textBaseline = 'alphabetic';
          ctx.fillStyle = it.fill;
          const shadowed = setShadow(it, S);
          ctx.fillText(it.text, 0, it.baseline === null ? it.size * 0.8 : it.baseline);
          if (shadowed) ctx.shadowColor = 'transparent';
          return;
        }
        case 'IMAGE': {
          const res = images.get(it.image);
          if (!res || !res.img) return;
          const shadowed = setShadow(it, S);
          ctx.imageSmoothingEnabled = true;
          ctx.imageSmoothingQuality = 'high';
          ctx.drawImage(res.img, 0, 0, it.w, it.h);
          if (shadowed) ctx.shadowColor = 'transparent';
          return;
        }
        default: // GROUP draws nothing itself
      }
    }

    // World coordinates projected with the camera, in the parent's coordinates
    // (tx, ty, s) like an anchor, moved `copy` world units east; the item's own
    // FRAME and SCALE are ignored.
    function drawWorldPath(it, tx, ty, s, copy) {
      const res = paths.get(it.path);
      if (!res || (!it.fill && !it.stroke)) return;
      const k = 2 ** res.shift * pxPerUnit();
      const ox = tx + screenX(res.originX + copy) * s, oy = ty + screenY(res.originY) * s;
      const ks = k * s;
      const [bx0, by0, bx1, by1] = res.bbox;
      const pad = it.lineWidth * s + 2;
      if (ox + bx1 * ks < -pad || ox + bx0 * ks > cssW + pad ||
          oy + by1 * ks < -pad || oy + by0 * ks > cssH + pad) return; // off screen
      if (it.worldClip) {
        // One tile's piece of a large shape: cut on whole device pixels, so each pixel belongs to exactly
        // one piece and neighbouring pieces meet without a seam, even under a translucent fill.
        const [cx, cy, cw, ch] = it.worldClip;
        const x0 = Math.round(dpr * (tx + screenX(cx + copy) * s));
        const x1 = Math.round(dpr * (tx + screenX(cx + cw + copy) * s));
        const y0 = Math.round(dpr * (ty + screenY(cy) * s));
        const y1 = Math.round(dpr * (ty + screenY(cy + ch) * s));
        if (x1 <= 0 || y1 <= 0 || x0 >= cssW * dpr || y0 >= cssH * dpr || x1 <= x0 || y1 <= y0) return;
        ctx.save();
        ctx.setTransform(1, 0, 0, 1, 0, 0);
        ctx.beginPath();
        ctx.rect(x0, y0, x1 - x0, y1 - y0);
        ctx.clip();
        ctx.setTransform(dpr * ks, 0, 0, dpr * ks, dpr * ox, dpr * oy);
        paintWorldPath(it, res, k);
        ctx.restore();
        return;
      }
      ctx.setTransform(dpr * ks, 0, 0, dpr * ks, dpr * ox, dpr * oy);
      paintWorldPath(it, res, k);
    }

    // A world path's fill and stroke, the canvas already in its local units.
    function paintWorldPath(it, res, k) {
      if (it.fill) {
        ctx.fillStyle = it.fill;
        ctx.fill(res.closed, it.evenOdd ? 'evenodd' : 'nonzero');
      }
      if (it.stroke && it.lineWidth > 0) {
        ctx.strokeStyle = it.stroke;
        ctx.lineWidth = it.lineWidth / k; // stays lineWidth CSS px at any zoom
        const line = it.line;
        if (!line) {
          ctx.stroke(it.fill ? res.closed : res.open);
          return;
        }
        if (line.end <= line.start) return;
        ctx.lineCap = line.cap;
        ctx.lineJoin = line.join;
        ctx.setLineDash(line.dash.map((d) => d / k)); // dashes keep their CSS px too
        ctx.lineDashOffset = line.phase / k;
        const whole = line.start <= 0 && line.end >= 1;
        ctx.stroke(whole ? (it.fill ? res.closed : res.open) : strokeStretch(res, line.start, line.end, !!it.fill));
        ctx.lineCap = 'butt';
        ctx.lineJoin = 'miter';
        ctx.setLineDash([]);
        ctx.lineDashOffset = 0;
      }
    }

    // The part of a path's rings from `start` to `end` of their whole length
    // (each ring closed when the item fills): MapKit's strokeStart and
    // strokeEnd. Kept for the last stretch asked of each path.
    function strokeStretch(res, start, end, closed) {
      const key = `${start}|${end}|${closed}`;
      if (res.stretch && res.stretch.key === key) return res.stretch.path;
      const rings = res.rings.map((r) => (closed && r.length >= 4 ? r.concat([r[0], r[1]]) : r));
      let total = 0;
      for (const r of rings) for (let i = 2; i < r.length; i += 2) total += Math.hypot(r[i] - r[i - 2], r[i + 1] - r[i - 1]);
      const from = start * total, to = end * total;
      const path = new Path2D();
      let walked = 0;
      for (const r of rings) {
        let drawing = false;
        for (let i = 2; i < r.length; i += 2) {
          const x0 = r[i - 2], y0 = r[i - 1], x1 = r[i], y1 = r[i + 1];
          const len = Math.hypot(x1 - x0, y1 - y0);
          const a = Math.max(from, walked), b = Math.min(to, walked + len);
          if (len > 0 && a <= b) {
            const t0 = (a - walked) / len, t1 = (b - walked) / len;
            if (!drawing) path.moveTo(x0 + (x1 - x0) * t0, y0 + (y1 - y0) * t0);
            path.lineTo(x0 + (x1 - x0) * t1, y0 + (y1 - y0) * t1);
            drawing = b === walked + len;
          } else {
            drawing = false;
          }
          walked += len;
        }
      }
      res.stretch = { key, path };
      return path;
    }

    return { paint };
  }

  window.MapWireDraw = { createCanvasPainter, anchorAt };
})();
