// The embedding page's side of docs/embedding.md: commands to the map with
// its exact origin as targetOrigin, events taken only from the map's frame.
'use strict';

(function () {
  const frame = document.getElementById('map');
  const log = document.getElementById('log');
  const asked = new URLSearchParams(location.search).get('map');
  const mapURL = new URL(asked || '../', location.href);
  const mapOrigin = mapURL.origin;
  frame.src = mapURL.href;

  // Every event received, for people (the list) and for tests (window.embedEvents).
  const events = [];
  window.embedEvents = events;

  function describe(e) {
    switch (e.type) {
      case 'select': return `selected ${e.id}`;
      case 'deselect': return `deselected ${e.id}`;
      case 'camera': return `camera ${e.latitude.toFixed(4)}, ${e.longitude.toFixed(4)} at zoom ${e.zoom.toFixed(2)}`;
      case 'calloutAction': return `${e.control} tapped on ${e.id}`;
      case 'ready': return 'the map is listening';
      default: return e.type;
    }
  }

  window.addEventListener('message', (ev) => {
    if (ev.source !== frame.contentWindow || ev.origin !== mapOrigin) return;
    const e = ev.data;
    if (!e || e.source !== 'mapwire') return;
    events.push(e);
    const li = document.createElement('li');
    li.textContent = describe(e);
    log.prepend(li);
    while (log.children.length > 50) log.lastChild.remove();
  });

  function send(command) {
    frame.contentWindow.postMessage(command, mapOrigin);
  }
  window.sendToMap = send;

  for (const button of document.querySelectorAll('[data-camera]')) {
    const [latitude, longitude, zoom] = button.dataset.camera.split(',').map(Number);
    button.addEventListener('click', () => send({ type: 'setCamera', latitude, longitude, zoom, animated: true }));
  }
  for (const button of document.querySelectorAll('[data-select]')) {
    button.addEventListener('click', () => send({ type: 'select', id: button.dataset.select }));
  }
  document.getElementById('deselect').addEventListener('click', () => send({ type: 'deselect' }));
})();
