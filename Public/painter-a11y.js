// MapWire accessibility mirror: the A11Y list of docs/protocol.md as real,
// focusable DOM elements over the canvas (as Flutter's web semantics tree).
'use strict';

(function () {
  // Behaviour: mirror elements are transparent and have `pointer-events: none`,
  // so real mouse and touch input always reaches the canvas and goes to the
  // server as POINTER events (the server hit-tests). Keyboard focus and
  // Enter/Space on a mirror element send FOCUS/ACTIVATE (painter.js turns
  // Enter/Space into ACTIVATE); a click event that does reach an element
  // (assistive technology "click") sends ACTIVATE. An element with nothing
  // on screen (a pin in the margin past the map's edge, a row scrolled out
  // of its list) is hidden: neither a Tab stop nor read out.
  //
  // host: {item(id) -> item or undefined, painted(item) -> bool (its bx/by/bw/bh
  // screen bounds in CSS px are from the last paint), sendInput(msg)}.
  function create(layer, host) {
    let list = [];           // [{item, role, flags, name}] from the last A11Y op
    let dirty = true;        // list changed since the last rebuild
    let pendingFocus = null; // item to focus after the next update (0: blur)
    let suppressFocusEvents = false;

    const mirror = new Map(); // item id -> element
    const TAGS = { 1: 'button', 2: 'h2', 3: 'a', 4: 'ul', 5: 'li', 6: 'span', 7: 'div' };
    const CONTAINERS = new Set([4, 5, 7]); // list, listitem, dialog hold nested elements
    const MODIFIERS = new Set(['Shift', 'Control', 'Alt', 'Meta', 'AltGraph', 'CapsLock']);

    function makeElement(e, tag) {
      const el = document.createElement(tag);
      el._role = e.role;
      el._tag = tag;
      el.dataset.item = String(e.item);
      el.dataset.role = String(e.role);
      switch (e.role) {
        case 1: el.type = 'button'; break;
        case 3: el.href = '#'; break;
        case 5: el.tabIndex = 0; break;
        case 7: el.setAttribute('role', 'dialog'); el.tabIndex = -1; break;
        default: el.tabIndex = -1; // focusable by the server's FOCUS, not a tab stop
      }
      if (e.role === 5 && tag !== 'li') el.setAttribute('role', 'listitem');
      if (!TAGS[e.role]) el.setAttribute('role', 'generic');
      if (e.role === 5) {
        const name = document.createElement('span');
        name.className = 'mw-name';
        el.appendChild(name);
      }
      return el;
    }

    function setName(el, role, name) {
      if (el._name === name) return;
      el._name = name;
      if (role === 4 || role === 7) el.setAttribute('aria-label', name);
      else if (role === 5) el.firstChild.textContent = name;
      else el.textContent = name;
    }

    function setFlags(el, role, flags) {
      if (el._flags === flags) return;
      el._flags = flags;
      const selected = (flags & 1) !== 0;
      if (role === 1) el.setAttribute('aria-pressed', String(selected));
      else if (selected) el.setAttribute('aria-selected', 'true');
      else el.removeAttribute('aria-selected');
      if (flags & 2) el.setAttribute('aria-disabled', 'true');
      else el.removeAttribute('aria-disabled');
      if (flags & 4) el.setAttribute('aria-expanded', 'true');
      else el.removeAttribute('aria-expanded');
    }

    // Moving or removing the focused element blurs it: that is not the user
    // leaving the map, so the server must not hear FOCUS 0 for it.
    function rebuild() {
      withoutFocusEvents(rebuildElements);
    }

    function rebuildElements() {
      dirty = false;
      const active = document.activeElement;
      const byItem = new Map(list.map((e) => [e.item, e]));
      // Each element nests in the element of its nearest item-tree ancestor
      // that is a list, list item or dialog (0: the layer itself).
      const containerOf = new Map();
      for (const e of list) {
        let c = 0;
        const it = host.item(e.item);
        for (let p = it && it.parent; p; p = p.parent) {
          const a = byItem.get(p.id);
          if (a && CONTAINERS.has(a.role)) { c = p.id; break; }
        }
        containerOf.set(e.item, c);
      }
      // A list item is an <li> inside a list's <ul>, else a div with role listitem.
      const tagOf = (e) => {
        if (e.role !== 5) return TAGS[e.role] || 'div';
        const c = byItem.get(containerOf.get(e.item));
        return c && c.role === 4 ? 'li' : 'div';
      };
      for (const [id, el] of mirror) {
        const e = byItem.get(id);
        if (!e || el._role !== e.role || el._tag !== tagOf(e)) { el.remove(); mirror.delete(id); }
      }
      for (const e of list) {
        let el = mirror.get(e.item);
        if (!el) {
          el = makeElement(e, tagOf(e));
          mirror.set(e.item, el);
        }
        setName(el, e.role, e.name);
        setFlags(el, e.role, e.flags);
      }
      const order = new Map(); // parent element -> wanted children in order
      for (const e of list) {
        const c = containerOf.get(e.item);
        const parentEl = c ? mirror.get(c) : layer;
        if (!order.has(parentEl)) order.set(parentEl, []);
        order.get(parentEl).push(mirror.get(e.item));
      }
      for (const [parentEl, kids] of order) {
        // Keep existing nodes where they are when already in order (moving a
        // focused node would drop its focus).
        let ref = parentEl === layer ? layer.firstChild : firstElementAfterName(parentEl);
        for (const el of kids) {
          if (el === ref) { ref = ref.nextSibling; continue; }
          parentEl.insertBefore(el, ref);
        }
      }
      if (active && active !== document.activeElement && active.isConnected) {
        active.focus({ preventScroll: true });
      }
    }

    function firstElementAfterName(el) {
      return el.firstChild && el.firstChild.className === 'mw-name' ? el.firstChild.nextSibling : el.firstChild;
    }

    function update() {
      if (dirty) rebuild();
      for (const [id, el] of mirror) {
        const it = host.item(id);
        const visible = it && host.painted(it) && it.bw > 0 && it.bh > 0;
        if (el.hidden !== !visible) el.hidden = !visible;
        if (!visible) continue;
        let px = 0, py = 0;
        const parentEl = el.parentElement;
        if (parentEl && parentEl !== layer) {
          const p = host.item(Number(parentEl.dataset.item));
          if (p && host.painted(p)) { px = p.bx; py = p.by; }
        }
        const l = it.bx - px, t = it.by - py;
        if (el._l !== l) { el._l = l; el.style.left = l + 'px'; }
        if (el._t !== t) { el._t = t; el.style.top = t + 'px'; }
        if (el._w !== it.bw) { el._w = it.bw; el.style.width = it.bw + 'px'; }
        if (el._h !== it.bh) { el._h = it.bh; el.style.height = it.bh + 'px'; }
      }
      if (pendingFocus !== null) {
        const id = pendingFocus;
        pendingFocus = null;
        withoutFocusEvents(() => {
          if (id === 0) {
            if (layer.contains(document.activeElement)) document.activeElement.blur();
          } else {
            const el = mirror.get(id);
            if (el) el.focus({ preventScroll: true });
          }
        });
      }
    }

    function withoutFocusEvents(fn) {
      suppressFocusEvents = true;
      try { fn(); } finally { suppressFocusEvents = false; }
    }

    function itemOf(node) {
      const el = node && node.closest ? node.closest('[data-item]') : null;
      return el && layer.contains(el) ? Number(el.dataset.item) : 0;
    }

    layer.addEventListener('focusin', (e) => {
      const id = itemOf(e.target);
      if (id && !suppressFocusEvents) host.sendInput({ op: 'FOCUS', item: id });
    });
    layer.addEventListener('focusout', (e) => {
      if (suppressFocusEvents || layer.contains(e.relatedTarget)) return;
      host.sendInput({ op: 'FOCUS', item: 0 });
    });
    // The layer is marked while the last input was a press rather than a key
    // (style.css rings keyboard focus only). Modifier keys alone do not
    // count, as for the browser's own :focus-visible.
    window.addEventListener('pointerdown', () => layer.classList.add('mw-pointer'), true);
    window.addEventListener('keydown', (e) => {
      if (e.ctrlKey || e.altKey || e.metaKey || MODIFIERS.has(e.key)) return;
      layer.classList.remove('mw-pointer');
    }, true);

    layer.addEventListener('click', (e) => {
      e.preventDefault(); // links are href="#": never navigate
      const id = itemOf(e.target);
      if (id) host.sendInput({ op: 'ACTIVATE', item: id });
    });

    return {
      setList(elements) { list = elements; dirty = true; },
      // New names for elements of the list (A11Y_NAMES): the elements stay,
      // only their names change. Returns the first item not in the list, or 0.
      rename(names) {
        const index = new Map(list.map((e, i) => [e.item, i]));
        for (const { item, name } of names) {
          const i = index.get(item);
          if (i === undefined) return item;
          list[i] = { ...list[i], name };
          const el = mirror.get(item);
          if (el) setName(el, el._role, name);
        }
        return 0;
      },
      focus(id) { pendingFocus = id; },
      reset() { list = []; dirty = true; pendingFocus = null; },
      update,
      itemOf,
    };
  }

  window.MapWireMirror = { create };
})();
