/* The service worker's events (docs/offline.md). Plain JS: build/service-worker.ts puts
   the build's id and file list (BUILD_ID, PRECACHE), swRoute and NETWORK_PATHS (route.ts) before it. */
/* global self, caches, fetch, Response, URLPattern, BUILD_ID, PRECACHE, swRoute, NETWORK_PATHS */
const CACHE = `cab-${BUILD_ID}`;
const SHELL = '/';

// The shell and the files of the dashboard, flow and recording screens, kept before this build takes over.
self.addEventListener('install', (event) => {
  event.waitUntil(
    routeToNetwork(event)
      .then(() => caches.open(CACHE))
      .then((cache) => cache.addAll([SHELL, ...PRECACHE]))
      .then(() => self.skipWaiting()),
  );
});

// The API and the server's own files bypass the worker where the browser routes statically (route.ts, NETWORK_PATHS).
function routeToNetwork(event) {
  if (typeof event.addRoutes !== 'function' || typeof URLPattern !== 'function') return Promise.resolve();
  const rules = NETWORK_PATHS.map((pathname) => ({ condition: { urlPattern: new URLPattern({ pathname }) }, source: 'network' }));
  // A browser that refuses the rules still has the fetch event's own 'network'.
  return event.addRoutes(rules).catch(() => undefined);
}

// Another build's files go: a cache per build, so nothing of an old build is ever served after a deploy.
self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((n) => n.startsWith('cab-') && n !== CACHE).map((n) => caches.delete(n))))
      .then(() => self.clients.claim()),
  );
});

const keep = (request, response) => {
  if (response.ok && response.type === 'basic') {
    const copy = response.clone();
    void caches.open(CACHE).then((cache) => cache.put(request, copy));
  }
  return response;
};

self.addEventListener('fetch', (event) => {
  const req = event.request;
  const route = swRoute({ method: req.method, url: req.url, mode: req.mode, cache: req.cache }, self.location.origin);
  if (route === 'network') return;
  if (route === 'asset') {
    event.respondWith(caches.match(req).then((hit) => hit || fetch(req).then((res) => keep(req, res))));
    return;
  }
  // Pages and other files: the network's answer when there is one; the kept copy only without it.
  event.respondWith(
    fetch(req)
      .then((res) => (route === 'file' ? keep(req, res) : res))
      .catch(() => caches.match(route === 'page' ? SHELL : req, { ignoreSearch: route === 'page' }).then((hit) => hit || Response.error())),
  );
});
