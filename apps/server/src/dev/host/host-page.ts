import { inlineHashes } from '../../http/security-headers.ts';
import type { HostName } from '../../modules/auth/host-code.ts';

/** Where the test host's script is served: a file of its own, so the page's policy allows no inline script. */
export const HOST_SCRIPT_PATH = '/dev/host/host.js';

/** What differs between the two partners' apps, as far as their chrome goes (the script holds their bridge answers). */
const CHROME: Record<HostName, { title: string; name: string }> = {
  a: { title: 'A 生活', name: '测试宿主 A' },
  b: { title: 'B 钱包', name: '测试宿主 B' },
};

/*
 * A's chrome is an Android app's in its brand blue (a 44 px status bar, a 44 px bar);
 * B's an iOS app's in white (a 20 px status bar, a 48 px bar with a grey line). The frame
 * starts below both bars; once the page applies its own bar it takes the whole screen
 * under the status bar, which then only draws its text (the page fills the strip).
 */
const STYLE = `
*{box-sizing:border-box}
[hidden]{display:none!important}
html,body{margin:0;height:100%;overflow:hidden}
body{font-family:-apple-system,system-ui,"PingFang SC","Noto Sans CJK SC","Microsoft YaHei",sans-serif;background:#e5e6eb;color:#1f1f1f}
button{font:inherit;cursor:pointer}
.host-a{--status-h:44px;--nav-h:44px;--brand:#1652f0;--status-bg:#1652f0;--status-fg:#fff;--nav-bg:#1652f0;--nav-fg:#fff;--nav-line:transparent;--radius:8px}
.host-b{--status-h:20px;--nav-h:48px;--brand:#ff6a00;--status-bg:#fff;--status-fg:#1f1f1f;--nav-bg:#fff;--nav-fg:#1f1f1f;--nav-line:#e5e6eb;--radius:14px}
.phone{position:relative;width:100vw;height:100vh;overflow:hidden;background:#fff}
@media (min-width:520px) and (min-height:900px){body{display:flex;align-items:center;justify-content:center}.phone{width:390px;height:844px;border-radius:28px;box-shadow:0 12px 40px rgba(0,0,0,.25)}}
.status{position:absolute;inset:0 0 auto;height:var(--status-h);z-index:30;display:flex;align-items:center;justify-content:space-between;gap:8px;padding:0 14px;background:var(--status-bg);color:var(--status-fg);font-weight:600;font-size:15px}
.host-b .status{font-size:12px;padding:0 10px}
.status .icons{display:flex;align-items:center;gap:5px}
.status svg{display:block}
.panel-toggle{height:24px;padding:0 10px;border-radius:12px;border:1px solid currentColor;background:transparent;color:inherit;font-size:11px;font-weight:500;opacity:.85}
.host-b .panel-toggle{height:16px;padding:0 8px;border-radius:8px;font-size:10px;line-height:14px}
.applied .status{background:transparent}
.applied.style-light .status{color:#1f1f1f}
.applied.style-dark .status{color:#fff}
.nav{position:absolute;top:var(--status-h);inset-inline:0;height:var(--nav-h);z-index:20;display:flex;align-items:center;gap:4px;padding:0 4px;background:var(--nav-bg);color:var(--nav-fg);border-bottom:1px solid var(--nav-line)}
.nav button{width:40px;height:40px;border:0;background:transparent;color:inherit;display:flex;align-items:center;justify-content:center}
.nav-title{flex:1;font-size:17px;font-weight:600;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
.host-b .nav-title{text-align:center}
.applied .host-nav{display:none}
.phone.webview-open .status{background:var(--status-bg);color:var(--status-fg)}
.frame{position:absolute;left:0;top:calc(var(--status-h) + var(--nav-h));width:100%;height:calc(100% - var(--status-h) - var(--nav-h));border:0;display:block;background:#f5f6f8}
.applied .frame{top:0;height:100%}
.layer{position:absolute;inset:0;z-index:40;display:none;align-items:flex-end;background:rgba(0,0,0,.45)}
.layer.open{display:flex}
.sheet{width:100%;max-height:80%;overflow:auto;background:#fff;border-radius:var(--radius) var(--radius) 0 0;padding:18px 16px 20px}
.host-b .sheet{background:#f7f7f8}
.sheet h2{margin:0 0 6px;font-size:17px;text-align:center}
.sheet .sub{margin:0 0 14px;font-size:13px;color:#86909c;text-align:center}
.card{background:#fff;border:1px solid #e5e6eb;border-radius:var(--radius);padding:12px;margin-bottom:14px;display:flex;gap:10px}
.card .txt{min-width:0;flex:1}
.card b{display:block;font-size:15px;margin-bottom:4px}
.card p{margin:0 0 6px;font-size:13px;color:#4e5969}
.card img{width:64px;height:64px;object-fit:cover;border-radius:6px;flex:none}
.url{font-size:12px;color:#86909c;word-break:break-all}
.btn{display:block;width:100%;padding:12px;border-radius:var(--radius);border:0;font-size:16px;margin-top:10px;background:#fff;color:#1f1f1f;border:1px solid #e5e6eb}
.btn.primary{background:var(--brand);border-color:var(--brand);color:#fff}
.places{list-style:none;margin:0 0 4px;padding:0;background:#fff;border-radius:var(--radius);border:1px solid #e5e6eb}
.places li+li{border-top:1px solid #f0f0f0}
.places button{width:100%;text-align:left;border:0;background:transparent;padding:12px 14px}
.places b{display:block;font-size:15px}
.places span{font-size:12px;color:#86909c}
.map{display:block;width:100%;height:180px;border-radius:var(--radius);margin-bottom:10px;background:#e8efe4}
.coords{font-size:13px;color:#4e5969;text-align:center;margin:0}
.webview{position:absolute;inset:var(--status-h) 0 0;z-index:25;background:#fff;display:flex;flex-direction:column}
.webview .nav{position:static;flex:none}
.webview .body{flex:1;padding:24px 20px;font-size:14px;color:#4e5969}
.panel{position:absolute;inset:auto 0 0;max-height:72%;overflow:auto;z-index:50;background:#fff;border-radius:12px 12px 0 0;box-shadow:0 -6px 24px rgba(0,0,0,.2);padding:12px 14px 18px;font-size:13px}
.panel-head{display:flex;align-items:center;justify-content:space-between;margin-bottom:8px}
.panel-head button,.panel .small{border:1px solid #c9cdd4;background:#fff;border-radius:6px;padding:3px 10px;font-size:12px}
.counters{display:grid;grid-template-columns:auto 1fr;gap:3px 12px;align-items:baseline;margin:0 0 10px}
.counters dt{color:#86909c}
.counters dd{margin:0;word-break:break-all}
.panel h3{font-size:13px;margin:10px 0 6px}
.shared{list-style:none;margin:0;padding:0}
.shared li{border:1px solid #e5e6eb;border-radius:8px;padding:8px;margin-bottom:6px}
.shared li b{display:block}
.shared .small{margin-top:6px}
.log ol{margin:6px 0 0;padding-left:20px;font-family:ui-monospace,Menlo,Consolas,monospace;font-size:12px;max-height:180px;overflow:auto}
.log .error{color:#f53f3f}
.toast{position:absolute;left:50%;top:45%;transform:translateX(-50%);z-index:60;background:rgba(0,0,0,.75);color:#fff;padding:10px 16px;border-radius:8px;font-size:14px;pointer-events:none}
`;

