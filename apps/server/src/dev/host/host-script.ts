/**
 * The test host's script (docs/host.md, "The test host"): plain browser JavaScript served
 * as its own file (/dev/host/host.js), so the page's policy needs no inline script and the
 * server's build needs no copy step. It plays a partner's app: the bridge of
 * apps/web/src/host/protocol.ts over window messages, the host's sheets, its memory.
 * Written without template literals: it lives inside one.
 */
export const HOST_SCRIPT = String.raw`(() => {
'use strict';
const HOST = document.body.dataset.host === 'b' ? 'b' : 'a';
const ORIGIN = location.origin;
// What each partner's SDK says of itself (B names no status bar height: the page falls back to 20).
const PROFILE = {
  a: { name: 'A 生活', uid: 'a-demo-user', nickname: 'A 用户', bar: { status_bar_height: 44 },
    hello: { host: 'a', version: 1, status_bar_height: 44, platform: 'android', app_version: '8.2.0' } },
  b: { name: 'B 钱包', uid: 'b-demo-user', nickname: 'B 用户', bar: {},
    hello: { host: 'b', version: 1, platform: 'ios', app_version: '5.1.3' } },
}[HOST];
const PLACES = [
  { name: '人民广场', address: '上海市黄浦区人民大道 120 号', latitude: 31.2304, longitude: 121.4737 },
  { name: '国贸', address: '北京市朝阳区建国门外大街 1 号', latitude: 39.9088, longitude: 116.4597 },
  { name: '西湖', address: '浙江省杭州市西湖区龙井路 1 号', latitude: 30.2431, longitude: 120.1507 },
  { name: '腾讯滨海大厦', address: '广东省深圳市南山区海天二路 33 号', latitude: 22.5225, longitude: 113.9355 },
];
const UNSIGNED = ['hello', 'signature.verify'];
const query = new URLSearchParams(location.search);
const USER = { uid: query.get('uid') || PROFILE.uid, nickname: query.get('nick') || PROFILE.nickname, phone: query.get('phone') || '' };
const OPEN = (() => {
  const o = (query.get('open') || '/dashboard/index').replace(/^#/, '');
  return o.startsWith('/') ? o : '/' + o;
})();

const $ = (id) => document.getElementById(id);
const show = (testid, value) => { document.querySelector('[data-testid="' + testid + '"]').textContent = String(value); };
const phone = $('phone');
const layer = $('layer');
const panel = $('panel');

// The host's own memory, per partner (a webview's storage may be wiped; the host's is not).
const KEY = 'cab-test-host.' + HOST + '.';
const store = {
  get(name, fallback) {
    try { const v = localStorage.getItem(KEY + name); return v === null ? fallback : JSON.parse(v); } catch { return fallback; }
  },
  set(name, value) {
    try { localStorage.setItem(KEY + name, JSON.stringify(value)); } catch { /* storage off or full: the host forgets */ }
  },
};

/** An element; texts always go in as text, never as markup (titles and links come from the framed page). */
function h(tag, props, ...kids) {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(props || {})) {
    if (v === null || v === undefined || v === false) continue;
    if (k === 'testid') el.dataset.testid = v;
    else if (k.startsWith('on')) el.addEventListener(k.slice(2), v);
    else el.setAttribute(k, v === true ? '' : String(v));
  }
  for (const kid of kids.flat()) if (kid !== null && kid !== undefined && kid !== false) el.append(kid instanceof Node ? kid : String(kid));
  return el;
}
function svg(tag, attrs, ...kids) {
  const el = document.createElementNS('http://www.w3.org/2000/svg', tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
  el.append(...kids);
  return el;
}
function toast(text) {
  const t = h('div', { class: 'toast', role: 'status' }, text);
  phone.append(t);
  setTimeout(() => t.remove(), 1500);
}

const clock = $('clock');
const tick = () => { const d = new Date(); clock.textContent = d.getHours() + ':' + String(d.getMinutes()).padStart(2, '0'); };
tick();
setInterval(tick, 15000);

function openPanel(open) {
  panel.hidden = !open;
  $('panel-toggle').setAttribute('aria-expanded', String(open));
}
$('panel-toggle').addEventListener('click', () => openPanel(panel.hidden));
$('panel-close').addEventListener('click', () => openPanel(false));

let logged = 0;
/** One line per answered call: its name and ok, or error and the code. */
function log(call, code) {
  const list = $('log');
  const time = new Date().toTimeString().slice(0, 8);
  list.append(h('li', { testid: 'host-log-line', class: code ? 'error' : null }, time + ' ' + call.slice(0, 40) + ' ' + (code ? 'error ' + code : 'ok')));
  while (list.children.length > 200) list.firstElementChild.remove();
  $('log-count').textContent = String(++logged);
  list.scrollTop = list.scrollHeight;
}

const counts = { verified: 0, applied: 0, cancelled: 0 };
show('host-user', USER.uid + ' / ' + USER.nickname + (USER.phone ? ' / ' + USER.phone : ''));
const showBook = () => show('host-book-id', store.get('book_id', '') || '无');
showBook();

// The open sheet: a new one, the mask or a new page dismisses it with its own "no" answer.
let current = null;
function ask(build, dismissal) {
  return new Promise((resolve, reject) => {
    if (current) current.dismiss();
    const entry = { ended: false };
    const end = (ok, value) => {
      if (entry.ended) return;
      entry.ended = true;
      if (current === entry) { current = null; layer.classList.remove('open'); layer.replaceChildren(); }
      (ok ? resolve : reject)(value);
    };
    entry.dismiss = () => ('error' in dismissal ? end(false, dismissal.error) : end(true, dismissal.value));
    current = entry;
    layer.replaceChildren(build((v) => end(true, v), (e) => end(false, e)));
    layer.classList.add('open');
  });
}
layer.addEventListener('click', (e) => { if (e.target === layer && current) current.dismiss(); });
const sheet = (testid, ...kids) => h('div', { class: 'sheet', role: 'dialog', 'aria-modal': 'true', testid }, ...kids);

function showWebview(url, title) {
  $('webview-title').textContent = title || url;
  $('webview-url').textContent = url;
  $('webview').hidden = false;
  phone.classList.add('webview-open');
}
function closeWebview() {
  $('webview').hidden = true;
  phone.classList.remove('webview-open');
}
$('webview-close').addEventListener('click', closeWebview);

// The frame: CAB as the host opens it. A new page is a new webview: no signature held, the host's bar back.
let frame = $('frame');
let verified = null;
function setBar(applied, style) {
  phone.classList.toggle('applied', applied);
  phone.classList.remove('style-light', 'style-dark');
  if (applied) phone.classList.add('style-' + style);
}
function load(url) {
  verified = null;
  if (current) current.dismiss();
  closeWebview();
  setBar(false);
  if (!frame.getAttribute('src')) { frame.src = url; return; }
  const next = h('iframe', { class: 'frame', id: 'frame', testid: 'host-frame', title: 'CAB', src: url });
  frame.replaceWith(next);
  frame = next;
}
const frameHref = () => { try { return frame.contentWindow.location.href; } catch { return null; } };
const frameUrl = () => { const href = frameHref(); return href === null ? null : href.split('#')[0]; };
const frameDoc = () => { try { return frame.contentDocument; } catch { return null; } };
const isVerified = () => verified !== null && verified.doc === frameDoc() && verified.url === frameUrl();

function appUrl() {
  const u = new URL('/', location.href);
  u.searchParams.set('cab_host', HOST);
  u.hash = OPEN;
  return u.href;
}
/** A link opened as the host opens one: CAB's own with cab_host added before the hash, anything else in its webview. */
function openLink(raw) {
  if (!URL.canParse(raw, location.href)) { toast('链接无效'); return; }
  const u = new URL(raw, location.href);
  openPanel(false);
  if (u.origin !== ORIGIN) { showWebview(u.href, ''); return; }
  u.searchParams.set('cab_host', HOST);
  load(u.href);
}
$('reload').addEventListener('click', () => { openPanel(false); load(frameHref() || appUrl()); });
$('nav-back').addEventListener('click', () => { try { frame.contentWindow.history.back(); } catch { /* nothing to go back to */ } });

function renderShared() {
  const saved = store.get('shared', []);
  const items = (Array.isArray(saved) ? saved : []).filter((s) => s && typeof s.url === 'string');
  $('shared').replaceChildren(...items.map((s) => h('li', { testid: 'host-shared-item' },
    h('b', {}, String(s.title || '')),
    h('div', { class: 'url', testid: 'host-shared-url' }, s.url),
    h('button', { type: 'button', class: 'small', testid: 'host-shared-open', onclick: () => openLink(s.url) }, '打开'))));
  $('shared-empty').hidden = items.length > 0;
}
renderShared();

const fail = (code, message) => Object.assign(new Error(message || code), { hostCode: code });
const isText = (v, max) => typeof v === 'string' && v.length <= max;
const isHttp = (v) => typeof v === 'string' && /^https?:\/\//i.test(v) && URL.canParse(v);
const masked = (p) => (p.length === 11 ? p.slice(0, 3) + '****' + p.slice(7) : p);
const degrees = (n) => Number(n).toFixed(4);

/** A picture the policy lets the page show: data:, or a file of this origin (the framed page made it). */
function shareImage(src) {
  if (typeof src !== 'string' || !URL.canParse(src, location.href)) return null;
  const u = new URL(src, location.href);
  const ours = u.protocol === 'data:' ? /^data:image\//.test(src) : u.origin === ORIGIN && /^(https?|blob):$/.test(u.protocol);
  return ours ? h('img', { src: u.href, alt: '' }) : null;
}

function mapPicture() {
  return svg('svg', { class: 'map', viewBox: '0 0 360 180', 'aria-hidden': 'true' },
    svg('rect', { width: 360, height: 180, fill: '#e8efe4' }),
    svg('path', { d: 'M0 130 C90 110 150 150 240 120 S330 90 360 100', fill: 'none', stroke: '#a9cdeb', 'stroke-width': 14 }),
    svg('path', { d: 'M40 0 L110 180 M0 60 L360 40 M220 0 L260 180', fill: 'none', stroke: '#fff', 'stroke-width': 8 }),
    svg('path', { d: 'M180 48c-13 0-22 10-22 22 0 17 22 40 22 40s22-23 22-40c0-12-9-22-22-22zm0 30a8 8 0 1 1 0-16 8 8 0 0 1 0 16z', fill: '#f53f3f' }));
}

const askPhone = () => ask((done, refuse) => sheet('host-phone-sheet',
  h('h2', {}, '允许 CAB 获取你的手机号？'),
  h('p', { class: 'sub' }, PROFILE.name + ' 将把你的手机号 ' + masked(USER.phone) + ' 提供给 CAB'),
  h('button', { type: 'button', class: 'btn primary', testid: 'host-phone-allow', onclick: () => done({ phone: USER.phone }) }, '允许'),
  h('button', { type: 'button', class: 'btn', testid: 'host-phone-deny', onclick: () => refuse(fail('DENIED', '用户拒绝了')) }, '拒绝')),
{ error: fail('DENIED', '用户关闭了授权') });

function shared(a) {
  const saved = store.get('shared', []);
  store.set('shared', [{ title: a.title, url: a.url, at: Date.now() }, ...(Array.isArray(saved) ? saved : [])].slice(0, 30));
  renderShared();
}
const askShare = (a) => ask((done) => sheet('host-share-sheet',
  h('h2', {}, '分享给好友'),
  h('p', { class: 'sub' }, '通过 ' + PROFILE.name + ' 发送'),
  h('div', { class: 'card' }, shareImage(a.image), h('div', { class: 'txt' },
    h('b', { testid: 'host-share-title' }, a.title),
    h('p', { testid: 'host-share-text' }, a.text),
    h('div', { class: 'url', testid: 'host-share-link' }, a.url))),
  h('button', { type: 'button', class: 'btn primary', testid: 'host-share-send', onclick: () => {
    shared(a);
    done({ outcome: 'shared' });
    // Sent: the chat with the link opens, as the host would show it.
    openPanel(true);
    toast('已发送');
  } }, '发送给好友'),
  h('button', { type: 'button', class: 'btn', testid: 'host-share-cancel', onclick: () => done({ outcome: 'cancelled' }) }, '取消')),
{ value: { outcome: 'cancelled' } });

const askPlace = () => ask((done) => sheet('host-location-sheet',
  h('h2', {}, '选择位置'),
  h('p', { class: 'sub' }, PROFILE.name + ' 的位置选择'),
  h('ul', { class: 'places' }, ...PLACES.map((p) => h('li', {},
    h('button', { type: 'button', testid: 'host-location-item', onclick: () => done(Object.assign({}, p)) },
      h('b', {}, p.name), h('span', {}, p.address + '（' + degrees(p.latitude) + ', ' + degrees(p.longitude) + '）'))))),
  h('button', { type: 'button', class: 'btn', testid: 'host-location-cancel', onclick: () => done({ cancelled: true }) }, '取消')),
{ value: { cancelled: true } });

function showMap(p) {
  void ask((done) => sheet('host-map',
    h('h2', { testid: 'host-map-name' }, typeof p.name === 'string' && p.name ? p.name : '位置'),
    mapPicture(),
    h('p', { class: 'coords', testid: 'host-map-coords' }, degrees(p.latitude) + ', ' + degrees(p.longitude)),
    typeof p.address === 'string' && p.address ? h('p', { class: 'sub' }, p.address) : null,
    h('button', { type: 'button', class: 'btn', testid: 'host-map-close', onclick: () => done({}) }, '关闭')),
  { value: {} });
}

async function post(path, body) {
  const res = await fetch(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const json = await res.json().catch(() => ({}));
  return { ok: res.ok, json: json || {} };
}

const CALLS = {
  hello: () => PROFILE.hello,
  'signature.verify': async (a) => {
    // The SDK checks the signature is this host's, of the page it shows now, then asks CAB's key.
    const url = frameUrl();
    if (a.host !== HOST || a.url !== url) throw fail('SIGNATURE_INVALID', '签名不是这个宿主对当前页面的');
    const { ok, json } = await post('/dev/host/' + HOST + '/verify',
      { host: a.host, timestamp: a.timestamp, nonce_str: a.nonce_str, signature: a.signature, url: a.url });
    if (!ok) throw fail('SIGNATURE_INVALID', json.message);
    verified = { doc: frameDoc(), url };
    show('host-verified', ++counts.verified);
    return { verified: true };
  },
  'user.code': async () => {
    const body = { uid: USER.uid, nickname: USER.nickname };
    if (USER.phone) body.phone = USER.phone;
    const { ok, json } = await post('/dev/host/' + HOST + '/code', body);
    if (!ok || !json.data || typeof json.data.code !== 'string') throw fail('FAILED', json.message || '取不到登录码');
    return { code: json.data.code };
  },
  'user.info': () => ({ uid: USER.uid, nickname: USER.nickname }),
  'phone.info': () => {
    if (!USER.phone) throw fail('FAILED', '宿主不知道这个用户的手机号');
    return askPhone();
  },
  'book.info': () => { const id = store.get('book_id', ''); return typeof id === 'string' && id ? { book_id: id } : {}; },
  'book.remember': (a) => {
    if (typeof a.book_id !== 'string' || !/^[0-9]{1,19}$/.test(a.book_id)) throw fail('FAILED', 'book_id 不是账本编号');
    store.set('book_id', a.book_id);
    showBook();
    return {};
  },
  'share.open': (a) => {
    if (!isText(a.title, 200) || !isText(a.text, 2000) || !isHttp(a.url)) throw fail('FAILED', '分享的内容不完整');
    return askShare(a);
  },
  'location.choose': () => askPlace(),
  'location.open': (a) => {
    if (!Number.isFinite(a.latitude) || !Number.isFinite(a.longitude)) throw fail('FAILED', '地点没有坐标');
    showMap(a);
    return {};
  },
  'page.open': (a) => {
    if (!isHttp(a.url)) throw fail('FAILED', '只能打开 http(s) 网页');
    showWebview(a.url, typeof a.title === 'string' ? a.title : '');
    return {};
  },
  'topBar.apply': (a) => {
    if (a.style !== 'light' && a.style !== 'dark') throw fail('FAILED', 'style 只能是 light 或 dark');
    setBar(true, a.style);
    show('host-topbar-applied', ++counts.applied);
    show('host-topbar-style', a.style);
    return PROFILE.bar;
  },
  'topBar.cancel': () => {
    setBar(false);
    show('host-topbar-cancelled', ++counts.cancelled);
    return {};
  },
};

// Only the framed page of this origin is answered, and only to it.
window.addEventListener('message', (e) => {
  if (e.source !== frame.contentWindow || e.origin !== ORIGIN) return;
  const msg = e.data;
  if (!msg || typeof msg !== 'object' || msg.cab_bridge !== 1 || !Number.isInteger(msg.id) || typeof msg.call !== 'string') return;
  const source = e.source;
  const call = msg.call;
  const answer = (body) => source.postMessage(Object.assign({ cab_bridge: 1, id: msg.id }, body), ORIGIN);
  Promise.resolve()
    .then(() => {
      if (!Object.hasOwn(CALLS, call)) throw fail('UNKNOWN_CALL', '没有这个调用：' + call.slice(0, 40));
      if (!UNSIGNED.includes(call) && !isVerified()) throw fail('SIGNATURE_REQUIRED', '请先验证签名');
      return CALLS[call](msg.args && typeof msg.args === 'object' ? msg.args : {});
    })
    .then(
      (data) => { log(call); answer({ ok: true, data }); },
      (err) => {
        const code = (err && err.hostCode) || 'FAILED';
        log(call, code);
        answer({ ok: false, error: { code, message: err && err.message ? String(err.message) : code } });
      });
});

load(appUrl());
})();
`;
