// MapWire painter: the map inside another site's <iframe> (docs/embedding.md).
// The server decides the events (selection and the camera live there) and
// names the origins that may embed the map (EMBED_ORIGINS, from
// --allowed-origin); this file only forwards them with postMessage and turns
// the embedding page's commands into EMBED_* messages. It talks to nobody
// else: events go to the parent's exact origin (never '*'), and commands are
// taken only from the parent window with an allowed origin.
'use strict';

(function () {
  const SOURCE = 'mapwire';
  const MAX_QUEUED = 32;
  const MAX_ID = 1024;

  function originOf(url) {
    try { return url ? new URL(url).origin : null; } catch (e) { return null; }
  }

  // hooks: { sendInput(msg), isConnected() }
  function create(hooks) {
    const embedded = window.parent !== window;
    // The embedding page's origin as the browser reports it; where it does
    // not (no location.ancestorOrigins), the referrer's. Either way the
    // browser delivers a message only if the parent really has this origin.
    const ancestors = location.ancestorOrigins;
    const parentOrigin = ancestors && ancestors.length ? ancestors[0] : originOf(document.referrer);
    let allowed = null;   // Set of origins, once the server named them
    let announced = false;
    const queued = [];    // commands that came before the session was live

    function targets() {
      if (!embedded || !allowed) return [];
      if (parentOrigin) return allowed.has(parentOrigin) ? [parentOrigin] : [];
      return Array.from(allowed);
    }

    function post(message) {
      for (const origin of targets()) {
        window.parent.postMessage(Object.assign({ source: SOURCE }, message), origin);
      }
    }

    function setOrigins(origins) {
      allowed = new Set(origins);
      allowed.add(location.origin); // a page of the map's own server may always embed it
      if (!announced) {
        announced = true;
        post({ type: 'ready' });
      }
      flush();
    }

    // A frame op from the server: EMBED_ORIGINS or one of the EVENT_* ops.
    function apply(op) {
      switch (op.op) {
        case 'EMBED_ORIGINS': setOrigins(op.origins); break;
        case 'EVENT_SELECT': post({ type: 'select', id: op.id }); break;
        case 'EVENT_DESELECT': post({ type: 'deselect', id: op.id }); break;
        case 'EVENT_CAMERA':
          post({ type: 'camera', latitude: op.latitude, longitude: op.longitude, zoom: op.zoom });
          break;
        case 'EVENT_CALLOUT_ACTION': post({ type: 'calloutAction', id: op.id, control: op.control }); break;
      }
    }

    function fromAllowedParent(ev) {
      if (!embedded || ev.source !== window.parent || !allowed) return false;
      if (!allowed.has(ev.origin)) return false;
      return !parentOrigin || ev.origin === parentOrigin;
    }

    function finite(v, lo, hi) { return typeof v === 'number' && Number.isFinite(v) && v >= lo && v <= hi; }

    // The wire message for a command, or null (with the reason logged).
    function command(data) {
      const reject = (why) => {
        console.warn(`MapWire: ignoring ${JSON.stringify(data.type)} command: ${why}`);
        return null;
      };
      switch (data.type) {
        case 'setCamera':
          if (!finite(data.latitude, -90, 90)) return reject('latitude must be a number in -90...90');
          if (!finite(data.longitude, -180, 180)) return reject('longitude must be a number in -180...180');
          if (!finite(data.zoom, 0, 24)) return reject('zoom must be a number in 0...24');
          return { op: 'EMBED_SET_CAMERA', latitude: data.latitude, longitude: data.longitude, zoom: data.zoom,
            animated: data.animated ? 1 : 0 };
        case 'select':
          if (typeof data.id !== 'string' || !data.id || data.id.length > MAX_ID) {
            return reject(`id must be a non-empty string of at most ${MAX_ID} characters`);
          }
          return { op: 'EMBED_SELECT', id: data.id };
        case 'deselect':
          return { op: 'EMBED_DESELECT' };
        default:
          return reject('unknown type (setCamera, select and deselect are known)');
      }
    }

    function flush() {
      if (!allowed || !hooks.isConnected()) return;
      while (queued.length) {
        const ev = queued.shift();
        if (!fromAllowedParent(ev)) continue;
        const msg = command(ev.data);
        if (msg) hooks.sendInput(msg);
      }
    }

    window.addEventListener('message', (ev) => {
      if (!embedded || ev.source !== window.parent) return;
      const data = ev.data;
      if (!data || typeof data !== 'object' || typeof data.type !== 'string') return;
      if (allowed && !fromAllowedParent(ev)) return; // not an origin the server allows: silence
      if (queued.length < MAX_QUEUED) queued.push({ source: ev.source, origin: ev.origin, data });
      flush();
    });

    return {
      apply,
      // A new session starts: the origins come again in its frame 1.
      connected: flush,
      state: () => ({ embedded, parentOrigin, allowed: allowed ? Array.from(allowed) : null, targets: targets() }),
    };
  }

  window.MapWireEmbed = { create };
})();