const SIGNAL = `<svg width="17" height="11" viewBox="0 0 17 11" aria-hidden="true"><g fill="currentColor"><rect x="0" y="7" width="3" height="4" rx="1"/><rect x="4.5" y="5" width="3" height="6" rx="1"/><rect x="9" y="2.5" width="3" height="8.5" rx="1"/><rect x="13.5" y="0" width="3" height="11" rx="1"/></g></svg>`;
const WIFI = `<svg width="15" height="11" viewBox="0 0 15 11" aria-hidden="true"><path fill="currentColor" d="M7.5 2.2c2.1 0 4 .8 5.5 2.1l1.1-1.2A9.6 9.6 0 0 0 7.5.5 9.6 9.6 0 0 0 .9 3.1L2 4.3a8 8 0 0 1 5.5-2.1zm0 3.3c1.2 0 2.3.4 3.2 1.2l1.1-1.2a6.4 6.4 0 0 0-8.6 0l1.1 1.2c.9-.8 2-1.2 3.2-1.2zm0 3.2c-.4 0-.8.2-1.1.4L7.5 10.5l1.1-1.4c-.3-.2-.7-.4-1.1-.4z"/></svg>`;
const BATTERY = `<svg width="25" height="12" viewBox="0 0 25 12" aria-hidden="true"><rect x=".5" y=".5" width="21" height="11" rx="3" fill="none" stroke="currentColor" opacity=".5"/><rect x="2" y="2" width="16" height="8" rx="1.5" fill="currentColor"/><rect x="22.5" y="4" width="2" height="4" rx="1" fill="currentColor" opacity=".5"/></svg>`;
const BACK = `<svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true"><path fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" d="M15 5l-7 7 7 7"/></svg>`;
const MORE = `<svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true"><g fill="currentColor"><circle cx="5" cy="12" r="2"/><circle cx="12" cy="12" r="2"/><circle cx="19" cy="12" r="2"/></g></svg>`;

