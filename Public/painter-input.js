// MapWire painter, input: the browser's pointer, wheel and key events as the
// wire's input messages (docs/protocol.md), in canvas CSS pixels. Nothing is
// interpreted here: gestures, focus and activation are decided by the server.
'use strict';

(function () {
  const POINTER_TYPES = { mouse: 0, touch: 1, pen: 2 };

  function modifiers(e) {
    return (e.shiftKey ? 1 : 0) | (e.ctrlKey ? 2 : 0) | (e.altKey ? 4 : 0) | (e.metaKey ? 8 : 0);
  }

  function isActivationKey(e) { return e.key === 'Enter' || e.key === ' '; }

  // `session.sendInput(msg)` numbers and sends a message; `canvasOrigin()` is
  // the canvas's page offset, `viewportHeight()` its CSS height (a wheel page),
  // and `mirroredItem(element)` the item a focused mirror element stands for.
  function listen(canvas, session) {
    function canvasPoint(e) {
      const [left, top] = session.canvasOrigin();
      return [e.clientX - left, e.clientY - top];
    }

    function sendPointer(phase, e) {
      const [x, y] = canvasPoint(e);
      session.sendInput({
        op: 'POINTER', phase, pointerId: e.pointerId >>> 0,
        pointerType: POINTER_TYPES[e.pointerType] || 0,
        buttons: e.buttons & 0xff, modifiers: modifiers(e), x, y, time: e.timeStamp,
      });
    }

    canvas.addEventListener('pointerdown', (e) => {
      try { canvas.setPointerCapture(e.pointerId); } catch (err) { /* pointer already gone */ }
      sendPointer(0, e);
    });
    canvas.addEventListener('pointermove', (e) => sendPointer(1, e));
    canvas.addEventListener('pointerup', (e) => sendPointer(2, e));
    canvas.addEventListener('pointercancel', (e) => sendPointer(3, e));
    canvas.addEventListener('contextmenu', (e) => e.preventDefault());
    canvas.addEventListener('wheel', (e) => {
      e.preventDefault(); // no page scroll or browser zoom (ctrl+wheel is a pinch)
      const k = e.deltaMode === 1 ? 16 : e.deltaMode === 2 ? session.viewportHeight() : 1;
      const [x, y] = canvasPoint(e);
      session.sendInput({
        op: 'WHEEL', modifiers: modifiers(e), x, y,
        deltaX: e.deltaX * k, deltaY: e.deltaY * k, time: e.timeStamp,
      });
    }, { passive: false });

    window.addEventListener('keydown', (e) => {
      const id = session.mirroredItem(document.activeElement);
      if (id && isActivationKey(e)) {
        e.preventDefault(); // no native click: ACTIVATE is sent once, here
        if (!e.repeat) session.sendInput({ op: 'ACTIVATE', item: id });
        return;
      }
      // Tab moves DOM focus natively and FOCUS says where it went; sent as KEY
      // too, the server would move its own focus and its FOCUS could race the
      // browser's and pull focus back.
      if (e.isComposing || e.key === 'Tab') return;
      session.sendInput({ op: 'KEY', phase: 0, modifiers: modifiers(e), key: e.key });
    });
    window.addEventListener('keyup', (e) => {
      if (session.mirroredItem(document.activeElement) && isActivationKey(e)) { e.preventDefault(); return; }
      if (e.isComposing || e.key === 'Tab') return;
      session.sendInput({ op: 'KEY', phase: 1, modifiers: modifiers(e), key: e.key });
    });
  }

  window.MapWireInput = { listen };
})();