/** A counter or value in the test panel, which journeys read by its testid. */
const counter = (label: string, testid: string, value: string) => `<dt>${label}</dt><dd data-testid="${testid}">${value}</dd>`;

/**
 * The test host's page for partner `host`: its status bar, its own bar, the frame the
 * CAB app runs in, and the test panel (counters, shared links, the call log). Everything
 * that moves is the script's (host-script.ts); nothing here comes from the request.
 */
export function hostPage(host: HostName): string {
  const c = CHROME[host];
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1,viewport-fit=cover"><link rel="icon" href="data:,">
<title>${c.name}：${c.title}</title><style>${STYLE}</style><script src="${HOST_SCRIPT_PATH}" defer></script></head>
<body class="host-${host}" data-host="${host}"><div class="phone" id="phone" data-testid="host-phone">
<header class="status" data-testid="host-status-bar"><span class="clock" id="clock">9:41</span>
<button type="button" class="panel-toggle" id="panel-toggle" data-testid="host-panel-toggle" aria-expanded="false">测试面板</button>
<span class="icons">${SIGNAL}${WIFI}${BATTERY}</span></header>
<nav class="nav host-nav" id="nav" data-testid="host-nav"><button type="button" id="nav-back" aria-label="返回">${BACK}</button>
<span class="nav-title" data-testid="host-nav-title">${c.title}</span><button type="button" aria-label="更多">${MORE}</button></nav>
<iframe class="frame" id="frame" data-testid="host-frame" title="CAB"></iframe>
<div class="layer" id="layer" data-testid="host-sheet-layer"></div>
<section class="webview" id="webview" data-testid="host-webview" hidden><nav class="nav"><button type="button" id="webview-close" data-testid="host-webview-close" aria-label="关闭">${BACK}</button>
<span class="nav-title" id="webview-title" data-testid="host-webview-title"></span><button type="button" aria-label="更多">${MORE}</button></nav>
<div class="body"><p>${c.title} 的网页容器打开了：</p><p class="url" id="webview-url" data-testid="host-webview-url"></p>
<p>测试宿主不加载外部网页，只显示地址。</p></div></section>
<aside class="panel" id="panel" data-testid="host-panel" hidden>
<div class="panel-head"><b>${c.name}（${c.title}）</b><button type="button" id="panel-close" data-testid="host-panel-close">收起</button></div>
<dl class="counters">${counter('宿主用户', 'host-user', '')}${counter('签名验证', 'host-verified', '0')}${counter('顶栏 apply', 'host-topbar-applied', '0')}${counter('顶栏 cancel', 'host-topbar-cancelled', '0')}${counter('顶栏样式', 'host-topbar-style', '无')}${counter('记住的账本', 'host-book-id', '无')}</dl>
<button type="button" class="small" id="reload" data-testid="host-reload">重新打开 CAB</button>
<h3>已分享的链接</h3><ol class="shared" id="shared" data-testid="host-shared"></ol>
<p id="shared-empty" class="url">还没有分享过</p>
<details class="log" data-testid="host-log"><summary>调用记录（<span id="log-count">0</span>）</summary><ol id="log"></ol></details>
</aside></div></body></html>`;
}

/**
 * The page's policy: its one script file, its inline style by hash, CAB framed from this
 * server, calls to this server (the dev endpoints), images of its own (a shared card's
 * picture, made by the framed page); nothing else, and nobody frames the test host.
 */
export function hostPagePolicy(html: string): string {
  const { styles } = inlineHashes(html);
  return [
    "default-src 'none'",
    "script-src 'self'",
    ['style-src', ...styles].join(' '),
    "img-src 'self' data: blob:",
    "connect-src 'self'",
    "frame-src 'self'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}
